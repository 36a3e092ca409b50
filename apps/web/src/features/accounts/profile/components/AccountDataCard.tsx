import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountExport } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { session } from '@/lib/session';
import { useLatestExport, useStartExport } from '../api/account-export';
import type { LeavingRole } from '../model/role';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ACCOUNT_DATA_MESSAGES } from '@pw/contracts';

export const EXPORT_TEXTS = {
  heading: 'Your data',
  intro:
    'Download a copy of everything Parting Words keeps about you: your videos, profile, schedules, forms and payments, in one zip file.',
  start: 'Download my data',
  again: 'Prepare a new copy',
  preparing: 'Preparing your data…',
  ready: 'Your data is ready.',
  download: 'Download (zip)',
  failed: ACCOUNT_DATA_MESSAGES.exportFailed,
  expired: 'Your last copy has expired.',
  deleteHeading: 'Delete account',
  deleteIntro: 'Delete your account and everything in it. Scheduled deliveries will not be sent.',
  deleteButton: 'Delete account',
  deletedTitle: 'Account Deleted',
} as const;

/**
 * What the two sections say to each kind of account: a funeral home keeps no videos or schedules here,
 * it keeps its listing, plans, banner ads and the requests families sent it (docs/product.md §10.2).
 */
export const ROLE_TEXTS = {
  user: { intro: EXPORT_TEXTS.intro, deleteIntro: EXPORT_TEXTS.deleteIntro },
  'funeral-home': {
    intro:
      "Download a copy of everything Parting Words keeps about your funeral home: its profile, plans and payments, banner ads and notifications, in one zip file. The families' forms and messages are theirs and are not included.",
    deleteIntro:
      "Delete your funeral home's account: its profile, its listing for families, its banner ads and the requests families sent it. Payments are kept for the books, without your name.",
  },
} as const satisfies Record<LeavingRole, { intro: string; deleteIntro: string }>;

const megabytes = (bytes: number | null) =>
  bytes === null ? '' : ` (${Math.max(0.1, bytes / 1_000_000).toFixed(1)} MB)`;

/** The export's state: the progress while it is built, the link once ready, what went wrong otherwise. */
function ExportState({ data }: { data: AccountExport }) {
  if (data.status === 'queued' || data.status === 'running')
    return (
      <div className="mt-3">
        <p className="mb-1" id="export-progress-label">
          {EXPORT_TEXTS.preparing} {data.step && <span className="text-body-secondary">{data.step}</span>}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby="export-progress-label"
          aria-valuenow={data.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${data.progress}%` }}>
            {data.progress}%
          </div>
        </div>
      </div>
    );
  if (data.status === 'ready' && data.download_url)
    return (
      <div className="mt-3" role="status">
        <p className="mb-2">
          {EXPORT_TEXTS.ready}
          {data.expires_at && ` It can be downloaded until ${formatDay(data.expires_at)}.`}
        </p>
        <a className="btn btn-success" href={data.download_url} download>
          {EXPORT_TEXTS.download}
          {megabytes(data.size_bytes)}
        </a>
      </div>
    );
  if (data.status === 'failed') return <FormError message={data.error ?? EXPORT_TEXTS.failed} />;
  if (data.status === 'expired')
    return <p className="mt-3 mb-0 text-body-secondary">{EXPORT_TEXTS.expired}</p>;
  return null;
}

function ExportSection({ role }: { role: LeavingRole }) {
  const latest = useLatestExport(role);
  const start = useStartExport(role);
  // Starting writes its answer into the latest export's query, which then polls while it runs.
  const data = latest.data ?? null;
  const running = data?.status === 'queued' || data?.status === 'running';

  return (
    <section aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className="h5">
        {EXPORT_TEXTS.heading}
      </h2>
      <p className="text-body-secondary">{ROLE_TEXTS[role].intro}</p>
      {latest.isPending ? (
        <Loading className="py-2" />
      ) : latest.isError ? (
        <FormError message={errorMessage(latest.error, FETCH_FAILED_MESSAGE)} />
      ) : (
        <>
          {!running && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending}
              onClick={() => start.mutate()}
            >
              {data?.status === 'ready' ? EXPORT_TEXTS.again : EXPORT_TEXTS.start}
            </button>
          )}
          {data && <ExportState data={data} />}
          <FormError message={start.isError ? errorMessage(start.error) : null} />
        </>
      )}
    </section>
  );
}

/**
 * 'Download my data' and 'Delete account' on the profile of a user or funeral home (docs/product.md §11.5, §11.6). After a
 * deletion the person is signed out and sent to the login page, where the confirmation is shown.
 */
export function AccountDataCard({ role }: { role: LeavingRole }) {
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dialog = useDialog();

  const deleted = (message: string) => {
    setDeleting(false);
    session.clear();
    queryClient.clear();
    void navigate('/login', { replace: true });
    void dialog({ variant: 'success', title: EXPORT_TEXTS.deletedTitle, text: message });
  };

  return (
    <div className="card mt-4">
      <div className="card-body p-4">
        <ExportSection role={role} />
        <hr className="my-4" />
        <section aria-labelledby="delete-account-heading">
          <h2 id="delete-account-heading" className="h5">
            {EXPORT_TEXTS.deleteHeading}
          </h2>
          <p className="text-body-secondary">{ROLE_TEXTS[role].deleteIntro}</p>
          <button type="button" className="btn btn-outline-danger" onClick={() => setDeleting(true)}>
            {EXPORT_TEXTS.deleteButton}
          </button>
        </section>
      </div>
      <DeleteAccountDialog
        role={role}
        show={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={deleted}
      />
    </div>
  );
}
