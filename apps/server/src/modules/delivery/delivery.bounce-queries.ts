import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { scheduledDeliveries as d, type DeliveryRow } from './delivery.schema';
import { live, now } from './delivery.conditions';
import type { RowSchedule } from './delivery.copy';

/**
 * The delivery table's side of bounces and second addresses (decision 0385; docs/product.md §5.2): each
 * change is one conditional UPDATE, so of any number of reports, retries or workers exactly one records it
 * and goes on to the second address and the owner's notice, in the same transaction. Part of the
 * module's one repository (delivery.repo.ts spreads it in).
 */
export function createBounceQueries(db: Db) {
  /** Bounced, with why; the owner's notice is created by the caller in the same transaction. */
  const bounced = (reason: string) => ({
    status: 'bounced' as const,
    lastError: reason,
    claimedBy: null,
    updatedAt: now,
    ownerNotifiedAt: now,
  });

  return {
    /** A claimed attempt the recipient's server refused for good (a 5xx to RCPT or DATA). */
    async markBouncedClaimed(
      id: number,
      attempt: number,
      reason: string,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const [row] = await tx
        .update(d)
        .set(bounced(reason))
        .where(and(eq(d.id, id), eq(d.attempts, attempt), eq(d.status, 'sending')))
        .returning();
      return row ?? null;
    },

    /**
     * A report that a delivery the server had taken came back: sent → bounced, once however often it is
     * told, and only while it may still be a bounce (decision 0385): never opened, and accepted after
     * `sentAfter`. A report about a link that was opened, or that comes later than any mail server keeps
     * a message, never turns off a working link. The open's claim updates the same row, so of an open and
     * a report at once the second to commit re-reads the row and finds the first's outcome.
     */
    async markBouncedAfterSent(
      id: number,
      reason: string,
      sentAfter: Date,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const [row] = await tx
        .update(d)
        .set(bounced(reason))
        .where(
          and(
            eq(d.id, id),
            eq(d.status, 'sent'),
            isNull(d.openedAt),
            eq(d.openCount, 0),
            gt(d.sentAt, sentAfter),
          ),
        )
        .returning();
      return row ?? null;
    },

    async findById(id: number, tx: DbOrTx = db): Promise<DeliveryRow | null> {
      const [row] = await tx.select().from(d).where(eq(d.id, id)).limit(1);
      return row ?? null;
    },

    /** Whether the video has a delivery still to come (a reschedule after the bounced one). */
    async hasLive(videoId: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: d.id })
        .from(d)
        .where(and(eq(d.videoId, videoId), live))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The delivery to the second address, due now. Null when the video already has a live one (the
     * one-live-per-video index: a reschedule that got there first).
     */
    async insertFallback(
      values: RowSchedule & Pick<DeliveryRow, 'dueAt' | 'tokenHash' | 'messageId' | 'fallbackOf'>,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const [row] = await tx
        .insert(d)
        .values({ ...values, fallbackEmail: values.recipientEmail, nextAttemptAt: sql`now()` })
        .onConflictDoNothing({
          target: d.videoId,
          where: sql`status in ('pending', 'sending')`,
        })
        .returning();
      return row ?? null;
    },
  };
}
