import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { adminProfileUpdateBody, profileUpdateBody, type Account, type AccountType } from '@pw/contracts';
import type { TCountryCode } from 'countries-list';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { SubmitRow } from '@/components/form/SubmitRow';
import Button from 'react-bootstrap/Button';
import { TextField } from '@/components/form/TextField';
import { mapLinkFor } from '@/lib/map-link';
import { useBodyForm } from '@/components/form/use-body-form';
import { ImageUploader } from '@/components/image-uploader/ImageUploader';
import { Loading } from '@/components/Loading';
import { countryForDialingCode, dialingCodeOf } from '@/components/phone/countries';
import { PhoneInput } from '@/components/phone/PhoneInput';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_PATHS } from '../model/paths';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

type Values = {
  home_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  map_link: string;
};

const REQUIRED_MESSAGE = 'This field is required.';

/**
 * What the form checks before sending (docs/product.md §13.6): first_name, last_name and phone filled, said in the
 * form's own words; once filled, the contract's own rule for that field. The other fields are left to
 * the server, whose words show at them.
 */
const filledThen = (field: z.ZodType<unknown, string>) =>
  z.string().trim().min(1, REQUIRED_MESSAGE).pipe(field);
const profileFormSchema = (body: typeof profileUpdateBody | typeof adminProfileUpdateBody) =>
  z.object({
    first_name: filledThen(body.shape.first_name),
    last_name: filledThen(body.shape.last_name),
    phone: filledThen(body.shape.phone),
  });

/**
 * /user/profile/edit, /funeral/profile/edit, /admin/profile/edit (docs/product.md §13.6). Required:
 * first_name, last_name, phone, and for users and funeral homes address and map_link (red asterisks);
 * nothing is sent until first_name, last_name and phone are filled. The admin's phone has a country picker
 * and sends dialing_code. After saving, the stored session record is refreshed (header name and photo).
 */
export function EditProfilePage({ role }: { role: AccountType }) {
  useTitle('Edit Profile');
  const query = useProfile(role);
  return (
    <div className={role === 'admin' ? '' : 'container py-5'}>
      <div className="page-narrow-lg">
        <h1 className="h2 mb-4">Edit Profile</h1>
        {query.isPending && <Loading />}
        {query.isError && <FormError message={errorMessage(query.error, FETCH_FAILED_MESSAGE)} />}
        {query.data && <EditProfileForm role={role} account={query.data} />}
      </div>
    </div>
  );
}

function EditProfileForm({ role, account }: { role: AccountType; account: Account }) {
  const isAdmin = role === 'admin';
  const paths = PROFILE_PATHS[role];
  const navigate = useNavigate();
  const dialog = useDialog();
  const mutation = useUpdateProfile(role);
  const failure = mutation.isError ? mutation.error : null;
  const { control, field, errorOf, handleSubmit, summary, setValue, watch } = useBodyForm<Values>({
    schema: profileFormSchema(isAdmin ? adminProfileUpdateBody : profileUpdateBody),
    defaultValues: {
      home_name: account.home_name ?? '',
      first_name: account.first_name ?? '',
      last_name: account.last_name ?? '',
      phone: isAdmin ? (account.phone ?? '').replace(/\D/g, '') : (account.phone ?? ''),
      address: account.address ?? '',
      map_link: account.map_link ?? '',
    },
    failure,
    focusFirstError: false,
  });
  const [country, setCountry] = useState<TCountryCode>(countryForDialingCode(account.dialing_code));
  const [photo, setPhoto] = useState<File[]>([]);

  const submit = handleSubmit((values) => {
    const shared = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: values.phone.trim(),
    };
    // The photo only when a new image was chosen (toFormData leaves an absent one out).
    const photoFile = photo[0];
    const input = isAdmin
      ? { ...shared, dialing_code: dialingCodeOf(country), photo: photoFile }
      : {
          ...shared,
          address: values.address.trim(),
          map_link: values.map_link.trim(),
          ...(role === 'funeral-home' ? { home_name: values.home_name.trim() } : {}),
          photo: photoFile,
        };

    mutation.mutate(input, {
      onSuccess: async (response) => {
        await dialog({
          variant: 'success',
          title: 'Profile Updated',
          text: response.message || ACCOUNT_MESSAGES.profileUpdated,
        });
        navigate(paths.details);
      },
    });
  });

  return (
    <div className="card">
      <div className="card-body p-4">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <ImageUploader
            id="photo"
            label="Photo"
            files={photo}
            onChange={setPhoto}
            maxFiles={1}
            currentUrl={account.photo_path}
            error={errorOf('photo')}
          />
          {role === 'funeral-home' && (
            <TextField id="home_name" label="Funeral Home Name" {...field('home_name')} />
          )}
          <div className="row g-3 mb-3">
            <div className="col-sm-6">
              <TextField
                id="first_name"
                label="First Name"
                autoComplete="given-name"
                markRequired
                {...field('first_name')}
                className=""
              />
            </div>
            <div className="col-sm-6">
              <TextField
                id="last_name"
                label="Last Name"
                autoComplete="family-name"
                markRequired
                {...field('last_name')}
                className=""
              />
            </div>
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor="profile-email">
              Email
            </label>
            <input id="profile-email" className="form-control" value={account.email} readOnly disabled />
          </div>
          {isAdmin ? (
            <Controller
              control={control}
              name="phone"
              render={({ field: phone }) => (
                <PhoneInput
                  id="phone"
                  label="Phone"
                  required
                  country={country}
                  phone={phone.value}
                  onCountryChange={setCountry}
                  onPhoneChange={phone.onChange}
                  error={errorOf('phone') ?? errorOf('dialing_code')}
                />
              )}
            />
          ) : (
            <>
              <TextField
                id="phone"
                label="Phone"
                type="tel"
                autoComplete="tel"
                markRequired
                {...field('phone')}
              />
              <TextField
                id="address"
                label="Address"
                autoComplete="street-address"
                markRequired
                {...field('address')}
              />
              <TextField
                id="map_link"
                label="Map Link"
                type="url"
                markRequired
                hint="The web address of your location on a map, starting with https:// or http://."
                {...field('map_link')}
              />
              <div className="mb-3 mt-n2">
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={!watch('address').trim()}
                  onClick={() =>
                    setValue('map_link', mapLinkFor(watch('address')), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                >
                  Use a map link for my address
                </Button>
                <p className="form-text mb-0">
                  Fills Map Link with a Google Maps search for the address above.
                </p>
              </div>
            </>
          )}
          <SubmitRow
            label="Update"
            pendingLabel="Saving…"
            pending={mutation.isPending}
            cancelTo={paths.details}
            message={summary}
          />
        </form>
      </div>
    </div>
  );
}

export const UserEditProfilePage = () => <EditProfilePage role="user" />;
export const FuneralEditProfilePage = () => <EditProfilePage role="funeral-home" />;
export const AdminEditProfilePage = () => <EditProfilePage role="admin" />;
