import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { accountsView, activeAccount } from '../accounts';
import { policyAcknowledgements, policyVersions, type PolicyVersionRow } from './policy.schema';

/** The roles asked to acknowledge a policy version: the people, not the administrators. */
export const ASKED_TYPES = ['user', 'funeral-home'] as const;

const account = accountsView('account');

/** Active users and funeral homes that existed when the version took effect: those told and asked. */
const askedBy = (version: PolicyVersionRow) =>
  and(
    inArray(account.type, [...ASKED_TYPES]),
    activeAccount(account),
    lt(account.createdAt, version.recordedAt),
  );

export function createPolicyRepo(db: Db) {
  return {
    /**
     * Writes the version's row unless it exists; answers it when this call wrote it. One statement, so
     * of processes starting together with a new version exactly one gets the row back. The first row
     * an installation writes is not announced: nothing changed for anyone.
     */
    async record(version: string, date: string, now: Date): Promise<PolicyVersionRow | null> {
      const result = (await db.execute(sql`
        insert into ${policyVersions} (version, date, recorded_at, announce)
        select ${version}, ${date}, ${now.toISOString()}::timestamptz, exists (select 1 from ${policyVersions})
        on conflict (version) do nothing
        returning version`)) as unknown as { rows: { version: string }[] };
      return result.rows.length ? this.find(version) : null;
    },

    async find(version: string, tx: DbOrTx = db): Promise<PolicyVersionRow | null> {
      const [row] = await tx.select().from(policyVersions).where(eq(policyVersions.version, version));
      return row ?? null;
    },

    /** The version's row, locked until `tx` ends: two announcement runs take their turns. */
    async lockForAnnouncement(version: string, tx: DbOrTx): Promise<PolicyVersionRow | null> {
      const [row] = await tx
        .select()
        .from(policyVersions)
        .where(eq(policyVersions.version, version))
        .for('update');
      return row ?? null;
    },

    /** The next accounts to tell, in id order after the last one told. */
    nextToTell(version: PolicyVersionRow, limit: number, tx: DbOrTx) {
      return tx
        .select({ id: account.id, email: account.email })
        .from(account)
        .where(and(askedBy(version), gt(account.id, version.toldThrough)))
        .orderBy(asc(account.id))
        .limit(limit);
    },

    async advance(version: string, toldThrough: number, told: number, tx: DbOrTx) {
      await tx
        .update(policyVersions)
        .set({ toldThrough, toldCount: sql`${policyVersions.toldCount} + ${told}` })
        .where(eq(policyVersions.version, version));
    },

    async finish(version: string, now: Date, tx: DbOrTx) {
      await tx.update(policyVersions).set({ announcedAt: now }).where(eq(policyVersions.version, version));
    },

    async acknowledgement(userId: number, version: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ acknowledgedAt: policyAcknowledgements.acknowledgedAt })
        .from(policyAcknowledgements)
        .where(and(eq(policyAcknowledgements.userId, userId), eq(policyAcknowledgements.version, version)));
      return row?.acknowledgedAt ?? null;
    },

    /** Records the acknowledgement once: a second call leaves the first time as it was. */
    async acknowledge(userId: number, version: string, now: Date): Promise<Date> {
      await db
        .insert(policyAcknowledgements)
        .values({ userId, version, acknowledgedAt: now })
        .onConflictDoNothing();
      return (await this.acknowledgement(userId, version))!;
    },

    /** When the account was made (it is asked only about versions that came after it). */
    async createdAt(userId: number): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: account.createdAt })
        .from(account)
        .where(eq(account.id, userId));
      return row?.createdAt ?? null;
    },

    /** Accounts asked about the version, and how many of them acknowledged it. */
    async counts(version: PolicyVersionRow): Promise<{ asked: number; acknowledged: number }> {
      if (!version.announce) return { asked: 0, acknowledged: 0 };
      const [asked] = await db.select({ n: count() }).from(account).where(askedBy(version));
      const [acknowledged] = await db
        .select({ n: count() })
        .from(account)
        .innerJoin(
          policyAcknowledgements,
          and(
            eq(policyAcknowledgements.userId, account.id),
            eq(policyAcknowledgements.version, version.version),
          ),
        )
        .where(askedBy(version));
      return { asked: asked?.n ?? 0, acknowledged: acknowledged?.n ?? 0 };
    },

    /** What a queued announcement e-mail needs when it is sent: the account, if still active. */
    async recipient(userId: number) {
      const [row] = await db
        .select({ firstName: account.firstName, email: account.email })
        .from(account)
        .where(and(eq(account.id, userId), activeAccount(account)));
      return row ?? null;
    },
  };
}

export type PolicyRepo = ReturnType<typeof createPolicyRepo>;
