import { FREE_VIDEO_SECONDS } from '@pw/contracts';

/**
 * The extra time bought on /user/video/upload/payment, kept for the upload it was bought for
 * (docs/product.md §3.4). Session storage: it survives the way back to the upload page and a reload, not the
 * tab; the edit list (editVideos) is untouched. The server consumes the payment once, with the upload.
 */
const KEY = 'paidExtraTime';

export interface PaidExtraTime {
  paymentId: string;
  /** Seconds bought beyond the free time. */
  seconds: number;
}

export function readPaidExtraTime(): PaidExtraTime | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PaidExtraTime | null;
    return value && typeof value.paymentId === 'string' && typeof value.seconds === 'number' ? value : null;
  } catch {
    return null;
  }
}

export const savePaidExtraTime = (paid: PaidExtraTime) => sessionStorage.setItem(KEY, JSON.stringify(paid));
export const clearPaidExtraTime = () => sessionStorage.removeItem(KEY);

/** The stored payment when it covers a video of this length (with the server's quarter-second grace). */
export function paymentCovering(totalSeconds: number): PaidExtraTime | null {
  const paid = readPaidExtraTime();
  return paid && totalSeconds <= FREE_VIDEO_SECONDS + paid.seconds + 0.25 ? paid : null;
}
