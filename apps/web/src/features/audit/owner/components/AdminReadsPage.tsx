import { Link } from 'react-router';
import { ADMIN_READ_LABELS, ADMIN_READS_TITLE, UNNAMED_ADMIN, type AdminReadItem } from '@pw/contracts';
import { ListFooter, useListState } from '@/components/data-table';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useAdminReads } from '../api/get-admin-reads';

export const ADMIN_READS_TEXTS = {
  intro:
    'Your final message stays sealed. If an administrator ever has to open it, or to look at your ' +
    'profile and plans in the back office, it is listed here with the reason they gave, and you are ' +
    'told at once when your final message is opened.',
  empty: 'No administrator has opened your messages or your details.',
  noReason: 'No reason is asked for this view.',
} as const;

function ReadEntry({ read }: { read: AdminReadItem }) {
  return (
    <li className="card">
      <div className="card-body">
        <p className="small text-body-secondary mb-1">
          <time dateTime={read.read_at}>{formatWhen(read.read_at)}</time>
        </p>
        <p className="fw-semibold mb-1 text-break">
          {read.administrator ?? UNNAMED_ADMIN} — {ADMIN_READ_LABELS[read.what]}
          {read.video_title && <span className="fw-normal">: “{read.video_title}”</span>}
        </p>
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {read.reason ? (
            <>
              <span className="text-body-secondary">Reason given: </span>
              {read.reason}
            </>
          ) : (
            <span className="text-body-secondary">{ADMIN_READS_TEXTS.noReason}</span>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * /user/profile/who-has-seen (docs/product.md §11.10): every administrator's read of the user's private
 * data, newest first and paged: when, who, what and why.
 */
export function AdminReadsPage() {
  useTitle(ADMIN_READS_TITLE);
  const list = useListState();
  const query = useAdminReads(list.params);
  const reads = query.data?.data;
  return (
    <div className="container py-5">
      <h1 className="h2">{ADMIN_READS_TITLE}</h1>
      <p className="text-body-secondary">{ADMIN_READS_TEXTS.intro}</p>
      {query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.isPending || !reads ? (
        <Loading label="Loading…" />
      ) : reads.length === 0 ? (
        <EmptyState text={ADMIN_READS_TEXTS.empty} />
      ) : (
        <ol className="list-unstyled d-grid gap-3 mb-0" aria-busy={query.isFetching}>
          {reads.map((read) => (
            <ReadEntry key={read.id} read={read} />
          ))}
        </ol>
      )}
      <ListFooter meta={query.data?.meta} onPage={list.setPage} />
      <Link to="/user/profile/details" className="btn btn-link px-0 mt-3">
        Back to my profile details
      </Link>
    </div>
  );
}
