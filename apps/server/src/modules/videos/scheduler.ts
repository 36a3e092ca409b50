import type { Db } from '../../platform/db';

/**
 * What the video service calls when a video enters or leaves the scheduled folder, changes its time or
 * is deleted. The real implementation is the delivery module's (`deps.delivery`); `tx` lets the call
 * take part in the video service's transaction, so the folder change and the schedule commit together.
 */
export interface DeliveryScheduler {
  schedule(
    input: { videoId: number; ownerId: number; recipientEmail: string; dueAt: Date },
    tx?: Db,
  ): Promise<void>;
  cancel(videoId: number, tx?: Db): Promise<void>;
}
