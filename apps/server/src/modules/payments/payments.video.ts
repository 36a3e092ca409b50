import type { DbTx } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { invalidPayment, type VideoPayments } from '../videos';
import type { PaymentsRepo } from './payments.repo';

/** Payment ids are the rows' numbers as text; anything else names no payment. */
const paymentNumber = (paymentId: string) => (/^\d{1,9}$/.test(paymentId) ? Number(paymentId) : 0);

/**
 * The extra length a payment buys a video: only an extra-time payment, only its owner's,
 * only once. `consume` runs in the video's transaction and claims the row with a guarded update, so two
 * uploads racing with one payment id cannot both use it. A video that fails gives it back (`release`):
 * bought time is never lost to a video that does not exist.
 */
export function createVideoPayments(repo: PaymentsRepo, clock: Clock): VideoPayments {
  return {
    async paymentAllowance(paymentId, userId) {
      const row = await repo.find(paymentNumber(paymentId));
      if (!row || row.accountId !== userId || row.extraSeconds === null || row.consumedAt !== null)
        throw invalidPayment();
      return row.extraSeconds;
    },
    async consume(paymentId, userId, videoId, tx: DbTx) {
      if (!(await repo.consume(paymentNumber(paymentId), userId, videoId, clock.now(), tx)))
        throw invalidPayment();
    },
    async release(videoId, tx: DbTx) {
      await repo.release(videoId, tx);
    },
  };
}
