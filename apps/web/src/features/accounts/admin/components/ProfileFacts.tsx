import type { ReactNode } from 'react';
import { Avatar } from '@/components/Avatar';
import { formatDay } from '@/lib/dates';
import { fullName } from './format';

interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  dialing_code: string | null;
  phone: string | null;
  address: string | null;
  map_link: string | null;
  photo_path: string | null;
  created_at: string;
}

/** Only a web address opens as a link: a stored `javascript:` or other scheme stays plain text. */
const isWebLink = (link: string) => /^https?:\/\//i.test(link);

const NOT_GIVEN = <span className="text-body-secondary">Not given</span>;

/** docs/product.md §13.4: the account's profile fields; `before` adds the account's own (the home's name). */
export function ProfileFacts({
  profile,
  before,
  status,
}: {
  profile: Profile;
  before?: ReactNode;
  /** The status control (the same dropdown as the list's). */
  status: ReactNode;
}) {
  const name = fullName(profile);
  return (
    <div className="card mb-4">
      <div className="card-body d-flex flex-column flex-sm-row gap-4">
        <Avatar
          photo={profile.photo_path}
          firstName={profile.first_name}
          lastName={profile.last_name}
          size={96}
          alt={`Photo of ${name}`}
        />
        <dl className="row mb-0 flex-grow-1">
          {before}
          <dt className="col-sm-4">Name</dt>
          <dd className="col-sm-8 text-break">{name}</dd>
          <dt className="col-sm-4">Email</dt>
          <dd className="col-sm-8 text-break">
            <a href={`mailto:${profile.email}`}>{profile.email}</a>
          </dd>
          <dt className="col-sm-4">Phone</dt>
          <dd className="col-sm-8">
            {profile.phone ? `${profile.dialing_code ?? ''} ${profile.phone}`.trim() : NOT_GIVEN}
          </dd>
          <dt className="col-sm-4">Address</dt>
          <dd className="col-sm-8 text-break">{profile.address || NOT_GIVEN}</dd>
          <dt className="col-sm-4">Map Link</dt>
          <dd className="col-sm-8 text-break">
            {!profile.map_link ? (
              NOT_GIVEN
            ) : isWebLink(profile.map_link) ? (
              <a href={profile.map_link} target="_blank" rel="noopener noreferrer">
                {profile.map_link}
              </a>
            ) : (
              profile.map_link
            )}
          </dd>
          <dt className="col-sm-4">Registration Date</dt>
          <dd className="col-sm-8">{formatDay(profile.created_at)}</dd>
          <dt className="col-sm-4">Status</dt>
          <dd className="col-sm-8 mb-0">{status}</dd>
        </dl>
      </div>
    </div>
  );
}
