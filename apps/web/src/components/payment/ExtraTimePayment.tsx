import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import {
  buyExtraTime,
  extraMinutesNeeded,
  extraTimePrice,
  useExtraTimeRate,
  type ChosenExtraTime,
} from '@/lib/extra-time';
import { planKeys } from '@/lib/query-keys';
import { formatSeconds } from '@/lib/videos';
import { PaymentCardForm, type PaymentCardValues } from './PaymentCardForm';
import { UnusedExtraTime } from './UnusedExtraTime';
import { useCardPayment } from './use-card-payment';

export const NO_RATE_MESSAGE = 'Extra video time is not on sale at the moment. Please try again later.';

/**
 * Buying the minutes a video needs beyond the free 60 seconds (docs/product.md §13.5, §3.4): how long the
 * video is, the minutes needed, the price per minute and the total (rate × minutes, from the server's
 * current rate), then the shared card form. Extra time bought earlier and still unused is offered first.
 * `onPaid` gets the payment the upload or merge sends: the one just bought, or an earlier one applied.
 */
export function ExtraTimePayment({
  totalSeconds,
  onPaid,
}: {
  totalSeconds: number;
  onPaid: (choice: ChosenExtraTime) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  const rate = useExtraTimeRate();
  const payment = useCardPayment();
  const buy = useMutation({ mutationFn: buyExtraTime });
  const minutes = Math.max(1, extraMinutesNeeded(totalSeconds));

  if (rate.isPending) return <Loading />;
  if (rate.error) return <FormError message={errorMessage(rate.error, FETCH_FAILED_MESSAGE)} />;
  if (!rate.data) return <FormError message={NO_RATE_MESSAGE} />;
  const price = extraTimePrice(rate.data.rate, minutes);

  const onSubmit = (card: PaymentCardValues) => {
    payment.start();
    buy.mutate(
      { minutes, card, headers: payment.headers },
      {
        onSuccess: async (answer) => {
          payment.paid();
          void queryClient.invalidateQueries({ queryKey: planKeys.unusedExtraTime() });
          await onPaid({ paymentId: answer.data.payment_id, seconds: minutes * 60, bought: true });
        },
        onError: payment.refused,
      },
    );
  };

  return (
    <div>
      <UnusedExtraTime totalSeconds={totalSeconds} onUse={(choice) => void onPaid(choice)} />
      <dl className="row mb-3" aria-label="Extra time">
        <dt className="col-7">Video length</dt>
        <dd className="col-5 text-end">{formatSeconds(totalSeconds)}</dd>
        <dt className="col-7">Extra minutes needed</dt>
        <dd className="col-5 text-end" data-testid="extra-minutes">
          {minutes}
        </dd>
        <dt className="col-7">Price per minute</dt>
        <dd className="col-5 text-end">${rate.data.rate}</dd>
        <dt className="col-7">Amount</dt>
        <dd className="col-5 text-end fw-bold" data-testid="extra-amount">
          ${price}
        </dd>
      </dl>
      <PaymentCardForm amount={price} submitting={buy.isPending} {...payment.refusal} onSubmit={onSubmit} />
    </div>
  );
}
