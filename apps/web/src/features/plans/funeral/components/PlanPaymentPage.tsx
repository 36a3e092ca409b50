import { Navigate, useLocation, useNavigate } from 'react-router';
import { PAYMENT_SUCCESS_MESSAGE } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { PaymentCardForm, useIdempotencyKey, type PaymentCardValues } from '@/components/payment';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useGoBack } from '@/lib/use-go-back';
import { useTitle } from '@/lib/use-title';
import { usePayForPlan } from '../api/pay-for-plan';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { paymentStateOf } from '../model/payment-state';

/**
 * A funeral-home plan's payment page (subscription-plans/payment, change-plan/payment, history/payment):
 * the chosen plan comes in the navigation state; without one the page goes back to `chooseAt`.
 * Success reads 'Payment Successfully Made!' (docs/product.md §13.5) and goes on to `doneAt`.
 */
export function PlanPaymentPage({ chooseAt, doneAt }: { chooseAt: string; doneAt: string }) {
  useTitle('Payment');
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useDialog();
  const pay = usePayForPlan();
  const { headers, settle } = useIdempotencyKey();
  const goBack = useGoBack(chooseAt);
  const chosen = paymentStateOf(location.state);
  if (!chosen) return <Navigate to={chooseAt} replace />;
  const { plan } = chosen;

  const submit = (card: PaymentCardValues) => {
    pay.mutate(
      { planId: plan.id, card, headers },
      {
        onSuccess: async () => {
          settle();
          await dialog({ variant: 'success', title: PAYMENT_SUCCESS_MESSAGE });
          navigate(doneAt, { replace: true });
        },
        onError: (error) => settle(error),
      },
    );
  };
  const fields = fieldErrors(pay.error);

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <h1>Payment</h1>
      <div className="card p-3 mb-4 text-break">
        <h2 className="h5 mb-1">{plan.title}</h2>
        <p className="mb-0">
          {priceLabel(plan.price)}{' '}
          <span className="text-body-secondary">/ {durationLabel(plan.duration)}</span>
        </p>
      </div>
      <PaymentCardForm
        amount={plan.price}
        submitting={pay.isPending}
        serverFieldErrors={fields}
        serverError={pay.error && Object.keys(fields).length === 0 ? errorMessage(pay.error) : null}
        onSubmit={submit}
      />
      <div className="text-center mt-3">
        <button type="button" className="btn btn-link" onClick={() => goBack()}>
          Back
        </button>
      </div>
    </div>
  );
}

const SETTING = '/funeral/subscription-setting';

/** /funeral/subscription-plans/payment: a first plan; then the home's profile (docs/product.md §13.3). */
export const SubscriptionPlansPaymentPage = () => (
  <PlanPaymentPage chooseAt="/funeral/subscription-plans" doneAt="/funeral/profile" />
);

/** /funeral/subscription-setting/change-plan/payment: back to the setting page after paying. */
export const ChangePlanPaymentPage = () => <PlanPaymentPage chooseAt={SETTING} doneAt={SETTING} />;

/** /funeral/subscription-setting/history/payment: a renewal from the history. */
export const HistoryPaymentPage = () => <PlanPaymentPage chooseAt={`${SETTING}/history`} doneAt={SETTING} />;
