import { Link, useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useAdminQuery } from '../api/get-query';
import { formatWhen } from '@/lib/dates';
import { userTypeLabel } from './format';

/** /admin/queries-management/details/{id}: Name, email, user type, date, subject, message. */
export function QueryDetailsPage() {
  useTitle('Query Details');
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useAdminQuery(id);
  return (
    <div>
      <nav aria-label="breadcrumb">
        <Link to="/admin/queries-management" className="small">
          ‹ Back to queries
        </Link>
      </nav>
      <h1 className="h2 my-3">Query Details</h1>
      {isPending ? (
        <Loading />
      ) : isError ? (
        error instanceof ApiError && error.status === 404 ? (
          <ErrorState message="This query does not exist." />
        ) : (
          <ErrorState onRetry={() => void refetch()} />
        )
      ) : (
        <div className="card">
          <dl className="card-body row mb-0">
            <dt className="col-sm-3">Name</dt>
            <dd className="col-sm-9">{data.name}</dd>
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9 text-break">
              <a href={`mailto:${data.email}`}>{data.email}</a>
            </dd>
            <dt className="col-sm-3">User Type</dt>
            <dd className="col-sm-9">{userTypeLabel(data.user_type)}</dd>
            <dt className="col-sm-3">Date</dt>
            <dd className="col-sm-9">{formatWhen(data.created_at)}</dd>
            <dt className="col-sm-3">Subject</dt>
            <dd className="col-sm-9 text-break">{data.subject}</dd>
            <dt className="col-sm-3">Message</dt>
            <dd className="col-sm-9 text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {data.message}
            </dd>
          </dl>
        </div>
      )}
    </div>
  );
}
