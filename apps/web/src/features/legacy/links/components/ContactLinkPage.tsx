import { Link, useParams } from 'react-router';
import checkIcon from 'bootstrap-icons/icons/check-circle.svg?raw';
import playIcon from 'bootstrap-icons/icons/play-circle.svg?raw';
import type { ContactPage } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Icon } from '@/components/Icon';
import { Loading } from '@/components/Loading';
import { ReportPassingInPlace } from '@/components/legacy/ReportPassingInPlace';
import { errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useConfirmContact, useContactPage, useReportByContact } from '../api/contact-link';
import { LinkLoadFailed } from './LinkStates';

/** The in-app path of the contact's watch link (the server writes it whole, with the site's address). */
export function watchPath(url: string): string {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

/**
 * /legacy/contact/{token}: a trusted contact's page from their role e-mail, without an account
 * (docs/product.md §6.2). It greets the contact, explains the role, offers 'Accept this role' until accepted, 'Report a
 * passing' while the message is sealed or waiting, and the private watch link once released.
 */
export function ContactLinkPage() {
  useTitle('Trusted Contact');
  const token = useParams().token ?? '';
  const page = useContactPage(token);
  if (page.isPending) return <Loading label="Loading your role…" />;
  if (page.isError) return <LinkLoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  return <ContactRole token={token} role={page.data} />;
}

function ContactRole({ token, role }: { token: string; role: ContactPage }) {
  const owner = role.owner_first_name;
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <p className="eyebrow">Trusted contact</p>
      <h1 className="h3 text-break">Hello {role.contact_name}</h1>
      <p className="lead text-break">
        {owner} named you a trusted contact for the final message they left on Parting Words.
      </p>
      <p>
        If {owner} passes away, you can report it here, without an account. {owner} is told at once and can
        cancel the report. If it is not cancelled within the waiting period {owner} chose, the message is
        released, and each trusted contact who accepted the role receives a private link to watch it.
      </p>
      <Acceptance token={token} owner={owner} confirmed={role.confirmed} />
      <ReleaseStanding token={token} role={role} />
    </div>
  );
}

function Acceptance({ token, owner, confirmed }: { token: string; owner: string; confirmed: boolean }) {
  const confirm = useConfirmContact(token);
  if (confirm.isSuccess) {
    return (
      <div className="alert alert-success" role="status">
        {confirm.data.message}
      </div>
    );
  }
  if (confirmed) {
    return (
      <p className="d-flex align-items-center gap-2">
        <Icon svg={checkIcon} className="text-success" />
        You have accepted this role.
      </p>
    );
  }
  return (
    <section className="card p-3 p-sm-4 mb-4" aria-labelledby="accept-role">
      <h2 id="accept-role" className="h5">
        Will you accept this role?
      </h2>
      <p className="mb-3">
        Accepting tells {owner} that this e-mail reached you. Only trusted contacts who accepted receive the
        message once it is released.
      </p>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending ? 'Accepting…' : 'Accept this role'}
        </button>
      </div>
      <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
    </section>
  );
}

export const CONTACT_WAITING_TEXT =
  'A passing has already been reported and its waiting period is running. A report you make joins it.';

function ReleaseStanding({ token, role }: { token: string; role: ContactPage }) {
  const report = useReportByContact(token);
  const owner = role.owner_first_name;
  if (role.state === 'released') {
    return (
      <section className="card p-3 p-sm-4" aria-labelledby="released">
        <h2 id="released" className="h5">
          {owner}&rsquo;s final message has been released
        </h2>
        {role.watch_url ? (
          <>
            <p>This is your private link to watch it. It was also sent to you by e-mail.</p>
            <div>
              <Link to={watchPath(role.watch_url)} className="btn btn-primary">
                <Icon svg={playIcon} className="me-1" />
                Watch the message
              </Link>
            </div>
          </>
        ) : (
          <p className="mb-0">
            A private link to watch it went to the trusted contacts who had accepted their role before the
            release.
          </p>
        )}
        {role.confirmed && (
          <p className="mt-3 mb-0">
            If {owner} chose a memorial page, you can{' '}
            <Link to={`/legacy/contact/${token}/memorial`}>look after the memorial page</Link> from here.
          </p>
        )}
      </section>
    );
  }
  if (role.state === 'open') {
    return (
      <p className="text-body-secondary">
        {owner} chose that their final message opens at once with its access code: no report is needed.
      </p>
    );
  }
  return (
    <section className="card p-3 p-sm-4" aria-labelledby="report-heading">
      <h2 id="report-heading" className="h5">
        Has {owner} passed away?
      </h2>
      {role.state === 'waiting' && !report.isSuccess && <p role="status">{CONTACT_WAITING_TEXT}</p>}
      <p>Tell us how you know {owner}, and add a note or a link to an obituary if you have one.</p>
      <ReportPassingInPlace report={report} person={role.owner_name} />
    </section>
  );
}
