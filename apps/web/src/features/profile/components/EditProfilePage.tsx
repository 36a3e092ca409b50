import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Account, AccountType } from '@pw/contracts';
import type { TCountryCode } from 'countries-list';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { ImageUploader } from '@/components/image-uploader/ImageUploader';
import { Loading } from '@/components/Loading';
import { countryForDialingCode, dialingCodeOf } from '@/components/phone/countries';
import { PhoneInput } from '@/components/phone/PhoneInput';
import { errorMessage, FETCH_FAILED_MESSAGE, fieldErrors } from '@/lib/api';
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
  const [values, setValues] = useState<Values>({
    home_name: account.home_name ?? '',
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
    phone: isAdmin ? (account.phone ?? '').replace(/\D/g, '') : (account.phone ?? ''),
    address: account.address ?? '',
    map_link: account.map_link ?? '',
  });
  const [country, setCountry] = useState<TCountryCode>(countryForDialingCode(account.dialing_code));
  const [photo, setPhoto] = useState<File[]>([]);
  const [missing, setMissing] = useState<Partial<Record<keyof Values, string>>>({});

  const serverErrors = fieldErrors(mutation.error);
  const errorOf = (field: keyof Values) => missing[field] ?? serverErrors[field];
  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setMissing((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty: Partial<Record<keyof Values, string>> = {};
    for (const field of ['first_name', 'last_name', 'phone'] as const) {
      if (!values[field].trim()) empty[field] = REQUIRED_MESSAGE;
    }
    setMissing(empty);
    if (Object.keys(empty).length > 0) return;

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
  };

  return (
    <div className="card">
      <div className="card-body p-4">
        <form onSubmit={submit} noValidate>
          <ImageUploader
            id="photo"
            label="Photo"
            files={photo}
            onChange={setPhoto}
            maxFiles={1}
            currentUrl={account.photo_path}
            error={serverErrors.photo}
          />
          {role === 'funeral-home' && (
            <TextField
              id="home_name"
              label="Funeral Home Name"
              value={values.home_name}
              onChange={set('home_name')}
              error={errorOf('home_name')}
            />
          )}
          <div className="row g-3 mb-3">
            <div className="col-sm-6">
              <TextField
                id="first_name"
                label="First Name"
                autoComplete="given-name"
                markRequired
                value={values.first_name}
                onChange={set('first_name')}
                error={errorOf('first_name')}
                className=""
              />
            </div>
            <div className="col-sm-6">
              <TextField
                id="last_name"
                label="Last Name"
                autoComplete="family-name"
                markRequired
                value={values.last_name}
                onChange={set('last_name')}
                error={errorOf('last_name')}
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
            <PhoneInput
              id="phone"
              label="Phone"
              required
              country={country}
              phone={values.phone}
              onCountryChange={setCountry}
              onPhoneChange={(digits) => set('phone')({ target: { value: digits } })}
              error={errorOf('phone') ?? serverErrors.dialing_code}
            />
          ) : (
            <>
              <TextField
                id="phone"
                label="Phone"
                type="tel"
                autoComplete="tel"
                markRequired
                value={values.phone}
                onChange={set('phone')}
                error={errorOf('phone')}
              />
              <TextField
                id="address"
                label="Address"
                autoComplete="street-address"
                markRequired
                value={values.address}
                onChange={set('address')}
                error={errorOf('address')}
              />
              <TextField
                id="map_link"
                label="Map Link"
                type="url"
                markRequired
                hint="The web address of your location on a map, starting with https:// or http://."
                value={values.map_link}
                onChange={set('map_link')}
                error={errorOf('map_link')}
              />
            </>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : 'Update'}
            </button>
            <Link to={paths.details} className="btn btn-outline-secondary">
              Cancel
            </Link>
          </div>
          <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
        </form>
      </div>
    </div>
  );
}

export const UserEditProfilePage = () => <EditProfilePage role="user" />;
export const FuneralEditProfilePage = () => <EditProfilePage role="funeral-home" />;
export const AdminEditProfilePage = () => <EditProfilePage role="admin" />;
