import { Link } from 'react-router';
import { MEMORIAL_AREA_TEXTS } from '@pw/contracts';
import { BackLink } from '@/components/BackLink';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useReportedEntries } from '../api/admin-memorials';

const STATUS_TEXT = { pending: 'Waiting', approved: 'Shown', hidden: 'Hidden' } as const;

/**
 * /admin/memorial-pages/reported-entries (docs/product.md §6.9): the guestbook messages visitors reported,
 * newest report first, with the page they are on and the reasons given. The page's moderators decide
 * about a message; the back office may take a whole page down from the list of pages.
 */
export function ReportedEntriesPage() {
  useTitle(MEMORIAL_AREA_TEXTS.reported);
  const entries = useReportedEntries();
  return (
    <div>
      <BackLink to="/admin/memorial-pages">{MEMORIAL_AREA_TEXTS.pages}</BackLink>
      <h1 className="h2 mb-3">{MEMORIAL_AREA_TEXTS.reported}</h1>
      {entries.isPending ? (
        <Loading label="Loading the reported messages…" />
      ) : entries.isError ? (
        <ErrorState onRetry={() => void entries.refetch()} />
      ) : entries.data.length === 0 ? (
        <EmptyState text="No reported messages." />
      ) : (
        <ul className="list-unstyled" aria-label={MEMORIAL_AREA_TEXTS.reported}>
          {entries.data.map((entry) => (
            <li key={entry.id} className="card p-3 mb-3">
              <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
                {entry.message}
              </p>
              <p className="small text-body-secondary mb-1 text-break">
                {entry.name} · <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time> ·{' '}
                {STATUS_TEXT[entry.status]} · reported {entry.reports} time{entry.reports > 1 ? 's' : ''} · on{' '}
                <Link to={`/memorial/${entry.page_slug}`}>the page of {entry.page_name}</Link>
              </p>
              {entry.reasons.length > 0 && (
                <ul className="small mb-0 text-break">
                  {entry.reasons.map((reason, i) => (
                    <li key={i}>{reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
