import { useEffect, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { FormError } from '@/components/form/FormError';
import { useFocusOnFailure } from '@/components/form/form-errors';
import { PasswordField } from '@/components/form/PasswordField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { ImageUploader } from '@/components/image-uploader/ImageUploader';
import { afterLoginPath } from '@/lib/routing';
import { session } from '@/lib/session';
import { useTitle } from '@/lib/use-title';
import type { Account, accountRoutes, RouteResponse } from '@pw/contracts';
import { login } from '../api/login';
import { useSignupFuneralHome } from '../api/signup-funeral-home';
import { useSignupUser } from '../api/signup-user';

type Kind = 'user' | 'funeral-home';

/** The fields the form shows, whose errors show at the field; any other error shows above the form. */
const SIGNUP_FIELDS = [
  'home_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'address',
  'map_link',
  'password',
  'password_confirmation',
  'photo',
] as const;

/** The typed fields (the photo is the uploader's), every one sent as typed, empty ones too. */
type SignupValues = Record<Exclude<(typeof SIGNUP_FIELDS)[number], 'photo'>, string>;
const EMPTY: SignupValues = {
  home_name: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  date_of_birth: '',
  address: '',
  map_link: '',
  password: '',
  password_confirmation: '',
};

/** The latest date of birth that is 18 or older today (guides the date picker; the server decides). */
function adultBirthdayLimit(today = new Date()): string {
  const limit = new Date(today.getFullYear() - 18, today.getMonth(), today.getDate());
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${limit.getFullYear()}-${pad(limit.getMonth() + 1)}-${pad(limit.getDate())}`;
}

/**
 * /user/signup and /funeral/signup (docs/product.md §13.3, §13.4). Sign-up has no client-side checks (docs/product.md §13.6):
 * each of the server's field errors shows once, under its field, and focus moves to the first invalid
 * field; only what belongs to no field shows above the form. The photo goes through the
 * shared image uploader (one file). On success the person is signed in and routed as after login.
 */
export function SignupPage({ kind }: { kind: Kind }) {
  const isFuneral = kind === 'funeral-home';
  useTitle(isFuneral ? 'Funeral Home Sign Up' : 'Sign Up');
  const navigate = useNavigate();
  const userSignup = useSignupUser();
  const funeralSignup = useSignupFuneralHome();
  const mutation = isFuneral ? funeralSignup : userSignup;
  const [photo, setPhoto] = useState<File[]>([]);
  const [signingIn, setSigningIn] = useState(false);
  const [signInError, setSignInError] = useState<unknown>(null);

  const failure = mutation.isError ? mutation.error : signInError;
  // No schema: sign-up makes no check of its own (docs/product.md §13.6), the server's answer is the one judge.
  const { field, errorOf, handleSubmit, reset, summary } = useBodyForm<SignupValues>({
    defaultValues: EMPTY,
    failure,
    fields: SIGNUP_FIELDS,
  });
  // Switching tabs starts a fresh form.
  useEffect(() => reset(EMPTY), [kind, reset]);
  const focus = useFocusOnFailure<HTMLFormElement, HTMLDivElement>(failure);
  const busy = mutation.isPending || signingIn;

  const finish = (user: Account, token: string) => {
    session.signIn(user, token);
    navigate(afterLoginPath(user), { replace: true });
  };

  const submit = handleSubmit((values) => {
    setSignInError(null);
    // Every field of the form as typed (empty ones too: the server reports them), the photo when chosen.
    const shared = {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone,
      address: values.address,
      map_link: values.map_link,
      password: values.password,
      password_confirmation: values.password_confirmation,
      photo: photo[0],
    };
    const afterSignup = {
      onSuccess: async (response: RouteResponse<typeof accountRoutes.userSignup>) => {
        if (response.data?.user && response.data.token)
          return finish(response.data.user, response.data.token);
        // A sign-up answer without a token: sign in with the credentials just chosen.
        setSigningIn(true);
        try {
          const signed = await login('web', {
            email: shared.email,
            password: shared.password,
            remember: false,
          });
          finish(signed.data.user, signed.data.token);
        } catch (error) {
          setSignInError(error);
        } finally {
          setSigningIn(false);
        }
      },
    };
    if (isFuneral) funeralSignup.mutate({ ...shared, home_name: values.home_name }, afterSignup);
    else userSignup.mutate({ ...shared, date_of_birth: values.date_of_birth }, afterSignup);
  });

  return (
    <div className="auth-page container py-5">
      <div className="card auth-card auth-card-wide mx-auto">
        <div className="card-body p-4 p-sm-5">
          <h1 className="h2">{isFuneral ? 'Register your funeral home' : 'Create your account'}</h1>
          <p className="text-body-secondary">
            {isFuneral
              ? 'Receive families’ wishes and help them share the messages they leave behind.'
              : 'Record the words you want your loved ones to hear, and decide when they hear them.'}
          </p>
          <nav aria-label="Account type" className="mb-4">
            <ul className="nav nav-pills signup-tabs">
              <li className="nav-item">
                <NavLink to="/user/signup" className="nav-link" replace>
                  User
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/funeral/signup" className="nav-link" replace>
                  Funeral Home
                </NavLink>
              </li>
            </ul>
          </nav>

          {/* key: switching tabs starts a fresh form. noValidate: the server does the checking (docs/product.md §13.6). */}
          <form key={kind} ref={focus.form} onSubmit={(event) => void submit(event)} noValidate>
            <FormError ref={focus.summary} message={summary} className={summary ? 'mb-3' : ''} />
            {isFuneral && (
              <TextField id="home_name" {...field('home_name')} label="Funeral Home Name" markRequired />
            )}
            <div className="row g-3">
              <div className="col-sm-6">
                <TextField
                  id="first_name"
                  {...field('first_name')}
                  label="First Name"
                  autoComplete="given-name"
                  markRequired
                  className=""
                />
              </div>
              <div className="col-sm-6">
                <TextField
                  id="last_name"
                  {...field('last_name')}
                  label="Last Name"
                  autoComplete="family-name"
                  markRequired
                  className=""
                />
              </div>
            </div>
            <div className="mt-3" />
            <TextField
              id="email"
              {...field('email')}
              type="email"
              label="Email"
              autoComplete="email"
              markRequired
            />
            <TextField
              id="phone"
              {...field('phone')}
              type="tel"
              label="Phone"
              autoComplete="tel"
              markRequired
            />
            {!isFuneral && (
              <TextField
                id="date_of_birth"
                {...field('date_of_birth')}
                type="date"
                label="Date of Birth"
                max={adultBirthdayLimit()}
                hint="You must be 18 or older to use Parting Words."
                markRequired
              />
            )}
            <TextField
              id="address"
              {...field('address')}
              label="Address"
              autoComplete="street-address"
              markRequired
            />
            <TextField
              id="map_link"
              {...field('map_link')}
              type="url"
              label="Map Link"
              hint="Optional: the web address of your location on a map, starting with https:// or http://."
            />
            <PasswordField
              id="password"
              {...field('password')}
              label="Password"
              autoComplete="new-password"
              hint="At least 8 characters."
              markRequired
            />
            <PasswordField
              id="password_confirmation"
              {...field('password_confirmation')}
              label="Confirm Password"
              autoComplete="new-password"
              markRequired
            />
            <ImageUploader
              id="photo"
              label="Photo"
              files={photo}
              onChange={setPhoto}
              maxFiles={1}
              error={errorOf('photo')}
            />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? 'Creating your account…' : 'Sign Up'}
            </button>
          </form>
          <p className="mt-4 mb-0 text-center">
            Already have an account? <Link to="/login">Login</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

export function UserSignupPage() {
  return <SignupPage kind="user" />;
}

export function FuneralSignupPage() {
  return <SignupPage kind="funeral-home" />;
}
