import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { homeModeration, useModeratorView } from '../api/moderate';
import { HOME_MEMORIALS_TITLE } from './HomeMemorialsPage';
import { ModerationPanel } from './ModerationPanel';

/**
 * /funeral/memorials/{slug} (docs/product.md §6.9): the home looks after one memorial page as a trusted
 * contact does from their link, and may pick among its own locations and types of service.
 */
export function HomeMemorialPage() {
  useTitle('Look after the memorial page');
  const slug = useParams().slug ?? '';
  const adapter = useMemo(() => homeModeration(slug), [slug]);
  const view = useModeratorView(adapter);
  return (
    <div className="container py-4 page-narrow">
      <BackLink to="/funeral/memorials">{HOME_MEMORIALS_TITLE}</BackLink>
      {view.isPending ? (
        <Loading label="Loading the memorial page…" />
      ) : view.isError ? (
        view.error instanceof ApiError && view.error.status === 404 ? (
          <p>This memorial page is not one you look after.</p>
        ) : (
          <ErrorState onRetry={() => void view.refetch()} />
        )
      ) : (
        <>
          <p className="eyebrow">Memorial page</p>
          <h1 className="h3 text-break">Looking after the page of {view.data.name}</h1>
          <ModerationPanel adapter={adapter} view={view.data} />
        </>
      )}
    </div>
  );
}
