import { Link, useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useAdminPlan } from '../api/get-plan';
import { durationLabel, planDetailsPath, planListPath, type PlanArea } from '../model/plan-areas';
import { priceLabel } from '@/lib/plan-labels';

/** {area}/plans/details/{id}: Title, Duration, Price, Description and Edit (docs/product.md §9.3). */
export function PlanDetailsPage({ area }: { area: PlanArea }) {
  useTitle('Plan Details');
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useAdminPlan(area.kind, id);
  return (
    <div>
      <nav aria-label="breadcrumb">
        <Link to={planListPath(area)} className="small">
          ‹ Back to plans
        </Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 my-3">
        <h1 className="h2 mb-0">Plan Details</h1>
        {data && (
          <Link to={`${planDetailsPath(area, data.id)}/edit`} className="btn btn-primary">
            Edit
          </Link>
        )}
      </div>
      {isPending ? (
        <Loading />
      ) : isError ? (
        // docs/product.md §13.5: the server's message in place of the content.
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <div className="card">
          <dl className="card-body row mb-0">
            <dt className="col-sm-3">Title</dt>
            <dd className="col-sm-9 text-break">{data.title}</dd>
            <dt className="col-sm-3">Duration</dt>
            <dd className="col-sm-9">{durationLabel(data.duration)}</dd>
            <dt className="col-sm-3">Price</dt>
            <dd className="col-sm-9">{priceLabel(data.price)}</dd>
            <dt className="col-sm-3">Description</dt>
            <dd className="col-sm-9 text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {data.description}
            </dd>
          </dl>
        </div>
      )}
    </div>
  );
}
