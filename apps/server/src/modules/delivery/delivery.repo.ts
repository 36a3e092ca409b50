import { and, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT_DELETED_PERSON } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import {
  scheduledDeliveries as d,
  watchGrants,
  type DeliveryRow,
  type WatchGrantRow,
} from './delivery.schema';
import { live, now, OVERDUE_ASK_OWNER } from './delivery.conditions';
import { createDeliveryClaims } from './delivery.claims';
import { createBounceQueries } from './delivery.bounce-queries';
import { accountsView } from '../accounts';
import { videosView as videos } from '../videos';
import { sharedCaptionsOf } from '../captions';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export type { ClaimedDelivery, OwnerNoticeTaken } from './delivery.claims';

/** A video's delivery as the video API reads it: its row, and the first address a second-address one replaced. */
export type DeliveryInfo = Omit<DeliveryRow, 'videoId'> & { replacesEmail: string | null };

/** What a watch page shows of the video and its owner (a delivery's link and a granted one). */
const watchedColumns = {
  video: {
    id: videos.id,
    title: videos.title,
    description: videos.description,
    mediaKey: videos.mediaKey,
    thumbnailKey: videos.thumbnailKey,
    durationMs: videos.durationMs,
    createdAt: videos.createdAt,
    /** Its accepted caption tracks: they go with the link as the video does, never a draft. */
    captions: sharedCaptionsOf(videos.id),
  },
  owner: { firstName: users.firstName, lastName: users.lastName, status: users.status },
};

/**
 * The module's one door to its table (the repository shape of every module): a factory over the
 * database; each method takes a transaction to join as `tx`, the database when none is given. The
 * schedule side (schedule, cancel, resume, the watch page, the video API's status) is here; the
 * worker's side is in delivery.claims.ts.
 */
export function createDeliveryRepo(db: Db) {
  return {
    ...createDeliveryClaims(db),
    ...createBounceQueries(db),

    async insertDelivery(
      values: Omit<typeof d.$inferInsert, 'nextAttemptAt'>,
      tx: DbOrTx = db,
    ): Promise<DeliveryRow> {
      const [row] = await tx
        .insert(d)
        .values({ ...values, nextAttemptAt: values.dueAt })
        .returning();
      return row!;
    },

    /** Cancels the video's live delivery (if any). A `sending` one may still end `sent`: see the record. */
    async cancelLive(videoId: number, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(d)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(d.videoId, videoId), live))
        .returning({ id: d.id });
      return rows.length;
    },

    /**
     * The owner's pending deliveries whose moment passed more than `OVERDUE_ASK_OWNER` ago (held while the
     * account was deactivated): they wait for the owner's answer instead of going out (docs/product.md §5.6).
     */
    async makeOwnerOverdueAwaiting(ownerId: number, reason: string, tx: DbOrTx = db) {
      return tx
        .update(d)
        .set({ status: 'awaiting_owner', lastError: reason, updatedAt: now })
        .where(
          and(
            eq(d.ownerId, ownerId),
            eq(d.status, 'pending'),
            lt(d.dueAt, sql`now() - ${OVERDUE_ASK_OWNER}`),
          ),
        )
        .returning({ id: d.id, videoId: d.videoId, recipientEmail: d.recipientEmail, dueAt: d.dueAt });
    },

    /** The owner's pending deliveries, due again now (after their account is activated again). */
    async makeOwnerPendingDueNow(ownerId: number, tx: DbOrTx = db) {
      return tx
        .update(d)
        .set({ nextAttemptAt: sql`greatest(${d.dueAt}, now())`, lastError: null, updatedAt: now })
        .where(and(eq(d.ownerId, ownerId), eq(d.status, 'pending')))
        .returning({ id: d.id, nextAttemptAt: d.nextAttemptAt });
    },

    /** The owner's answer to a delivery awaiting it: pending and due now (send), or cancelled. */
    async answerAwaiting(videoId: number, ownerId: number, decision: 'send' | 'cancel', tx: DbOrTx = db) {
      const [row] = await tx
        .update(d)
        .set(
          decision === 'send'
            ? { status: 'pending', nextAttemptAt: now, lastError: null, updatedAt: now }
            : { status: 'cancelled', updatedAt: now },
        )
        .where(and(eq(d.videoId, videoId), eq(d.ownerId, ownerId), eq(d.status, 'awaiting_owner')))
        .returning({ id: d.id, status: d.status, nextAttemptAt: d.nextAttemptAt });
      return row ?? null;
    },

    /** The titles of some videos, by id (what the owner's notices name). */
    async videoTitles(videoIds: number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      if (videoIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: videos.id, title: videos.title })
        .from(videos)
        .where(inArray(videos.id, videoIds));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    async findByTokenHash(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        // The whole row: what the recipient is shown of its schedule is the service's to pick.
        .select({ delivery: d, ...watchedColumns })
        .from(d)
        .innerJoin(videos, eq(videos.id, d.videoId))
        .innerJoin(users, eq(users.id, d.ownerId))
        .where(eq(d.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    /** One grant at a time per person: the retry check and the insert do not interleave. */
    async lockGranter(grantedBy: number, tx: DbOrTx) {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5057_0211}, ${grantedBy})`);
    },

    /**
     * This person's latest link of this video to this address that still counts for a retry: sent after
     * `sentSince`, or still on its way and started after `sendingSince`.
     */
    async recentGrant(
      key: { videoId: number; grantedBy: number; email: string },
      sentSince: Date,
      sendingSince: Date,
      tx: DbOrTx = db,
    ): Promise<WatchGrantRow | null> {
      const [row] = await tx
        .select()
        .from(watchGrants)
        .where(
          and(
            eq(watchGrants.grantedBy, key.grantedBy),
            eq(watchGrants.videoId, key.videoId),
            eq(watchGrants.recipientEmail, key.email),
            isNull(watchGrants.revokedAt),
            or(
              and(isNotNull(watchGrants.sentAt), gt(watchGrants.createdAt, sentSince)),
              gt(watchGrants.createdAt, sendingSince),
            ),
          ),
        )
        .orderBy(desc(watchGrants.createdAt), desc(watchGrants.id))
        .limit(1);
      return row ?? null;
    },

    async insertGrant(
      values: Pick<WatchGrantRow, 'videoId' | 'grantedBy' | 'recipientEmail' | 'tokenHash' | 'createdAt'>,
      tx: DbOrTx = db,
    ): Promise<WatchGrantRow> {
      const [row] = await tx.insert(watchGrants).values(values).returning();
      return row!;
    },

    async grantById(id: number, tx: DbOrTx = db): Promise<WatchGrantRow | null> {
      const [row] = await tx.select().from(watchGrants).where(eq(watchGrants.id, id));
      return row ?? null;
    },

    async markGrantSent(id: number, sentAt: Date, tx: DbOrTx = db) {
      await tx.update(watchGrants).set({ sentAt }).where(eq(watchGrants.id, id));
    },

    async deleteGrant(id: number, tx: DbOrTx = db) {
      await tx.delete(watchGrants).where(eq(watchGrants.id, id));
    },

    /** The video's sent links (the ones on their way or failed are nobody's yet), newest first. */
    async grantsOfVideo(videoId: number, tx: DbOrTx = db) {
      return tx
        .select({
          id: watchGrants.id,
          email: watchGrants.recipientEmail,
          createdAt: watchGrants.createdAt,
          revokedAt: watchGrants.revokedAt,
          grantedBy: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), ${ACCOUNT_DELETED_PERSON})`,
        })
        .from(watchGrants)
        .leftJoin(users, eq(users.id, watchGrants.grantedBy))
        .where(and(eq(watchGrants.videoId, videoId), isNotNull(watchGrants.sentAt)))
        .orderBy(desc(watchGrants.createdAt), desc(watchGrants.id));
    },

    /** The live links of the video not granted by its owner, or with one of `tokenHashes`, revoked. */
    async revokeForReseal(ownerId: number, videoId: number, tokenHashes: string[], at: Date, tx: DbOrTx) {
      const released = or(
        isNull(watchGrants.grantedBy),
        sql`${watchGrants.grantedBy} <> ${ownerId}`,
        tokenHashes.length ? inArray(watchGrants.tokenHash, tokenHashes) : undefined,
      );
      const rows = await tx
        .update(watchGrants)
        .set({ revokedAt: at })
        .where(and(eq(watchGrants.videoId, videoId), isNull(watchGrants.revokedAt), released))
        .returning({ id: watchGrants.id });
      return rows.length;
    },

    /** Revokes the video's sent link (once: the first revoke's time stays); false when it has none such. */
    async revokeGrant(videoId: number, id: number, at: Date, tx: DbOrTx = db): Promise<boolean> {
      const mine = and(
        eq(watchGrants.id, id),
        eq(watchGrants.videoId, videoId),
        isNotNull(watchGrants.sentAt),
      );
      await tx
        .update(watchGrants)
        .set({ revokedAt: at })
        .where(and(mine, isNull(watchGrants.revokedAt)));
      const [row] = await tx.select({ id: watchGrants.id }).from(watchGrants).where(mine);
      return row !== undefined;
    },

    /** What the grant's e-mail says of the video: its title, description and owner's name. */
    async videoFacts(videoId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          title: videos.title,
          description: videos.description,
          ownerName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(eq(videos.id, videoId));
      return row ?? null;
    },

    /** A sent grant's link with its video, the video's owner and the person who granted it. */
    async findGrantByTokenHash(tokenHash: string, tx: DbOrTx = db) {
      const granter = accountsView('granter');
      const [row] = await tx
        .select({
          grantedBy: watchGrants.grantedBy,
          sentAt: watchGrants.sentAt,
          ...watchedColumns,
          granter: { firstName: granter.firstName, lastName: granter.lastName },
        })
        .from(watchGrants)
        .innerJoin(videos, eq(videos.id, watchGrants.videoId))
        .innerJoin(users, eq(users.id, videos.ownerId))
        .leftJoin(granter, eq(granter.id, watchGrants.grantedBy))
        .where(
          and(
            eq(watchGrants.tokenHash, tokenHash),
            isNotNull(watchGrants.sentAt),
            isNull(watchGrants.revokedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The delivery state the video API shows for each video: its live delivery if it has one, otherwise its
     * latest (e.g. `sent`: the video stays in the scheduled folder marked delivered). Videos never scheduled
     * are absent from the map.
     */
    async deliveryStatusFor(videoIds: number[], tx: DbOrTx = db): Promise<Map<number, DeliveryInfo>> {
      const result = new Map<number, DeliveryInfo>();
      if (videoIds.length === 0) return result;
      // The delivery a second-address one replaced, for its first address (docs/product.md §5.2).
      const first = alias(d, 'replaced');
      const rows = await tx
        .selectDistinctOn([d.videoId], { ...getTableColumns(d), replacesEmail: first.recipientEmail })
        .from(d)
        .leftJoin(first, eq(first.id, d.fallbackOf))
        .where(inArray(d.videoId, videoIds))
        .orderBy(d.videoId, sql`(${live}) desc`, desc(d.createdAt), desc(d.id));
      for (const { videoId, ...info } of rows) result.set(videoId, info);
      return result;
    },

    /** Live (pending or sending) deliveries of an owner: the plan rule "one pending delivery without a membership". */
    async countLiveForOwner(ownerId: number, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .select({ id: d.id })
        .from(d)
        .where(and(eq(d.ownerId, ownerId), live));
      return rows.length;
    },
  };
}

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
