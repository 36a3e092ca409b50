import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError } from '@/lib/api';

/**
 * What every account page wraps its content in: the way back, the title, and the states of the
 * call (loading; 'This … does not exist.' for an unknown id; 'Unable to fetch data' with a retry).
 */
export function AccountDetailsFrame({
  back,
  title,
  missing,
  query,
  actions,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** Said for a 404: an unknown id, or an account that is gone. */
  missing: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  actions?: ReactNode;
  children: () => ReactNode;
}) {
  return (
    <div>
      <nav aria-label="breadcrumb">
        <Link to={back.to} className="small">
          ‹ {back.label}
        </Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 my-3">
        <h1 className="h2 mb-0">{title}</h1>
        {actions}
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <ErrorState message={missing} />
        ) : (
          <ErrorState onRetry={() => void query.refetch()} />
        )
      ) : (
        children()
      )}
    </div>
  );
}
