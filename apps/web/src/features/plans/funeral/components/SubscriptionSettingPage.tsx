import { Link, useNavigate } from 'react-router';
import type { ActiveSubscription } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useCancelSubscription, useResumeSubscription } from '../api/cancel-subscription';
import { useCurrentHomePlan } from '../api/get-current-plan';
import { formatDay } from '@/lib/dates';
import { CANCEL_QUESTION, durationLabel, priceLabel } from '@/lib/plan-labels';

/** Until when a plan runs, in words. */
const untilText = (plan: ActiveSubscription) =>
  plan.expiry_date ? `Expires on ${formatDay(plan.expiry_date)}` : 'Never expires (life-time)';

/** The running plan: its title, price, duration, expiry and state (Active, or cancelled until expiry). */
function CurrentPlan({ plan }: { plan: ActiveSubscription }) {
  const cancelled = plan.status === 'cancelled';
  return (
    <section className="card p-4 mb-4 text-break" aria-label="Current plan">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <h2 className="h4 mb-1">{plan.title}</h2>
        <span className={`badge ${cancelled ? 'text-bg-warning' : 'text-bg-success'}`}>
          {cancelled ? 'Cancelled' : 'Active'}
        </span>
      </div>
      <p className="mb-1">
        <span className="fs-4 fw-semibold">{priceLabel(plan.price)}</span>
        <span className="text-body-secondary"> / {durationLabel(plan.duration)}</span>
      </p>
      <p className="mb-0">{untilText(plan)}</p>
      {cancelled && (
        <p className="text-body-secondary mb-0 mt-2">
          Auto-renewal is off: the plan stays active until {formatDay(plan.expiry_date)} and will not be
          charged again.
        </p>
      )}
    </section>
  );
}

/**
 * /funeral/subscription-setting (docs/product.md §13.3): the running plan and Change Plan, History and Cancel
 * Subscription. Cancel is offered only while the plan renews itself (docs/product.md §7.6): a cancelled plan
 * says until when it runs and offers to renew again (docs/product.md §7.4); without a plan the page says
 * so and offers the plans.
 */
export function SubscriptionSettingPage() {
  useTitle('Subscription Setting');
  const navigate = useNavigate();
  const dialog = useDialog();
  const current = useCurrentHomePlan();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();

  const askToCancel = async (plan: ActiveSubscription) => {
    const answer = await dialog({
      variant: 'question',
      title: 'Cancel Subscription?',
      text: CANCEL_QUESTION,
    });
    if (!answer.confirmed) return;
    try {
      const result = await cancel.mutateAsync(plan.id);
      await dialog({ variant: 'success', title: result.message, text: untilText(result.data) + '.' });
    } catch (error) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: errorMessage(error) });
    }
  };

  const askToResume = async (plan: ActiveSubscription) => {
    const answer = await dialog({
      variant: 'question',
      title: 'Turn renewal back on?',
      text: `${plan.title} will renew on ${formatDay(plan.expiry_date)}: ${priceLabel(plan.price)} will be charged to the card that paid for it.`,
    });
    if (!answer.confirmed) return;
    try {
      const result = await resume.mutateAsync(plan.id);
      await dialog({ variant: 'success', title: result.message, text: untilText(result.data) + '.' });
    } catch (error) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: errorMessage(error) });
    }
  };

  let body;
  if (current.isPending) body = <Loading label="Loading your plan…" />;
  else if (current.error)
    body = (
      <ErrorState
        message={errorMessage(current.error, FETCH_FAILED_MESSAGE)}
        onRetry={() => void current.refetch()}
      />
    );
  else if (!current.data)
    body = (
      <section className="card p-4 mb-4 text-center">
        <p className="h5">You have no funeral-home plan at the moment.</p>
        <p className="text-body-secondary">
          A plan lists your home for families and lets you publish the messages they share with you.
        </p>
        <div>
          <Link to="/funeral/subscription-plans" className="btn btn-primary">
            See plans
          </Link>
        </div>
      </section>
    );
  else body = <CurrentPlan plan={current.data} />;

  const plan = current.data ?? null;
  return (
    <div className="container py-5" style={{ maxWidth: 720 }}>
      <h1>Subscription Setting</h1>
      {body}
      {!current.isPending && !current.error && (
        <div className="d-flex flex-wrap gap-2">
          {plan && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => navigate('change-plan', { state: { currentPlanId: plan.plan_id } })}
            >
              Change Plan
            </button>
          )}
          <Link to="history" className="btn btn-outline-primary">
            History
          </Link>
          {plan && plan.status === 'active' && plan.auto_renew && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={cancel.isPending}
              onClick={() => void askToCancel(plan)}
            >
              Cancel Subscription
            </button>
          )}
          {plan && plan.status === 'cancelled' && plan.expiry_date && (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={resume.isPending}
              onClick={() => void askToResume(plan)}
            >
              Turn renewal back on
            </button>
          )}
        </div>
      )}
    </div>
  );
}
