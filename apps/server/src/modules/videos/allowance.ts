import { FREE_VIDEO_SECONDS } from '@pw/contracts';
import { invalid } from '../../platform/errors';
import type { VideoPayments } from './payments-hook';

/** Containers round lengths a little (audio frames, timestamps): a "60 s" recording may probe as 60.05 s. */
const LENGTH_TOLERANCE_SECONDS = 0.25;

export const allowanceMessage = (seconds: number) =>
  `The video is longer than your ${seconds} seconds allowance. Buy extra time to save it.`;

/** How long one video may be: the free seconds plus what a passed payment buys (docs/product.md §3.4). */
export function createAllowance(payments: VideoPayments) {
  /**
   * Refuses a total over the allowance (a 422 on `field`); says whether the payment is to be used, and
   * the length the video is allowed (what processing cuts it to).
   */
  return async function checkAllowance(
    totalSeconds: number,
    ownerId: number,
    paymentId: string | undefined,
    field: string,
  ) {
    const extra = paymentId ? await payments.paymentAllowance(paymentId, ownerId) : 0;
    const allowed = FREE_VIDEO_SECONDS + extra;
    if (totalSeconds > allowed + LENGTH_TOLERANCE_SECONDS) throw invalid(field, allowanceMessage(allowed));
    // The payment is used only when the free time was not enough; an unused one stays for a later video.
    const consumePayment =
      paymentId !== undefined && totalSeconds > FREE_VIDEO_SECONDS + LENGTH_TOLERANCE_SECONDS;
    return { consumePayment, allowanceSeconds: consumePayment ? allowed : FREE_VIDEO_SECONDS };
  };
}

export type CheckAllowance = ReturnType<typeof createAllowance>;
