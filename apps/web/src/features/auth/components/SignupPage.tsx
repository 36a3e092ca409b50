import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { FormError } from '@/components/form/FormError';
import { splitErrors, useFocusOnFailure } from '@/components/form/form-errors';
import { PasswordField } from '@/components/form/PasswordField';
import { TextField } from '@/components/form/TextField';
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

/** The latest date of birth that is 18 or older today (guides the date picker; the server decides). */
function adultBirthdayLimit(today = new Date()): string {
  const limit = new Date(today.getFullYear() - 18, today.getMonth(), today.getDate());
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${limit.getFullYear()}-${pad(limit.getMonth() + 1)}-${pad(limit.getDate())}`;
}

/**
 * /user/signup and /funeral/signup (docs/product.md §13.3, §13.4). Sign-up has no client-side checks (docs/product.md §13.6):
 * each of the server's field errors shows once, under its field, and focus moves to the first invalid
 * field; only what belongs to no field shows above the form (decision 0282). The photo goes through the
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
  const { fields: errors, summary } = splitErrors(failure, SIGNUP_FIELDS);
  const focus = useFocusOnFailure<HTMLFormElement, HTMLDivElement>(failure);
  const busy = mutation.isPending || signingIn;

  const finish = (user: Account, token: string) => {
    session.signIn(user, token);
    navigate(afterLoginPath(user), { replace: true });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSignInError(null);
    const form = new FormData(event.currentTarget);
    // Every field of the form as typed (empty ones too: the server reports them), the photo when chosen.
    const field = (name: string) => String(form.get(name) ?? '');
    const shared = {
      first_name: field('first_name'),
      last_name: field('last_name'),
      email: field('email'),
      phone: field('phone'),
      address: field('address'),
      map_link: field('map_link'),
      password: field('password'),
      password_confirmation: field('password_confirmation'),
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
    if (isFuneral) funeralSignup.mutate({ ...shared, home_name: field('home_name') }, afterSignup);
    else userSignup.mutate({ ...shared, date_of_birth: field('date_of_birth') }, afterSignup);
  };

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
          <form key={kind} ref={focus.form} onSubmit={submit} noValidate>
            <FormError ref={focus.summary} message={summary} className={summary ? 'mb-3' : ''} />
            {isFuneral && (
              <TextField
                id="home_name"
                name="home_name"
                label="Funeral Home Name"
                markRequired
                error={errors.home_name}
              />
            )}
            <div className="row g-3">
              <div className="col-sm-6">
                <TextField
                  id="first_name"
                  name="first_name"
                  label="First Name"
                  autoComplete="given-name"
                  markRequired
                  error={errors.first_name}
                  className=""
                />
              </div>
              <div className="col-sm-6">
                <TextField
                  id="last_name"
                  name="last_name"
                  label="Last Name"
                  autoComplete="family-name"
                  markRequired
                  error={errors.last_name}
                  className=""
                />
              </div>
            </div>
            <div className="mt-3" />
            <TextField
              id="email"
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              markRequired
              error={errors.email}
            />
            <TextField
              id="phone"
              name="phone"
              type="tel"
              label="Phone"
              autoComplete="tel"
              markRequired
              error={errors.phone}
            />
            {!isFuneral && (
              <TextField
                id="date_of_birth"
                name="date_of_birth"
                type="date"
                label="Date of Birth"
                max={adultBirthdayLimit()}
                hint="You must be 18 or older to use Parting Words."
                markRequired
                error={errors.date_of_birth}
              />
            )}
            <TextField
              id="address"
              name="address"
              label="Address"
              autoComplete="street-address"
              markRequired
              error={errors.address}
            />
            <TextField
              id="map_link"
              name="map_link"
              type="url"
              label="Map Link"
              hint="Optional: the web address of your location on a map, starting with https:// or http://."
              error={errors.map_link}
            />
            <PasswordField
              id="password"
              name="password"
              label="Password"
              autoComplete="new-password"
              hint="At least 8 characters."
              markRequired
              error={errors.password}
            />
            <PasswordField
              id="password_confirmation"
              name="password_confirmation"
              label="Confirm Password"
              autoComplete="new-password"
              markRequired
              error={errors.password_confirmation}
            />
            <ImageUploader
              id="photo"
              label="Photo"
              files={photo}
              onChange={setPhoto}
              maxFiles={1}
              error={errors.photo}
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
