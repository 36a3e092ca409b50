import { and, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { payments, subscriptions } from './payments.schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type NewSubscription = typeof subscriptions.$inferInsert;

/** More unused purchases than anyone keeps: the list stays one small answer. */
const UNUSED_LIST_LIMIT = 100;

/** The payments module's one door to its tables; each method joins a caller's transaction (`tx`). */
export function createPaymentsRepo(db: Db) {
  return {
    /**
     * Holds one account's payments in line until the transaction ends: two identical requests cannot
     * both find "no payment yet" and both charge (decision 0160).
     */
    async lockAccount(accountId: number, tx: DbOrTx) {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5057_0001}, ${accountId})`);
    },

    /**
     * Leaves nothing of the card on the account's payments before the account goes
     * (docs/product.md §11.6, §11.4): amount, currency, plan, date, brand and the provider's reference stay
     * for the books; the last four digits go. The account's deletion then clears `account_id`.
     */
    async anonymiseOf(accountId: number, tx: DbOrTx): Promise<number> {
      const rows = await tx
        .update(payments)
        .set({ last4: '' })
        .where(eq(payments.accountId, accountId))
        .returning({ id: payments.id });
      return rows.length;
    },

    async findByKey(accountId: number, key: string, tx: DbOrTx = db): Promise<PaymentRow | null> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.accountId, accountId), eq(payments.idempotencyKey, key)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The account's newest payment for the same purchase since `since` (a double click's first). Extra
     * time already used by a video is not: buying again after using it is a new purchase.
     */
    async findRecent(accountId: number, purpose: string, since: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            eq(payments.purpose, purpose),
            gte(payments.createdAt, since),
            isNull(payments.consumedAt),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return row ?? null;
    },

    async find(id: number, tx: DbOrTx = db): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ?? null;
    },

    async insertPayment(values: NewPayment, tx: DbOrTx = db): Promise<PaymentRow> {
      const [row] = await tx.insert(payments).values(values).returning();
      return row!;
    },

    /**
     * Renewing or changing plan ends the account's current plan of that kind at once (docs/product.md §7.4).
     */
    async expireCurrent(accountId: number, kind: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(subscriptions)
        .set({ status: 'expired', expiresAt: now, autoRenew: false })
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            eq(subscriptions.kind, kind),
            ne(subscriptions.status, 'expired'),
          ),
        );
    },

    async insertSubscription(values: NewSubscription, tx: DbOrTx = db) {
      const [row] = await tx.insert(subscriptions).values(values).returning();
      return row!;
    },

    /** Marks an extra-time payment used by a video; false when it was already used (or is not one). */
    async consume(id: number, accountId: number, videoId: number, now: Date, tx: DbOrTx = db) {
      const rows = await tx
        .update(payments)
        .set({ consumedByVideo: videoId, consumedAt: now })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.accountId, accountId),
            isNull(payments.consumedAt),
            sql`${payments.extraSeconds} is not null`,
          ),
        )
        .returning({ id: payments.id });
      return rows.length === 1;
    },

    /** The account's extra-time payments no video has used, oldest first (the first bought, first used). */
    async unusedExtraTime(accountId: number, tx: DbOrTx = db): Promise<PaymentRow[]> {
      return tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            isNull(payments.consumedAt),
            sql`${payments.extraSeconds} is not null`,
          ),
        )
        .orderBy(payments.createdAt, payments.id)
        .limit(UNUSED_LIST_LIMIT);
    },

    /** The extra-time payment a failed video used is unused again. */
    async release(videoId: number, tx: DbOrTx = db) {
      await tx
        .update(payments)
        .set({ consumedByVideo: null, consumedAt: null })
        .where(eq(payments.consumedByVideo, videoId));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
