import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { scheduledDeliveries as d, type DeliveryRow } from './delivery.schema';
import { now, staleClaim, unclaimed } from './delivery.conditions';
import { accountsView, activeAccount } from '../accounts';
import { videosView as videos } from '../videos';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** What sending needs of a claimed delivery. */
export interface ClaimedDelivery {
  id: number;
  videoId: number;
  ownerId: number;
  recipientEmail: string;
  messageId: string;
  attempts: number;
  videoTitle: string;
  videoDescription: string;
  ownerFirstName: string;
  ownerLastName: string;
  /** When the first attempt was claimed: the three days of retries count from it (docs/product.md §5.2). */
  firstAttemptAt: Date | null;
}

/** A finished delivery whose owner's notice this caller took, with the video's title for the notice. */
export interface OwnerNoticeTaken {
  delivery: DeliveryRow;
  video: { id: number; title: string };
}

/**
 * The worker's side of the delivery table: claim, record the outcome, wait, cancel, find lost jobs and
 * take owners' notices. Part of the module's one repository (delivery.repo.ts spreads it in).
 */
/** A delivery waits again: pending, next attempt `delaySeconds` from now (database time), with why. */
const backToPending = (delaySeconds: number, why: string) => ({
  status: 'pending' as const,
  nextAttemptAt: sql`now() + ${delaySeconds} * interval '1 second'`,
  lastError: why,
  claimedBy: null,
  updatedAt: now,
});

export function createDeliveryClaims(db: Db) {
  return {
    /** The delivery with what the worker checks before sending, and the database's clock. */
    async loadForSend(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          delivery: d,
          video: {
            id: videos.id,
            title: videos.title,
            description: videos.description,
            folder: videos.folder,
            state: videos.state,
            mediaKey: videos.mediaKey,
          },
          owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, status: users.status },
          dbNow: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
        })
        .from(d)
        .innerJoin(videos, eq(videos.id, d.videoId))
        .innerJoin(users, eq(users.id, d.ownerId))
        .where(eq(d.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * The claim: one atomic UPDATE, so of two workers (or a retry and a late job) only one gets each row; each
     * claim is one attempt. It claims, of the given deliveries, those that may be sent now, with everything
     * the e-mail needs, in one statement (a worker claims a fetched batch at once): claimable (pending and
     * due, or sending with a dead claimant) and sendable (video in the scheduled folder and ready, owner
     * active). A delivery left out fails one of those (see loadForSend for why).
     *
     * The owner is joined through the delivery (`users.id = d.owner_id`, a cross join narrowed by WHERE), not
     * through the video: with the video's owner in the join too, a planner without statistics (PGlite has no
     * autovacuum) walks all of an owner's scheduled videos for each row instead of using the videos' key.
     */
    async claimReadyMany(ids: number[], workerId: number, tx: DbOrTx = db): Promise<ClaimedDelivery[]> {
      if (ids.length === 0) return [];
      return tx
        .update(d)
        .set({
          status: 'sending',
          attempts: sql`${d.attempts} + 1`,
          claimedAt: now,
          claimedBy: workerId,
          firstAttemptAt: sql`coalesce(${d.firstAttemptAt}, now())`,
          updatedAt: now,
        })
        .from(videos)
        .innerJoin(users, sql`true`)
        .where(
          and(
            inArray(d.id, ids),
            eq(videos.id, d.videoId),
            eq(users.id, d.ownerId),
            eq(videos.folder, 'scheduled'),
            eq(videos.state, 'ready'),
            isNotNull(videos.mediaKey),
            activeAccount(users),
            or(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)), staleClaim),
          ),
        )
        .returning({
          id: d.id,
          videoId: d.videoId,
          ownerId: d.ownerId,
          recipientEmail: d.recipientEmail,
          messageId: d.messageId,
          attempts: d.attempts,
          videoTitle: videos.title,
          videoDescription: videos.description,
          ownerFirstName: users.firstName,
          ownerLastName: users.lastName,
          firstAttemptAt: d.firstAttemptAt,
        });
    },

    /**
     * Records that the server has (or is about to have) the message. Matches this claim (`attempts`). Once
     * the server `accepted` it, a cancel that landed meanwhile does not matter: the message was delivered,
     * and the row says so. Before the send (the PostgreSQL path marks first, inside the transaction that
     * stays open during the SMTP exchange) a cancel wins: nothing is marked and nothing is sent. The owner's
     * notice comes after (takeOwnerNotices).
     */
    async markSent(
      id: number,
      attempt: number,
      options: { accepted: boolean },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      // The outbox row (decision 0305) is written by the same statement: no round trip is added to the
      // burst's hot path, and it commits with the mark or not at all.
      const statuses = options.accepted ? sql`in ('sending', 'cancelled')` : sql`= 'sending'`;
      const result = (await tx.execute(sql`
        with marked as (
          update ${d} set status = 'sent', sent_at = now(), last_error = null, updated_at = now()
          where id = ${id} and attempts = ${attempt} and status ${statuses}
          returning id, owner_id, recipient_email, message_id, attempts
        ), recorded as (
          insert into ${mailOutbox}
            (kind, to_email, message_id, state, attempts, account_id, ref, created_at, updated_at, sent_at)
          select 'delivery', recipient_email, message_id, 'sent', attempts, owner_id, 'delivery:' || id,
            now(), now(), now()
          from marked
          on conflict (message_id) do update set state = 'sent', attempts = excluded.attempts,
            last_error = null, updated_at = excluded.updated_at, sent_at = excluded.sent_at
        )
        select id from marked`)) as unknown as { rows: Array<{ id: number }> };
      return result.rows.length === 1;
    },

    /** Temporary failure: back to pending, next attempt after `delaySeconds` (database time). */
    async releaseForRetry(
      id: number,
      attempt: number,
      delaySeconds: number,
      reason: string,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const [row] = await tx
        .update(d)
        .set(backToPending(delaySeconds, reason))
        .where(and(eq(d.id, id), eq(d.attempts, attempt), eq(d.status, 'sending')))
        .returning();
      return row ?? null;
    },

    /** Permanent failure of a claimed attempt (or, with `attempt` null, of an unclaimed one). */
    async markFailed(
      id: number,
      attempt: number | null,
      reason: string,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const mine = attempt === null ? unclaimed : and(eq(d.attempts, attempt), eq(d.status, 'sending'));
      // The caller notifies the owner in the same transaction.
      const [row] = await tx
        .update(d)
        .set({ status: 'failed', lastError: reason, updatedAt: now, ownerNotifiedAt: now })
        .where(and(eq(d.id, id), mine))
        .returning();
      return row ?? null;
    },

    /** An unclaimed delivery that must wait (video still processing, owner deactivated). */
    async postpone(
      id: number,
      delaySeconds: number,
      note: string,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow | null> {
      const [row] = await tx
        .update(d)
        .set(backToPending(delaySeconds, note))
        .where(and(eq(d.id, id), unclaimed))
        .returning();
      return row ?? null;
    },

    async cancelUnclaimed(id: number, reason: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(d)
        .set({ status: 'cancelled', lastError: reason, updatedAt: now })
        .where(and(eq(d.id, id), unclaimed))
        .returning({ id: d.id });
      return rows.length === 1;
    },

    /**
     * Rows whose job may have been lost (a crash, a job that failed for good): pending and overdue by more
     * than `graceSeconds`, sending with a dead claimant, or finished without the owner's notice. The sweeper
     * enqueues a job for each (a queued job is not duplicated: singleton key).
     */
    async findOrphans(graceSeconds: number, limit: number, tx: DbOrTx = db) {
      const grace = sql`now() - ${graceSeconds} * interval '1 second'`;
      const columns = { id: d.id, nextAttemptAt: d.nextAttemptAt };
      // Three indexed lookups rather than one OR over the whole table.
      const [overdue, abandoned, unnotified] = await Promise.all([
        tx
          .select(columns)
          .from(d)
          .where(and(eq(d.status, 'pending'), sql`${d.nextAttemptAt} < ${grace}`))
          .orderBy(d.nextAttemptAt)
          .limit(limit),
        tx.select(columns).from(d).where(staleClaim).limit(limit),
        tx
          .select(columns)
          .from(d)
          .where(
            and(
              inArray(d.status, ['sent', 'failed']),
              isNull(d.ownerNotifiedAt),
              sql`${d.updatedAt} < ${grace}`,
            ),
          )
          .limit(limit),
      ]);
      return [...abandoned, ...overdue, ...unnotified];
    },

    /**
     * Takes the right to tell owners how their deliveries ended: each finished delivery without its notice is
     * returned to exactly one caller, inside the transaction that creates the notifications. `id` takes that
     * one delivery only; otherwise up to `limit`, oldest first, skipping rows another worker holds.
     */
    async takeOwnerNotices(
      options: { id?: number; limit: number },
      tx: DbOrTx = db,
    ): Promise<OwnerNoticeTaken[]> {
      const unnotified = and(inArray(d.status, ['sent', 'failed']), isNull(d.ownerNotifiedAt));
      const candidates = tx
        .select({ id: d.id })
        .from(d)
        .where(options.id === undefined ? unnotified : and(unnotified, eq(d.id, options.id)))
        .orderBy(d.updatedAt)
        .limit(options.limit)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(d)
        .set({ ownerNotifiedAt: now })
        .where(and(inArray(d.id, candidates), unnotified))
        .returning();
      if (rows.length === 0) return [];
      const titles = await tx
        .select({ id: videos.id, title: videos.title })
        .from(videos)
        .where(
          inArray(
            videos.id,
            rows.map((row) => row.videoId),
          ),
        );
      const byId = new Map(titles.map((video) => [video.id, video]));
      return rows.flatMap((delivery) => {
        const video = byId.get(delivery.videoId);
        return video ? [{ delivery, video }] : [];
      });
    },
  };
}
