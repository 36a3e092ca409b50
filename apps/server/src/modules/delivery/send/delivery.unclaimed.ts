import type { DeliveryStatus } from '@pw/contracts';

/**
 * What a worker does about a delivery its claim did not get (delivery.decide.ts), decided from the
 * rows alone, in this order: a finished one is only followed up (the owner's notice), a cancelled one
 * left; an early one comes back at its time; then, for one that is due, the owner's account, the
 * video's folder and the video's state say whether it waits, is cancelled or failed. Anything else is
 * held by a live claim: someone else is sending it (docs/decisions/0040-exactly-once-delivery.md).
 */
export type UnclaimedAction =
  'notify-owner' | 'finished' | 'come-back' | 'hold' | 'cancel' | 'fail' | 'wait-for-video' | 'taken';

export function unclaimedAction(
  delivery: { status: DeliveryStatus; nextAttemptAt: Date },
  video: { folder: string; state: string; mediaKey: string | null },
  ownerActive: boolean,
  dbNow: Date,
): UnclaimedAction {
  if (delivery.status === 'sent' || delivery.status === 'failed') return 'notify-owner';
  if (delivery.status === 'cancelled') return 'finished';
  // Early (a sweeper's or duplicate job).
  if (delivery.status === 'pending' && delivery.nextAttemptAt > dbNow) return 'come-back';
  if (!ownerActive) return 'hold';
  if (video.folder !== 'scheduled') return 'cancel';
  if (video.state === 'failed' || (video.state === 'ready' && !video.mediaKey)) return 'fail';
  if (video.state !== 'ready') return 'wait-for-video';
  return 'taken';
}
