import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { AdminLegacyListQuery } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, searchAcross, type ListSource } from '../../platform/db/paginate';
import {
  legacyAliveTokens,
  legacyContacts,
  legacyLog,
  legacyReporters,
  legacyReports,
  legacySettings,
  type LegacyReportRow,
  type LegacySettingsRow,
} from './legacy.schema';
import { accountsView } from '../accounts';
import { videosView as videos } from '../videos';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

const r = legacyReports;

/** The admin's list of reports; the owner's name and e-mail are searched through a sub-select. */
const reportColumns = getTableColumns(r);
export const reportList: ListSource<typeof reportColumns> = {
  table: r,
  select: reportColumns,
  sortable: { reported_at: r.reportedAt, release_at: r.releaseAt, state: r.state },
  tieBreaker: r.id,
  searchable: [],
  dated: r.reportedAt,
};

export type NewReport = typeof legacyReports.$inferInsert;
export type NewReporter = typeof legacyReporters.$inferInsert;

/** The owner as the module's e-mails and pages name them. */
const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  homeName: users.homeName,
  email: users.email,
  status: users.status,
  type: users.type,
};

/** The legacy module's one door to its tables; each method joins a transaction when given one. */
export function createLegacyRepo(db: Db) {
  return {
    async settingsOf(ownerId: number, tx: DbOrTx = db): Promise<LegacySettingsRow | null> {
      const [row] = await tx.select().from(legacySettings).where(eq(legacySettings.userId, ownerId));
      return row ?? null;
    },

    /** The settings row locked for this transaction (created with the defaults when missing). */
    async lockSettings(ownerId: number, tx: DbOrTx): Promise<LegacySettingsRow> {
      await tx.insert(legacySettings).values({ userId: ownerId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(legacySettings)
        .where(eq(legacySettings.userId, ownerId))
        .for('update');
      return row!;
    },

    async updateSettings(ownerId: number, values: Partial<LegacySettingsRow>, tx: DbOrTx = db) {
      await tx
        .update(legacySettings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(legacySettings.userId, ownerId));
    },

    async owner(ownerId: number, tx: DbOrTx = db) {
      const [row] = await tx.select(ownerColumns).from(users).where(eq(users.id, ownerId));
      return row ?? null;
    },

    async ownersByIds(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx.select(ownerColumns).from(users).where(inArray(users.id, ids));
    },

    /** The owner's final video (one at most), for the contacts' watch links at release. */
    async finalVideoOf(ownerId: number, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.ownerId, ownerId), eq(videos.folder, 'final')))
        .orderBy(desc(videos.id))
        .limit(1);
      return row?.id ?? null;
    },

    contactsOf(ownerId: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(legacyContacts)
        .where(eq(legacyContacts.ownerId, ownerId))
        .orderBy(asc(legacyContacts.id));
    },

    async insertContact(values: typeof legacyContacts.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(legacyContacts).values(values).returning();
      return row!;
    },

    async updateContact(id: number, values: Partial<typeof legacyContacts.$inferInsert>, tx: DbOrTx = db) {
      await tx.update(legacyContacts).set(values).where(eq(legacyContacts.id, id));
    },

    /** Marks the contact confirmed unless they already were (true: this call did). */
    async confirmContact(id: number, at: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(legacyContacts)
        .set({ confirmedAt: at })
        .where(and(eq(legacyContacts.id, id), isNull(legacyContacts.confirmedAt)))
        .returning({ id: legacyContacts.id });
      return rows.length > 0;
    },

    async deleteContactsExcept(ownerId: number, keepIds: number[], tx: DbOrTx = db) {
      await tx
        .delete(legacyContacts)
        .where(
          and(
            eq(legacyContacts.ownerId, ownerId),
            keepIds.length ? notInArray(legacyContacts.id, keepIds) : undefined,
          ),
        );
    },

    /** A contact by their role link, with the owner they stand for. */
    async contactByTokenHash(hash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ contact: legacyContacts, owner: ownerColumns })
        .from(legacyContacts)
        .innerJoin(users, eq(users.id, legacyContacts.ownerId))
        .where(eq(legacyContacts.tokenHash, hash));
      return row ?? null;
    },

    async waitingReport(ownerId: number, tx: DbOrTx = db): Promise<LegacyReportRow | null> {
      const [row] = await tx
        .select()
        .from(r)
        .where(and(eq(r.ownerId, ownerId), eq(r.state, 'waiting')));
      return row ?? null;
    },

    async reportById(id: number, tx: DbOrTx = db): Promise<LegacyReportRow | null> {
      const [row] = await tx.select().from(r).where(eq(r.id, id));
      return row ?? null;
    },

    async insertReport(values: NewReport, tx: DbOrTx): Promise<LegacyReportRow> {
      const [row] = await tx.insert(r).values(values).returning();
      return row!;
    },

    async insertReporter(values: NewReporter, tx: DbOrTx) {
      await tx.insert(legacyReporters).values(values);
    },

    reportersOf(reportId: number, tx: DbOrTx = db) {
      return tx.select().from(legacyReporters).where(eq(legacyReporters.reportId, reportId));
    },

    /** Ends a waiting report (cancel, halt, release); null when it was no longer waiting (someone else did). */
    async endReport(
      id: number,
      state: 'cancelled' | 'halted' | 'released',
      at: Date,
      reason: string | null,
      tx: DbOrTx,
    ): Promise<LegacyReportRow | null> {
      const due = state === 'released' ? lte(r.releaseAt, at) : undefined;
      const [row] = await tx
        .update(r)
        .set({ state, endedAt: at, endReason: reason })
        .where(and(eq(r.id, id), eq(r.state, 'waiting'), due))
        .returning();
      return row ?? null;
    },

    /** Waiting reports past their end (a release job lost in a crash), oldest first. */
    dueReports(now: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.state, 'waiting'), lte(r.releaseAt, now)))
        .orderBy(asc(r.releaseAt))
        .limit(limit);
    },

    /** Waiting reports whose owner had no reminder since `before` (the daily reminder). */
    remindable(before: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(r)
        .where(and(eq(r.state, 'waiting'), or(isNull(r.remindedAt), lte(r.remindedAt, before))))
        .orderBy(asc(r.id))
        .limit(limit);
    },

    /** Marks the reminder sent unless another worker did first (true: this one sends). */
    async markReminded(id: number, at: Date, before: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(r)
        .set({ remindedAt: at })
        .where(and(eq(r.id, id), eq(r.state, 'waiting'), or(isNull(r.remindedAt), lte(r.remindedAt, before))))
        .returning({ id: r.id });
      return rows.length > 0;
    },

    /** Owners whose next 'I'm here' e-mail is due (check-ins on, the message still sealed). */
    checkInsDue(now: Date, limit: number, tx: DbOrTx = db) {
      const s = legacySettings;
      return tx
        .select()
        .from(s)
        .where(and(eq(s.state, 'sealed'), isNull(s.checkInSentAt), lte(s.nextCheckInAt, now)))
        .limit(limit);
    },

    /** Owners with a check-in e-mail unanswered so far (reminders, then the grace period's end). */
    checkInsOpen(limit: number, tx: DbOrTx = db) {
      const s = legacySettings;
      return tx
        .select()
        .from(s)
        .where(and(eq(s.state, 'sealed'), isNotNull(s.checkInSentAt)))
        .limit(limit);
    },

    async insertAliveToken(values: typeof legacyAliveTokens.$inferInsert, tx: DbOrTx) {
      const [row] = await tx.insert(legacyAliveTokens).values(values).returning();
      return row!;
    },

    async aliveTokenOfReport(reportId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(legacyAliveTokens)
        .where(and(eq(legacyAliveTokens.reportId, reportId), isNull(legacyAliveTokens.endedAt)));
      return row ?? null;
    },

    async aliveTokenById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(legacyAliveTokens).where(eq(legacyAliveTokens.id, id));
      return row ?? null;
    },

    /** The owner's live alive links. */
    aliveTokensOf(ownerId: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(legacyAliveTokens)
        .where(and(eq(legacyAliveTokens.ownerId, ownerId), isNull(legacyAliveTokens.endedAt)));
    },

    /** A live alive link with its owner. */
    async aliveByTokenHash(hash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ token: legacyAliveTokens, owner: ownerColumns })
        .from(legacyAliveTokens)
        .innerJoin(users, eq(users.id, legacyAliveTokens.ownerId))
        .where(and(eq(legacyAliveTokens.tokenHash, hash), isNull(legacyAliveTokens.endedAt)));
      return row ?? null;
    },

    /** Ends the owner's live alive links (the report or check-in they belonged to is over). */
    async endAliveTokens(ownerId: number, at: Date, tx: DbOrTx) {
      await tx
        .update(legacyAliveTokens)
        .set({ endedAt: at })
        .where(and(eq(legacyAliveTokens.ownerId, ownerId), isNull(legacyAliveTokens.endedAt)));
    },

    async log(ownerId: number, at: Date, text: string, tx: DbOrTx = db) {
      await tx.insert(legacyLog).values({ ownerId, at, text });
    },

    logOf(ownerId: number, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ at: legacyLog.at, text: legacyLog.text })
        .from(legacyLog)
        .where(eq(legacyLog.ownerId, ownerId))
        .orderBy(desc(legacyLog.at), desc(legacyLog.id))
        .limit(limit);
    },

    /** The admin's list: search in the owner's names and e-mail, a state filter, dates, sort. */
    list(query: AdminLegacyListQuery, tx: DbOrTx = db) {
      const byState = query.state ? eq(r.state, query.state) : undefined;
      const match = searchAcross([users.firstName, users.lastName, users.email], query.search);
      const byOwner = match
        ? inArray(r.ownerId, tx.select({ id: users.id }).from(users).where(match))
        : undefined;
      return paginate(tx as Db, reportList, { ...query, search: undefined }, [byState, byOwner]);
    },
  };
}

export type LegacyRepo = ReturnType<typeof createLegacyRepo>;
