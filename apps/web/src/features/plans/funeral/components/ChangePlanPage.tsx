import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { PlanSummary } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useTitle } from '@/lib/use-title';
import { changePlanStateOf } from '../model/payment-state';
import { PlanCards } from './PlanCards';

export const RENEW_QUESTION = 'On renewing, current package will expire automatically';

/**
 * /funeral/subscription-setting/change-plan: the other plans; choosing one warns that the running plan
 * expires at once (docs/product.md §13.5) and goes on to change-plan/payment. Opened without the setting page's
 * state it goes back there (docs/product.md §13.3).
 */
export function ChangePlanPage() {
  useTitle('Change Plan');
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useDialog();
  const state = changePlanStateOf(location.state);
  if (!state) return <Navigate to="/funeral/subscription-setting" replace />;

  const choose = async (plan: PlanSummary) => {
    const answer = await dialog({ variant: 'question', title: 'Change Plan?', text: RENEW_QUESTION });
    if (answer.confirmed) navigate('payment', { state: { plan } });
  };

  return (
    <div className="container py-5">
      <h1>Change Plan</h1>
      <p className="lead text-body-secondary">Choose the plan that will replace your current one.</p>
      <PlanCards
        exceptPlanId={state.currentPlanId}
        onChoose={(plan) => void choose(plan)}
        empty={
          <Link to="/funeral/subscription-setting" className="btn btn-outline-primary">
            Back
          </Link>
        }
      />
    </div>
  );
}
