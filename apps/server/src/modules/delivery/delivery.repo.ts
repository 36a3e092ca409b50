import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { users } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';
import { scheduledDeliveries as d, type DeliveryRow, type DeliveryStatus } from './delivery.schema';
import { claimantGone } from './liveness';

const now = sql`now()`;
const live = inArray(d.status, ['pending', 'sending']);

/**
 * A claim older than this is treated as abandoned even if its worker still holds its liveness lock
 * (a worker stuck for that long inside one SMTP transaction, whose timeouts add up to about 80 s).
 */
export const CLAIM_SAFETY_NET = sql`interval '30 minutes'`;

/** A `sending` row whose worker died (or overran the safety net): it may be claimed again. */
export const staleClaim: SQL = and(
  eq(d.status, 'sending'),
  or(claimantGone(d.claimedBy), sql`${d.claimedAt} < now() - ${CLAIM_SAFETY_NET}`),
)!;

/** Not held by a live worker: pending, or sending with a dead claimant. */
const unclaimed: SQL = or(eq(d.status, 'pending'), staleClaim)!;

export async function insertDelivery(
  db: Db,
  values: Pick<DeliveryRow, 'videoId' | 'ownerId' | 'recipientEmail' | 'dueAt' | 'tokenHash' | 'messageId'>,
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(d)
    .values({ ...values, nextAttemptAt: values.dueAt })
    .returning();
  return row!;
}

/** Cancels the video's live delivery (if any). A `sending` one may still end `sent`: see the record. */
export async function cancelLive(db: Db, videoId: number): Promise<number> {
  const rows = await db
    .update(d)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(d.videoId, videoId), live))
    .returning({ id: d.id });
  return rows.length;
}

/** The delivery with what the worker checks before sending, and the database's clock. */
export async function loadForSend(db: Db, id: number) {
  const [row] = await db
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
}

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
}

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
export async function claimReadyMany(db: Db, ids: number[], workerId: number): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  return db
    .update(d)
    .set({
      status: 'sending',
      attempts: sql`${d.attempts} + 1`,
      claimedAt: now,
      claimedBy: workerId,
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
        eq(users.status, 1),
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
    });
}

/**
 * Records that the server has (or is about to have) the message. Matches this claim (`attempts`). Once
 * the server `accepted` it, a cancel that landed meanwhile does not matter: the message was delivered,
 * and the row says so. Before the send (the PostgreSQL path marks first, inside the transaction that
 * stays open during the SMTP exchange) a cancel wins: nothing is marked and nothing is sent. The owner's
 * notice comes after (takeOwnerNotices).
 */
export async function markSent(
  db: Db,
  id: number,
  attempt: number,
  options: { accepted: boolean },
): Promise<boolean> {
  const rows = await db
    .update(d)
    .set({ status: 'sent', sentAt: now, lastError: null, updatedAt: now })
    .where(
      and(
        eq(d.id, id),
        eq(d.attempts, attempt),
        inArray(d.status, options.accepted ? ['sending', 'cancelled'] : ['sending']),
      ),
    )
    .returning({ id: d.id });
  return rows.length === 1;
}

/** Temporary failure: back to pending, next attempt after `delaySeconds` (database time). */
export async function releaseForRetry(
  db: Db,
  id: number,
  attempt: number,
  delaySeconds: number,
  reason: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(d)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now() + ${delaySeconds} * interval '1 second'`,
      lastError: reason,
      claimedBy: null,
      updatedAt: now,
    })
    .where(and(eq(d.id, id), eq(d.attempts, attempt), eq(d.status, 'sending')))
    .returning();
  return row ?? null;
}

/** Permanent failure of a claimed attempt (or, with `attempt` null, of an unclaimed one). */
export async function markFailed(
  db: Db,
  id: number,
  attempt: number | null,
  reason: string,
): Promise<DeliveryRow | null> {
  const mine = attempt === null ? unclaimed : and(eq(d.attempts, attempt), eq(d.status, 'sending'));
  // The caller notifies the owner in the same transaction.
  const [row] = await db
    .update(d)
    .set({ status: 'failed', lastError: reason, updatedAt: now, ownerNotifiedAt: now })
    .where(and(eq(d.id, id), mine))
    .returning();
  return row ?? null;
}

/** An unclaimed delivery that must wait (video still processing, owner deactivated). */
export async function postpone(
  db: Db,
  id: number,
  delaySeconds: number,
  note: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(d)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now() + ${delaySeconds} * interval '1 second'`,
      lastError: note,
      claimedBy: null,
      updatedAt: now,
    })
    .where(and(eq(d.id, id), unclaimed))
    .returning();
  return row ?? null;
}

export async function cancelUnclaimed(db: Db, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(d)
    .set({ status: 'cancelled', lastError: reason, updatedAt: now })
    .where(and(eq(d.id, id), unclaimed))
    .returning({ id: d.id });
  return rows.length === 1;
}

/**
 * Rows whose job may have been lost (a crash, a job that failed for good): pending and overdue by more
 * than `graceSeconds`, sending with a dead claimant, or finished without the owner's notice. The sweeper
 * enqueues a job for each (a queued job is not duplicated: singleton key).
 */
export async function findOrphans(db: Db, graceSeconds: number, limit: number) {
  const grace = sql`now() - ${graceSeconds} * interval '1 second'`;
  const columns = { id: d.id, nextAttemptAt: d.nextAttemptAt };
  // Three indexed lookups rather than one OR over the whole table.
  const [overdue, abandoned, unnotified] = await Promise.all([
    db
      .select(columns)
      .from(d)
      .where(and(eq(d.status, 'pending'), sql`${d.nextAttemptAt} < ${grace}`))
      .orderBy(d.nextAttemptAt)
      .limit(limit),
    db.select(columns).from(d).where(staleClaim).limit(limit),
    db
      .select(columns)
      .from(d)
      .where(
        and(inArray(d.status, ['sent', 'failed']), isNull(d.ownerNotifiedAt), sql`${d.updatedAt} < ${grace}`),
      )
      .limit(limit),
  ]);
  return [...abandoned, ...overdue, ...unnotified];
}

/**
 * Takes the right to tell owners how their deliveries ended: each finished delivery without its notice is
 * returned to exactly one caller, inside the transaction that creates the notifications. `id` takes that
 * one delivery only; otherwise up to `limit`, oldest first, skipping rows another worker holds.
 */
export interface OwnerNoticeTaken {
  delivery: DeliveryRow;
  video: { id: number; title: string };
}

export async function takeOwnerNotices(
  db: Db,
  options: { id?: number; limit: number },
): Promise<OwnerNoticeTaken[]> {
  const unnotified = and(inArray(d.status, ['sent', 'failed']), isNull(d.ownerNotifiedAt));
  const candidates = db
    .select({ id: d.id })
    .from(d)
    .where(options.id === undefined ? unnotified : and(unnotified, eq(d.id, options.id)))
    .orderBy(d.updatedAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(d)
    .set({ ownerNotifiedAt: now })
    .where(and(inArray(d.id, candidates), unnotified))
    .returning();
  if (rows.length === 0) return [];
  const titles = await db
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
}

/** The owner's pending deliveries, due again now (after their account is activated again). */
export async function makeOwnerPendingDueNow(db: Db, ownerId: number) {
  return db
    .update(d)
    .set({ nextAttemptAt: sql`greatest(${d.dueAt}, now())`, lastError: null, updatedAt: now })
    .where(and(eq(d.ownerId, ownerId), eq(d.status, 'pending')))
    .returning({ id: d.id, nextAttemptAt: d.nextAttemptAt });
}

export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      status: d.status,
      sentAt: d.sentAt,
      video: {
        id: videos.id,
        title: videos.title,
        description: videos.description,
        mediaKey: videos.mediaKey,
        thumbnailKey: videos.thumbnailKey,
        durationMs: videos.durationMs,
        createdAt: videos.createdAt,
      },
      owner: { firstName: users.firstName, lastName: users.lastName, status: users.status },
    })
    .from(d)
    .innerJoin(videos, eq(videos.id, d.videoId))
    .innerJoin(users, eq(users.id, d.ownerId))
    .where(eq(d.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export interface DeliveryInfo {
  id: number;
  status: DeliveryStatus;
  recipientEmail: string;
  dueAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/**
 * The delivery state the video API shows for each video: its live delivery if it has one, otherwise its
 * latest (e.g. `sent`: the video stays in the scheduled folder marked delivered). Videos never scheduled
 * are absent from the map.
 */
export async function deliveryStatusFor(db: Db, videoIds: number[]): Promise<Map<number, DeliveryInfo>> {
  const result = new Map<number, DeliveryInfo>();
  if (videoIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([d.videoId], {
      videoId: d.videoId,
      id: d.id,
      status: d.status,
      recipientEmail: d.recipientEmail,
      dueAt: d.dueAt,
      sentAt: d.sentAt,
      attempts: d.attempts,
      lastError: d.lastError,
    })
    .from(d)
    .where(inArray(d.videoId, videoIds))
    .orderBy(d.videoId, sql`(${d.status} in ('pending', 'sending')) desc`, desc(d.createdAt), desc(d.id));
  for (const { videoId, ...info } of rows) result.set(videoId, info);
  return result;
}

/** Live (pending or sending) deliveries of an owner: the plan rule "one pending delivery without a membership". */
export async function countLiveForOwner(db: Db, ownerId: number): Promise<number> {
  const rows = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.ownerId, ownerId), live));
  return rows.length;
}
