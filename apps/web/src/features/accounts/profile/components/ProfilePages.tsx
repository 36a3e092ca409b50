import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import {
  ADMIN_READS_PAGE,
  ADMIN_READS_TITLE,
  isHttpUrl,
  type Account,
  type AccountType,
} from '@pw/contracts';
import { Avatar } from '@/components/Avatar';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useProfile } from '../api/get-profile';
import { PROFILE_PATHS } from '../model/paths';
import { AccountDataCard } from './AccountDataCard';

const fullName = (account: Account) => [account.first_name, account.last_name].filter(Boolean).join(' ');

/** Loads the profile of `role` and renders `children` with it, or the spinner, or the server's message. */
function WithProfile({ role, children }: { role: AccountType; children: (account: Account) => ReactNode }) {
  const query = useProfile(role);
  if (query.isPending) return <Loading />;
  if (query.isError) return <FormError message={errorMessage(query.error, FETCH_FAILED_MESSAGE)} />;
  return <>{children(query.data)}</>;
}

function Summary({ account }: { account: Account }) {
  return (
    <div className="d-flex flex-column flex-sm-row align-items-center gap-3 text-center text-sm-start">
      <Avatar
        photo={account.photo_path}
        firstName={account.first_name}
        lastName={account.last_name}
        size={96}
        alt={account.photo_path ? `Photo of ${fullName(account)}` : ''}
      />
      <div className="min-w-0">
        {account.home_name && <p className="eyebrow mb-1">{account.home_name}</p>}
        <p className="h4 mb-1 text-break">{fullName(account)}</p>
        <p className="text-body-secondary mb-0 text-break">{account.email}</p>
      </div>
    </div>
  );
}

/** /user/profile: photo, name, e-mail and 'My Profile Details' (docs/product.md §13.3). */
export function UserProfilePage() {
  useTitle('My Profile');
  return (
    <div className="container py-5">
      <h1 className="visually-hidden">My Profile</h1>
      <WithProfile role="user">
        {(account) => (
          <div className="card">
            <div className="card-body p-4 d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
              <Summary account={account} />
              <Link to={PROFILE_PATHS.user.details} className="btn btn-primary">
                My Profile Details
              </Link>
            </div>
          </div>
        )}
      </WithProfile>
      {/* The video tabs ('My Parting Words', 'Scheduled folder', 'Drafts'): the router's child route. */}
      <Outlet />
    </div>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="col-sm-6">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-0 text-break">{value || '—'}</dd>
    </div>
  );
}

/**
 * A map link opens only when it is a web address (docs/product.md §13.6): a value stored before the server
 * checked it (e.g. `javascript:…`) is shown as plain text, never as a link.
 */
function MapLink({ href }: { href: string }) {
  if (!isHttpUrl(href)) return <>{href}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      Open map<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A profile's details with Edit Profile and Change Password: /user/profile/details, /funeral/profile
 * ('My Profile') and /admin/profile.
 */
export function ProfileDetailsPage({ role }: { role: AccountType }) {
  const title = role === 'user' ? 'My Profile Details' : 'My Profile';
  useTitle(title);
  const paths = PROFILE_PATHS[role];
  return (
    <div className={role === 'admin' ? '' : 'container py-5'}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h2 mb-0">{title}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={paths.edit} className="btn btn-primary">
            Edit Profile
          </Link>
          <Link to={paths.changePassword} className="btn btn-outline-primary">
            Change Password
          </Link>
        </div>
      </div>
      <WithProfile role={role}>
        {(account) => (
          <div className="card">
            <div className="card-body p-4">
              <Summary account={account} />
              <hr className="my-4" />
              <dl className="row g-3 mb-0">
                {role === 'funeral-home' && <Detail label="Funeral Home Name" value={account.home_name} />}
                <Detail label="First Name" value={account.first_name} />
                <Detail label="Last Name" value={account.last_name} />
                <Detail label="Email" value={account.email} />
                <Detail
                  label="Phone"
                  value={[account.dialing_code, account.phone].filter(Boolean).join(' ')}
                />
                {role !== 'admin' && <Detail label="Address" value={account.address} />}
                {role !== 'admin' && (
                  <Detail
                    label="Map Link"
                    value={account.map_link ? <MapLink href={account.map_link} /> : null}
                  />
                )}
                {role === 'user' && <Detail label="Date of Birth" value={account.date_of_birth} />}
              </dl>
            </div>
          </div>
        )}
      </WithProfile>
      {/* Sections other features add (the user's 'Release of my final message'): the router's child routes. */}
      <Outlet />
      {role === 'user' && (
        <section className="card mt-4" aria-labelledby="admin-reads-heading">
          <div className="card-body p-4">
            <h2 id="admin-reads-heading" className="h5">
              {ADMIN_READS_TITLE}
            </h2>
            <p className="text-body-secondary">
              Each time an administrator opened your final message or your details, and the reason they gave.
            </p>
            <Link to={ADMIN_READS_PAGE} className="btn btn-outline-primary">
              See the list
            </Link>
          </div>
        </section>
      )}
      {role !== 'admin' && <AccountDataCard role={role} />}
      {role === 'user' && (
        <Link to={PROFILE_PATHS.user.home} className="btn btn-link px-0 mt-3">
          Back to my profile
        </Link>
      )}
    </div>
  );
}

export const UserProfileDetailsPage = () => <ProfileDetailsPage role="user" />;
export const FuneralProfilePage = () => <ProfileDetailsPage role="funeral-home" />;
export const AdminProfilePage = () => <ProfileDetailsPage role="admin" />;
