import { Link } from 'react-router';
import { MEMORIAL_AREA_TEXTS } from '@pw/contracts';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { useTitle } from '@/lib/use-title';
import { useHomeMemorials } from '../api/moderate';

export const HOME_MEMORIALS_TITLE = MEMORIAL_AREA_TEXTS.pages;

const years = (born: number | null, died: number) => (born ? `${born} – ${died}` : `${died}`);

/**
 * /funeral/memorials (docs/product.md §6.9): the memorial pages this home looks after (the passings it
 * confirmed, the final messages it was granted, where the owner chose the home), each opening its
 * moderation.
 */
export function HomeMemorialsPage() {
  useTitle(HOME_MEMORIALS_TITLE);
  const pages = useHomeMemorials();
  return (
    <div className="container py-4">
      <h1 className="h2 mb-2">{HOME_MEMORIALS_TITLE}</h1>
      <p className="text-body-secondary">
        When someone whose passing you confirmed chose a memorial page, and asked you to look after it, it
        appears here: add the service details and look after its guestbook.
      </p>
      {pages.isPending ? (
        <Loading label="Loading the memorial pages…" />
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : pages.data.length === 0 ? (
        <EmptyState text="No memorial pages to look after." />
      ) : (
        <ul className="list-group" aria-label={HOME_MEMORIALS_TITLE}>
          {pages.data.map((page) => (
            <li
              key={page.slug}
              className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between"
            >
              <div className="wrap-words">
                <Link to={`/funeral/memorials/${page.slug}`} className="fw-semibold">
                  {page.name}
                </Link>
                <div className="small text-body-secondary">
                  {years(page.born_year, page.died_year)} · {page.listed ? 'Found by name' : 'By link only'}
                </div>
              </div>
              {page.pending > 0 ? (
                <span className="badge text-bg-warning">
                  {page.pending} message{page.pending > 1 ? 's' : ''} waiting
                </span>
              ) : (
                <span className="badge text-bg-light border">Nothing waiting</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
