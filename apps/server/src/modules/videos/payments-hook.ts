import type { DbTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { INVALID_PAYMENT_MESSAGE } from '@pw/contracts';

/**
 * Extra length bought for one upload or merge (docs/product.md §7: a one-time purchase buys whole minutes and its
 * payment id is consumed by the video it was passed with). The payments module provides the real one.
 */
export interface VideoPayments {
  /**
   * Extra seconds `paymentId` adds to this user's next video. Throws a 422 ('The payment is invalid or
   * already used.') for an id that is unknown, another user's, not a time purchase, or already consumed.
   */
  paymentAllowance(paymentId: string, userId: number): Promise<number>;
  /** Marks the payment used by `videoId`, inside the transaction that creates the video. */
  consume(paymentId: string, userId: number, videoId: number, tx: DbTx): Promise<void>;
  /**
   * The video failed: the payment it used is unused again, for a later upload or merge, inside the
   * transaction that records the failure. Nothing for a video that used none.
   */
  release(videoId: number, tx: DbTx): Promise<void>;
}

export const invalidPayment = () =>
  new AppError(422, INVALID_PAYMENT_MESSAGE, { payment_id: [INVALID_PAYMENT_MESSAGE] });

/**
 * Until payments exist no purchase can be found: every id is unknown (422), and without an id the
 * allowance is the free 60 seconds. Nothing can therefore reach `consume`.
 */
export const noVideoPayments: VideoPayments = {
  async paymentAllowance() {
    throw invalidPayment();
  },
  async consume() {
    throw invalidPayment();
  },
  async release() {},
};
