import type { DbTx } from '../../platform/db';

/** What a scheduled video needs delivered: to whom and when (the instant, already in UTC). */
export interface ScheduleInput {
  videoId: number;
  ownerId: number;
  recipientEmail: string;
  /** Where the video goes if the recipient's server refuses it (decision 0370); lower case. */
  fallbackEmail?: string | null;
  dueAt: Date;
  /** The owner's IANA zone the date and time were given in (for messages that show the time). */
  timezone?: string;
  /** The owner's wall-clock date and time (`yyyy-mm-ddThh:mm:ss`), which a yearly delivery keeps. */
  localAt?: string;
  /** `yearly`: delivered every year at that date and time until `repeatUntil` (default `none`). */
  repeat?: 'none' | 'yearly';
  repeatUntil?: number | null;
  /** Whether the owner is told when the recipient first opens it (default true; docs/product.md §5.8). */
  receipts?: boolean;
}

/**
 * The seam between videos and scheduled delivery (docs/product.md §5). The video service
 * calls it whenever a video enters the scheduled folder or its schedule changes (`schedule`, which
 * replaces any pending delivery of that video), and whenever it leaves the folder or is deleted
 * (`cancel`). Calls happen inside the transaction that changes the video when `tx` is given, so a
 * delivery is never scheduled for a change that rolled back; an implementation must use `tx` for its
 * own writes when it is passed.
 *
 * The video row itself keeps recipient, instant and zone (written by the video service), so the video
 * API shows them whichever scheduler is plugged in.
 */
export interface DeliveryScheduler {
  schedule(input: ScheduleInput, tx?: DbTx): Promise<void>;
  cancel(videoId: number, tx?: DbTx): Promise<void>;
  /** Each video's delivery (live, else latest), for the scheduled list; absent when nothing delivers. */
  statusFor?(videoIds: number[]): Promise<Map<number, ScheduledDeliveryStatus>>;
}

export interface ScheduledDeliveryStatus {
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'awaiting_owner' | 'bounced';
  recipientEmail: string;
  fallbackEmail: string | null;
  /** On a delivery made to the second address: the first one, which bounced or failed. */
  replacesEmail: string | null;
  dueAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  repeat?: 'none' | 'yearly';
  repeatUntil?: number | null;
  /** The occurrence still to be sent, if any. */
  nextAt?: Date | null;
  /** Whether the owner is told of the first open (docs/product.md §5.8). */
  receipts?: boolean;
  /** The yearly address check's latest question about the current pending delivery (§5.9), if any. */
  addressCheck?: { askedAt: Date; confirmedAt: Date | null } | null;
  /** Finished occurrences, newest first. */
  history?: Array<{
    at: Date;
    status: 'sent' | 'bounced' | 'failed' | 'cancelled';
    recipient: string;
    /** Whether the owner is told of its opens; without, neither `openedAt` nor `openCount` is given. */
    receipts: boolean;
    openedAt: Date | null;
    /** How many times its watch link was opened; null without receipts. */
    openCount: number | null;
  }>;
}

/**
 * The default until the delivery module plugs in its own (see docs/decisions/0031): the instant is
 * recorded on the video row by the video service and nothing else happens, so no e-mail is sent.
 */
export function createRowOnlyScheduler(logger: { debug(obj: object, msg: string): void }): DeliveryScheduler {
  return {
    async schedule(input) {
      logger.debug(
        { videoId: input.videoId, dueAt: input.dueAt.toISOString() },
        'delivery recorded on the video row',
      );
    },
    async cancel(videoId) {
      logger.debug({ videoId }, 'delivery cleared from the video row');
    },
  };
}
