import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { BANNER_MESSAGES, bannerAdCreateBody, EMAIL_MESSAGES } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { ImageUploader } from '@/components/image-uploader/ImageUploader';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useCreateBannerAd } from '../api/create-banner-ad';
import { adPath, type BannerArea } from '../model/banner-areas';
import { BackLink } from '@/components/BackLink';

type Field = 'brand_name' | 'brand_email' | 'brand_url' | 'images';
type Values = Record<Exclude<Field, 'images'>, string>;
const FIELDS: readonly Field[] = ['brand_name', 'brand_email', 'brand_url', 'images'];

export const NEW_AD_MESSAGES = {
  nameRequired: 'The brand name field is required.',
  emailRequired: 'The brand email field is required.',
  emailInvalid: EMAIL_MESSAGES.invalid,
  urlRequired: BANNER_MESSAGES.urlRequired,
  imagesRequired: BANNER_MESSAGES.imagesRequired,
  sent: 'Banner Ad Request Sent',
} as const;

/** What a banner is, where it shows and when it is paid for: said before anything is asked. */
export const NEW_AD_TEXTS = {
  what: 'A banner is your image with a link to your website, shown across the top of a page.',
  where:
    'It shows to signed-in people without an ad-free plan, on the pages they browse: the home page, their folders and their notifications.',
  price:
    'Sending a request costs nothing. An administrator reviews it; once it is approved you choose a package (its price and how long the ad runs), pay, and the ad goes live. You are told either way by notification and e-mail.',
  images: 'Up to 3 images. Wide images suit a banner best: each is shown whole, never cropped.',
} as const;

/**
 * docs/product.md §13.6 banner request: the call's body, with the form's own word for a missing e-mail and at
 * least one image required (the body leaves the count to the server); the URL pattern, else nothing sent.
 */
const bannerAdForm = bannerAdCreateBody.extend({
  brand_email: z
    .string()
    .trim()
    .min(1, { error: NEW_AD_MESSAGES.emailRequired, abort: true })
    .pipe(bannerAdCreateBody.shape.brand_email),
  images: z.array(z.custom<File>()).min(1, NEW_AD_MESSAGES.imagesRequired),
});

/** The first thing the form refuses in each field (nothing: the request may be sent). */
export function checkBannerAd(values: Values, images: File[]): Partial<Record<Field, string>> {
  const result = bannerAdForm.safeParse({ ...values, images });
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * banner-ads/new (docs/product.md §13.4, §13.6): brand name, brand e-mail, brand URL and up to 3 images, all
 * required. A URL off the contract's pattern reads 'URL is Incorrect!' and nothing is sent; the server's
 * field errors show under their fields, anything else as 'Unkown Error Accured!' (docs/product.md §13.5). A sent
 * request opens its own page (docs/product.md §8.4).
 */
export function NewBannerAdPage({ area }: { area: BannerArea }) {
  useTitle('New Banner Ad Request');
  const navigate = useNavigate();
  const dialog = useDialog();
  const create = useCreateBannerAd(area);
  const { field, errorOf, handleSubmit, setError, watch, setValue, formState } = useBodyForm<
    Values & { images: File[] }
  >({
    schema: bannerAdForm,
    defaultValues: { brand_name: '', brand_email: '', brand_url: '', images: [] },
    focusFirstError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit((values) => {
    if (create.isPending) return;
    setFormError(null);
    create.mutate(
      {
        brand_name: values.brand_name.trim(),
        brand_email: values.brand_email.trim(),
        brand_url: values.brand_url.trim(),
        images: values.images,
      },
      {
        onSuccess: async ({ data }) => {
          await dialog({
            variant: 'success',
            title: NEW_AD_MESSAGES.sent,
            text: 'You will be notified once it has been reviewed.',
          });
          void navigate(adPath(area, data.id), { replace: true });
        },
        onError: (error) => {
          const byField = fieldErrors(error);
          const known = FIELDS.filter((name) => byField[name]);
          // A refusal about the fields is shown at the fields (until the field changes); anything else under the form.
          for (const name of known) setError(name, { type: 'server', message: byField[name] });
          setFormError(known.length > 0 ? null : errorMessage(error));
        },
      },
    );
  });

  return (
    <div className="container py-5">
      <div className="page-narrow-lg">
        <BackLink to={area.base}>Banner Ads Logs</BackLink>
        <h1 className="h2 mb-3">New Banner Ad Request</h1>
        <section aria-label="About banner ads" className="mb-4">
          <p className="mb-2">{NEW_AD_TEXTS.what}</p>
          <p className="mb-2">{NEW_AD_TEXTS.where}</p>
          <p className="mb-0 text-body-secondary">{NEW_AD_TEXTS.price}</p>
        </section>
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={BANNER_MESSAGES.newRequest}>
          <TextField
            id="brand_name"
            label="Brand Name"
            markRequired
            maxLength={200}
            autoComplete="organization"
            {...field('brand_name')}
          />
          <TextField
            id="brand_email"
            label="Brand Email"
            type="email"
            markRequired
            maxLength={254}
            autoComplete="email"
            {...field('brand_email')}
          />
          <TextField
            id="brand_url"
            label="Brand URL"
            type="text"
            inputMode="url"
            markRequired
            placeholder="www.example.com"
            maxLength={2000}
            {...field('brand_url')}
          />
          <ImageUploader
            id="images"
            label="Images"
            keepShape
            hint={NEW_AD_TEXTS.images}
            required
            files={watch('images')}
            // Checked again once sent, so the missing-image error goes with the first image.
            onChange={(files) => setValue('images', files, { shouldValidate: formState.isSubmitted })}
            error={errorOf('images')}
          />
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send Request'}
          </button>
          <FormError message={formError} />
        </form>
      </div>
    </div>
  );
}
