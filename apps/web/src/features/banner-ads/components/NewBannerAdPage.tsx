import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BANNER_MESSAGES, BRAND_URL_PATTERN, EMAIL_PATTERN, EMAIL_MESSAGES } from '@pw/contracts';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { Icon } from '@/components/Icon';
import { ImageUploader } from '@/components/image-uploader/ImageUploader';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useCreateBannerAd } from '../api/create-banner-ad';
import { adPath, type BannerArea } from '../model/banner-areas';

type Field = 'brand_name' | 'brand_email' | 'brand_url' | 'images';
type Values = Record<Exclude<Field, 'images'>, string>;

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

/** docs/product.md §13.6 banner request: name, e-mail, URL and an image required; the URL pattern, else nothing sent. */
export function checkBannerAd(values: Values, images: File[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.brand_name.trim()) errors.brand_name = NEW_AD_MESSAGES.nameRequired;
  const email = values.brand_email.trim();
  if (!email) errors.brand_email = NEW_AD_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.brand_email = NEW_AD_MESSAGES.emailInvalid;
  const url = values.brand_url.trim();
  if (!url) errors.brand_url = NEW_AD_MESSAGES.urlRequired;
  else if (!BRAND_URL_PATTERN.test(url)) errors.brand_url = BANNER_MESSAGES.urlIncorrect;
  if (images.length === 0) errors.images = NEW_AD_MESSAGES.imagesRequired;
  return errors;
}

/**
 * banner-ads/new (docs/product.md §13.4, §13.6): brand name, brand e-mail, brand URL and up to 3 images, all
 * required. A URL off the contract's pattern reads 'URL is Incorrect!' and nothing is sent; the server's
 * field errors show under their fields, anything else as 'Unkown Error Accured!' (docs/product.md §13.5). A sent
 * request opens its own page (decision 0222).
 */
export function NewBannerAdPage({ area }: { area: BannerArea }) {
  useTitle('New Banner Ad Request');
  const navigate = useNavigate();
  const dialog = useDialog();
  const create = useCreateBannerAd(area);
  const [values, setValues] = useState<Values>({ brand_name: '', brand_email: '', brand_url: '' });
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = checkBannerAd(values, images);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        brand_name: values.brand_name.trim(),
        brand_email: values.brand_email.trim(),
        brand_url: values.brand_url.trim(),
        images,
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
          const known = (['brand_name', 'brand_email', 'brand_url', 'images'] as const).filter(
            (field) => byField[field],
          );
          setErrors(Object.fromEntries(known.map((field) => [field, byField[field]])));
          // A refusal about the fields is shown at the fields; anything else under the form.
          setFormError(known.length > 0 ? null : errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="container py-5">
      <div className="page-narrow-lg">
        <Link to={area.base} className="btn btn-link px-0 mb-2">
          <Icon svg={arrowLeftIcon} className="me-1" />
          Banner Ads Logs
        </Link>
        <h1 className="h2 mb-3">New Banner Ad Request</h1>
        <section aria-label="About banner ads" className="mb-4">
          <p className="mb-2">{NEW_AD_TEXTS.what}</p>
          <p className="mb-2">{NEW_AD_TEXTS.where}</p>
          <p className="mb-0 text-body-secondary">{NEW_AD_TEXTS.price}</p>
        </section>
        <form noValidate onSubmit={submit} aria-label={BANNER_MESSAGES.newRequest}>
          <TextField
            id="brand_name"
            label="Brand Name"
            markRequired
            value={values.brand_name}
            onChange={set('brand_name')}
            maxLength={200}
            autoComplete="organization"
            error={errors.brand_name}
          />
          <TextField
            id="brand_email"
            label="Brand Email"
            type="email"
            markRequired
            value={values.brand_email}
            onChange={set('brand_email')}
            maxLength={254}
            autoComplete="email"
            error={errors.brand_email}
          />
          <TextField
            id="brand_url"
            label="Brand URL"
            type="text"
            inputMode="url"
            markRequired
            placeholder="www.example.com"
            value={values.brand_url}
            onChange={set('brand_url')}
            maxLength={2000}
            error={errors.brand_url}
          />
          <ImageUploader
            id="images"
            label="Images"
            keepShape
            hint={NEW_AD_TEXTS.images}
            required
            files={images}
            onChange={(files) => {
              setImages(files);
              setErrors((current) => ({ ...current, images: undefined }));
            }}
            error={errors.images}
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
