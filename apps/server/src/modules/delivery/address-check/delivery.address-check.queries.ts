import { and, asc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { ADDRESS_CHECK_AHEAD_DAYS, ADDRESS_CHECK_REMINDER_DAYS } from '@pw/contracts';
import type { Db, DbOrTx } from '../../../platform/db';
import { accountActiveById, accountsView } from '../../accounts';
import { videosView as videos } from '../../videos';
import { scheduledDeliveries as d } from '../delivery.schema';
import { addressCheckItems as items, addressChecks as checks } from '../delivery.address-check.schema';

/** The yearly address check's statements; its rules are in delivery.address-check.service.ts. */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Owners, or reminders, read at a time. */
export const PAGE = 500;

const owner = accountsView('owner');

const yearBefore = (now: Date) => new Date(now.getTime() - ADDRESS_CHECK_AHEAD_DAYS * DAY_MS);

/** A pending delivery that is far: due more than a year after `now` (its next attempt too: the due index). */
const farAhead = (now: Date) => {
  const cutoff = new Date(now.getTime() + ADDRESS_CHECK_AHEAD_DAYS * DAY_MS);
  return and(eq(d.status, 'pending'), gt(d.nextAttemptAt, cutoff), gt(d.dueAt, cutoff));
};

/** An item whose delivery is still waiting for the address it asked about. */
const stillAsked = sql`exists (select 1 from ${d} where ${d.id} = ${items.deliveryId}
  and ${d.status} = 'pending' and ${d.recipientEmail} = ${items.recipientEmail})`;

export function createAddressCheckQueries(db: Db) {
  /** The one item `where` finds, with its delivery and video; locked with `lock`. */
  async function itemRow(tx: DbOrTx, where: SQL, lock: boolean) {
    const query = tx
      .select({
        id: items.id,
        expiresAt: items.expiresAt,
        confirmedAt: items.confirmedAt,
        recipientEmail: items.recipientEmail,
        status: d.status,
        currentEmail: d.recipientEmail,
        dueAt: d.dueAt,
        title: videos.title,
      })
      .from(items)
      .innerJoin(d, eq(d.id, items.deliveryId))
      .innerJoin(videos, eq(videos.id, d.videoId))
      .where(where)
      .$dynamic();
    const [found] = await (lock ? query.for('update', { of: items }) : query);
    return found;
  }

  return {
    ownerOf: async (ownerId: number, tx: DbOrTx) =>
      (await tx.select({ id: owner.id, email: owner.email }).from(owner).where(eq(owner.id, ownerId)))[0],

    /** The owner's far deliveries with their videos, soonest first. */
    farOf: (tx: DbOrTx, ownerId: number, now: Date) =>
      tx
        .select({ id: d.id, recipientEmail: d.recipientEmail, title: videos.title })
        .from(d)
        .innerJoin(videos, eq(videos.id, d.videoId))
        .where(and(eq(d.ownerId, ownerId), farAhead(now)))
        .orderBy(asc(d.dueAt), asc(d.id)),

    /**
     * Takes the owner's check row only when its last check is a year old, so of two runs (or a retry) one
     * finds it free, the other taken: answers the rows taken.
     */
    claimCheck: (tx: DbOrTx, ownerId: number, now: Date) =>
      tx
        .insert(checks)
        .values({ ownerId, sentAt: now, reminderSentAt: null })
        .onConflictDoUpdate({
          target: checks.ownerId,
          set: { sentAt: now, reminderSentAt: null },
          setWhere: lte(checks.sentAt, yearBefore(now)),
        })
        .returning({ ownerId: checks.ownerId }),

    insertItems: (tx: DbOrTx, rows: Array<typeof items.$inferInsert>) => tx.insert(items).values(rows),

    /** Takes a check's one reminder by setting `reminder_sent_at`: answers the rows taken. */
    claimReminder: (tx: DbOrTx, ownerId: number, checkSentAt: Date, now: Date) =>
      tx
        .update(checks)
        .set({ reminderSentAt: now })
        .where(
          and(eq(checks.ownerId, ownerId), eq(checks.sentAt, checkSentAt), isNull(checks.reminderSentAt)),
        )
        .returning({ ownerId: checks.ownerId }),

    /** The deliveries a check still asks about, with their videos (unconfirmed only for a reminder). */
    linesOf(ownerId: number, checkSentAt: Date, unconfirmedOnly: boolean, tx: DbOrTx = db) {
      return tx
        .select({
          nonce: items.nonce,
          videoId: d.videoId,
          title: videos.title,
          recipientEmail: items.recipientEmail,
          dueAt: d.dueAt,
        })
        .from(items)
        .innerJoin(d, eq(d.id, items.deliveryId))
        .innerJoin(videos, eq(videos.id, d.videoId))
        .where(
          and(
            eq(items.ownerId, ownerId),
            eq(items.checkSentAt, checkSentAt),
            eq(d.status, 'pending'),
            eq(d.recipientEmail, items.recipientEmail),
            unconfirmedOnly ? isNull(items.confirmedAt) : undefined,
          ),
        )
        .orderBy(asc(d.dueAt), asc(items.id));
    },

    /** Active owners with a far delivery whose last check is a year old (or who never had one). */
    ownersDue(now: Date, after: number) {
      const yearAgo = yearBefore(now);
      return db
        .selectDistinct({ ownerId: d.ownerId })
        .from(d)
        .where(
          and(
            farAhead(now),
            gt(d.ownerId, after),
            accountActiveById(d.ownerId),
            sql`not exists (select 1 from ${checks} where ${checks.ownerId} = ${d.ownerId} and ${checks.sentAt} > ${yearAgo})`,
          ),
        )
        .orderBy(asc(d.ownerId))
        .limit(PAGE);
    },

    /** Checks 60 days old, without their reminder, with an address still unconfirmed, of active owners. */
    remindersDue(now: Date, after: number) {
      const yearAgo = yearBefore(now);
      const remindBy = new Date(now.getTime() - ADDRESS_CHECK_REMINDER_DAYS * DAY_MS);
      return db
        .select({ ownerId: checks.ownerId, sentAt: checks.sentAt })
        .from(checks)
        .where(
          and(
            isNull(checks.reminderSentAt),
            lte(checks.sentAt, remindBy),
            gt(checks.sentAt, yearAgo),
            gt(checks.ownerId, after),
            accountActiveById(checks.ownerId),
            sql`exists (select 1 from ${items} where ${items.ownerId} = ${checks.ownerId}
            and ${items.checkSentAt} = ${checks.sentAt} and ${items.confirmedAt} is null and ${stillAsked})`,
          ),
        )
        .orderBy(asc(checks.ownerId))
        .limit(PAGE);
    },

    itemRow,

    setConfirmed: (tx: DbOrTx, id: number, confirmedAt: Date) =>
      tx.update(items).set({ confirmedAt }).where(eq(items.id, id)),

    /** The first name of an active owner, or nothing. */
    activeOwnerName: (accountId: number) =>
      db
        .select({ firstName: owner.firstName })
        .from(owner)
        .where(and(eq(owner.id, accountId), accountActiveById(owner.id))),

    /** A link's item by its token's hash, its owner active (a deactivated owner's link is no link, §5.6). */
    byTokenHash: (tokenHash: string) => and(eq(items.tokenHash, tokenHash), accountActiveById(d.ownerId))!,

    /** The latest check item of the owner's video's current delivery. */
    latestOwnItem(ownerId: number, videoId: number) {
      const latest = db
        .select({ id: sql<number>`max(${items.id})` })
        .from(items)
        .innerJoin(d, eq(d.id, items.deliveryId))
        .where(
          and(
            eq(d.videoId, videoId),
            eq(d.ownerId, ownerId),
            eq(d.status, 'pending'),
            eq(d.recipientEmail, items.recipientEmail),
          ),
        );
      return sql`${items.id} = (${latest})`;
    },
  };
}

export type AddressCheckQueries = ReturnType<typeof createAddressCheckQueries>;
