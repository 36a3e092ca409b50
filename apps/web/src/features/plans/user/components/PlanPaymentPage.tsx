import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_SUCCESS_MESSAGE, type PlanCategory, type PlanSummary } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { PaymentCardForm, useCardPayment, type PaymentCardValues } from '@/components/payment';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useHomePlans } from '../api/get-home-plans';
import { usePayPlan } from '../api/pay-plan';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { afterPaymentPath, idFromSearch, planDetailsPath, type PlanFlowBase } from '../model/plan-flow';
import { BackLink } from '@/components/BackLink';

/** docs/product.md §13.3 profile/payment: navigation state may carry navigateBackUrl and the plan id. */
interface PaymentState {
  navigateBackUrl?: unknown;
  id?: unknown;
}

/** Only a path inside the user area is followed, so a crafted state cannot send the person elsewhere. */
const safeBackUrl = (value: unknown) =>
  typeof value === 'string' && /^\/?user(\/|$)/.test(value) ? `/${value.replace(/^\//, '')}` : null;

function findPlan(categories: PlanCategory[], id: number | null): PlanSummary | undefined {
  return categories.flatMap((category) => category.plans).find((plan) => plan.id === id);
}

/**
 * The payment page of a plan (docs/product.md §13.3, §13.4, §13.5): /plan-details/payment under either flow, the renew
 * page of the logs, and profile/payment. The plan is named in the URL (?plan=7, so a reload keeps it) or
 * in the state's `id`. A made payment shows 'Payment Successfully Made!' and moves on; a refused one
 * shows the server's message in red under the form and charges nothing.
 */
export function PlanPaymentPage({ base, renew = false }: { base: PlanFlowBase; renew?: boolean }) {
  useTitle(renew ? 'Renew Plan' : 'Payment');
  const [search] = useSearchParams();
  const state = (useLocation().state ?? {}) as PaymentState;
  const navigate = useNavigate();
  const dialog = useDialog();
  const planId = idFromSearch(search, 'plan') ?? (typeof state.id === 'number' ? state.id : null);
  const plans = useHomePlans();
  const pay = usePayPlan();
  const payment = useCardPayment();
  const back = safeBackUrl(state.navigateBackUrl) ?? afterPaymentPath(base);
  const plan = findPlan(plans.data?.data ?? [], planId);

  const onSubmit = (card: PaymentCardValues) => {
    if (!plan) return;
    payment.start();
    pay.mutate(
      { planId: plan.id, card, headers: payment.headers },
      {
        onSuccess: async () => {
          payment.paid();
          await dialog({ variant: 'success', title: PAYMENT_SUCCESS_MESSAGE });
          void navigate(back, { replace: true });
        },
        onError: payment.refused,
      },
    );
  };

  return (
    <div className="container py-5 page-narrow">
      <BackLink to={renew ? '/user/subscription-logs' : planDetailsPath(base)}>Back</BackLink>
      <h1 className="h2">{renew ? 'Renew Plan' : 'Payment'}</h1>
      {plans.isPending ? (
        <Loading />
      ) : plans.error ? (
        <FormError message={errorMessage(plans.error, FETCH_FAILED_MESSAGE)} />
      ) : !plan ? (
        <EmptyState text="This plan is not on offer any more.">
          <Link to="/user/subscription-plans" className="btn btn-outline-primary">
            See the plans on offer
          </Link>
        </EmptyState>
      ) : (
        <div className="card p-4 mt-3">
          <h2 className="h4 mb-1">{plan.title}</h2>
          <p className="mb-1">
            Amount: <strong>{priceLabel(plan.price)}</strong> / {durationLabel(plan.duration)}
          </p>
          {renew && (
            <p className="text-body-secondary small">
              Your current package of this kind expires as soon as this payment is made.
            </p>
          )}
          <hr />
          <PaymentCardForm
            amount={plan.price}
            submitting={pay.isPending}
            {...payment.refusal}
            onSubmit={onSubmit}
          />
        </div>
      )}
    </div>
  );
}

export const PlansFlowPaymentPage = () => <PlanPaymentPage base="subscription-plans" />;
export const LogsFlowPaymentPage = () => <PlanPaymentPage base="subscription-logs" />;
export const RenewPaymentPage = () => <PlanPaymentPage base="subscription-logs" renew />;
