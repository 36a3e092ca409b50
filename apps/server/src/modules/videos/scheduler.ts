import type { DeliveryInfo, ScheduleBody } from '@pw/contracts';
import type { DbTx } from '../../platform/db';

/**
 * What the video row keeps of a schedule, so the video API shows it whichever scheduler is plugged in;
 * everything else about the schedule is the delivery module's.
 */
export interface ScheduleOnVideo {
  recipientEmail: string;
  /** The instant, already in UTC. */
  dueAt: Date;
  /** The owner's IANA zone the date and time were given in. */
  timezone: string;
}

/**
 * The seam between videos and scheduled delivery (docs/product.md §5), implemented by the delivery
 * module. The video service reads a body's schedule first (`read`: the form's 422s, before anything is
 * written), then calls `schedule` with what `read` answered, whole, whenever a video enters the
 * scheduled folder or its schedule changes (it replaces any pending delivery of that video), and
 * `cancel` whenever it leaves the folder or is deleted. Calls happen inside the transaction that changes
 * the video when `tx` is given, so a delivery is never scheduled for a change that rolled back; an
 * implementation must use `tx` for its own writes when it is passed.
 */
export interface DeliveryScheduler {
  read(body: ScheduleBody, now: Date): ScheduleOnVideo;
  schedule(input: ScheduleOnVideo & { videoId: number; ownerId: number }, tx?: DbTx): Promise<void>;
  cancel(videoId: number, tx?: DbTx): Promise<void>;
  /** Each video's delivery (live, else latest) as the video API shows it; absent when nothing delivers. */
  deliveryJsonFor?(videoIds: number[]): Promise<Map<number, DeliveryInfo>>;
}
