import type { ReactNode } from 'react';
import type { PlanSummary } from '@pw/contracts';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useFuneralPlans } from '../api/get-funeral-plans';
import { durationLabel, priceLabel } from '@/lib/plan-labels';

/** One plan: '$'+price, its duration label and description; the whole card is one button. */
function PlanCard({ plan, onChoose }: { plan: PlanSummary; onChoose: (plan: PlanSummary) => void }) {
  return (
    <div className="card h-100 p-4 text-break">
      <h2 className="h4">{plan.title}</h2>
      <p className="mb-2">
        <span className="display-6 fw-semibold">{priceLabel(plan.price)}</span>
        <span className="text-body-secondary"> / {durationLabel(plan.duration)}</span>
      </p>
      <p className="text-body-secondary flex-grow-1">{plan.description}</p>
      <button
        type="button"
        className="btn btn-primary mt-auto"
        aria-label={`Choose ${plan.title}`}
        onClick={() => onChoose(plan)}
      >
        Choose plan
      </button>
    </div>
  );
}

/**
 * The funeral-home plans on offer as cards, with the list states of docs/product.md §13.5: loading, the server's
 * message (a missing call is an error, never an empty list), 'No data found :(' when nothing is offered.
 */
export function PlanCards({
  onChoose,
  exceptPlanId = null,
  empty,
}: {
  onChoose: (plan: PlanSummary) => void;
  /** The running plan, left out when changing plans. */
  exceptPlanId?: number | null;
  /** Shown under 'No data found :(' (a way on). */
  empty?: ReactNode;
}) {
  const query = useFuneralPlans();
  if (query.isPending) return <Loading label="Loading plans…" />;
  if (query.error) {
    return (
      <ErrorState
        message={errorMessage(query.error, FETCH_FAILED_MESSAGE)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const plans = query.data.data.filter((plan) => plan.id !== exceptPlanId);
  if (plans.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="row g-4">
      {plans.map((plan) => (
        <div className="col-md-6 col-lg-4 d-flex" key={plan.id}>
          <PlanCard plan={plan} onChoose={onChoose} />
        </div>
      ))}
    </div>
  );
}
