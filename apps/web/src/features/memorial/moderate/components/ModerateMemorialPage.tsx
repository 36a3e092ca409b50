import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { contactModeration, useModeratorView } from '../api/moderate';
import { ModerationPanel } from './ModerationPanel';

/**
 * /legacy/contact/{token}/memorial (docs/product.md §6.9): a trusted contact looks after the memorial
 * page from their own link: the service details, who may find it, and the guestbook's messages.
 */
export function ModerateMemorialPage() {
  useTitle('Look after the memorial page');
  const token = useParams().token ?? '';
  const adapter = useMemo(() => contactModeration(token), [token]);
  const view = useModeratorView(adapter);
  if (view.isPending) return <Loading label="Loading the memorial page…" />;
  if (view.isError) {
    return (
      <div className="container py-4 page-narrow">
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <p>There is no memorial page for you to look after from this link.</p>
        ) : (
          <ErrorState onRetry={() => void view.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <p className="eyebrow">Memorial page</p>
      <h1 className="h3 text-break">Looking after the page of {view.data.name}</h1>
      <ModerationPanel adapter={adapter} view={view.data} />
    </div>
  );
}
