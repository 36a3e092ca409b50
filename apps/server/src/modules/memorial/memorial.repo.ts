import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, searchAcross, type ListRequest, type ListSource } from '../../platform/db/paginate';
import { accountsView } from '../accounts';
import {
  funeralLocationsView as locations,
  funeralRequestsView as requests,
  funeralServicesView as services,
} from '../funeral-homes';
import {
  legacyContactsView,
  legacyReportersView as reporters,
  legacyReportsView as legacyReports,
  legacySettingsView,
} from '../legacy';
import { videosView as videos } from '../videos';
import {
  guestbookEntries as entries,
  guestbookReports as reports,
  memorialPages as pages,
  memorialSettings,
  type GuestbookEntryRow,
  type MemorialPageRow,
  type MemorialSettingsRow,
} from './memorial.schema';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export type SettingsValues = Omit<MemorialSettingsRow, 'userId' | 'updatedAt'>;
export type PagePatch = Partial<Omit<MemorialPageRow, 'id' | 'ownerId' | 'slug'>>;
export type NewPage = typeof pages.$inferInsert;

const released = new QueryBuilder();

/** A page anyone may see: released (sealed again, it is hidden) and not taken down. */
export const visiblePage = (): SQL =>
  and(
    isNull(pages.takenDownAt),
    inArray(
      pages.ownerId,
      released
        .select({ id: legacySettingsView.userId })
        .from(legacySettingsView)
        .where(eq(legacySettingsView.state, 'released')),
    ),
  )!;

// Written out whole: inside a one-table select drizzle leaves columns unqualified, and a bare "id" in a
// subquery would be the subquery's own.
const reportCount = sql<number>`(select count(*)::int from memorial_guestbook_reports r where r.entry_id = memorial_guestbook_entries.id)`;
const pendingCount = sql<number>`(select count(*)::int from memorial_guestbook_entries e where e.page_id = memorial_pages.id and e.status = 'pending')`;
const entryCount = sql<number>`(select count(*)::int from memorial_guestbook_entries e where e.page_id = memorial_pages.id)`;
const reportedCount = sql<number>`(select count(distinct e.id)::int from memorial_guestbook_entries e join memorial_guestbook_reports r on r.entry_id = e.id where e.page_id = memorial_pages.id)`;

const adminPageList: ListSource<{ page: typeof pages.id }> = {
  table: pages,
  select: { page: pages.id },
  sortable: { opened_at: pages.openedAt, name: pages.name },
  tieBreaker: pages.id,
  searchable: [pages.name],
  dated: pages.openedAt,
};

/** Queries of the memorial's tables; no rules here. */
export function createMemorialRepo(db: Db) {
  return {
    async settingsOf(userId: number, tx: DbOrTx = db): Promise<MemorialSettingsRow | null> {
      const [row] = await tx.select().from(memorialSettings).where(eq(memorialSettings.userId, userId));
      return row ?? null;
    },

    async saveSettings(userId: number, values: SettingsValues, now: Date, tx: DbOrTx = db) {
      await tx
        .insert(memorialSettings)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: memorialSettings.userId, set: { ...values, updatedAt: now } });
    },

    /** The owner's videos, oldest first (what may be chosen, and what is shown in the chosen order). */
    async videosOf(ownerId: number, tx: DbOrTx = db) {
      return tx
        .select({ id: videos.id, title: videos.title, folder: videos.folder, state: videos.state })
        .from(videos)
        .where(eq(videos.ownerId, ownerId))
        .orderBy(asc(videos.id));
    },

    async owner(ownerId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, dateOfBirth: users.dateOfBirth })
        .from(users)
        .where(eq(users.id, ownerId));
      return row ?? null;
    },

    /** Makes the owner's page, or keeps the one a former release made; answers the page. */
    async openPage(values: NewPage, tx: DbOrTx = db): Promise<MemorialPageRow> {
      await tx.insert(pages).values(values).onConflictDoNothing({ target: pages.ownerId });
      const [row] = await tx.select().from(pages).where(eq(pages.ownerId, values.ownerId));
      return row!;
    },

    async pageOfOwner(ownerId: number, tx: DbOrTx = db): Promise<MemorialPageRow | null> {
      const [row] = await tx.select().from(pages).where(eq(pages.ownerId, ownerId));
      return row ?? null;
    },

    async pageBySlug(slug: string, onlyVisible: boolean, tx: DbOrTx = db): Promise<MemorialPageRow | null> {
      if (!slug) return null;
      const [row] = await tx
        .select()
        .from(pages)
        .where(and(eq(pages.slug, slug), onlyVisible ? visiblePage() : undefined));
      return row ?? null;
    },

    async pageById(id: number, tx: DbOrTx = db): Promise<MemorialPageRow | null> {
      const [row] = await tx.select().from(pages).where(eq(pages.id, id));
      return row ?? null;
    },

    async updatePage(id: number, patch: PagePatch, tx: DbOrTx = db) {
      await tx.update(pages).set(patch).where(eq(pages.id, id));
    },

    /** Listed, visible pages whose name holds the term (at most 20, newest first). */
    async search(term: string) {
      return db
        .select({ slug: pages.slug, name: pages.name, bornYear: pages.bornYear, diedYear: pages.diedYear })
        .from(pages)
        .where(and(eq(pages.listed, true), visiblePage(), searchAcross([pages.name], term)))
        .orderBy(desc(pages.openedAt), desc(pages.id))
        .limit(20);
    },

    /** A page's entries (all, or those of the given statuses), oldest first, with their report counts. */
    async entriesOf(pageId: number, statuses?: GuestbookEntryRow['status'][], tx: DbOrTx = db) {
      return tx
        .select({ entry: entries, reports: reportCount })
        .from(entries)
        .where(and(eq(entries.pageId, pageId), statuses ? inArray(entries.status, statuses) : undefined))
        .orderBy(asc(entries.createdAt), asc(entries.id));
    },

    async insertEntry(values: typeof entries.$inferInsert, tx: DbOrTx = db): Promise<GuestbookEntryRow> {
      const [row] = await tx.insert(entries).values(values).returning();
      return row!;
    },

    async entryOf(pageId: number, entryId: number, tx: DbOrTx = db): Promise<GuestbookEntryRow | null> {
      const [row] = await tx
        .select()
        .from(entries)
        .where(and(eq(entries.pageId, pageId), eq(entries.id, entryId)));
      return row ?? null;
    },

    async setEntryStatus(entryId: number, status: GuestbookEntryRow['status'], tx: DbOrTx = db) {
      await tx.update(entries).set({ status }).where(eq(entries.id, entryId));
    },

    async deleteEntry(entryId: number, tx: DbOrTx = db) {
      await tx.delete(entries).where(eq(entries.id, entryId));
    },

    async insertReport(entryId: number, reason: string | null, now: Date) {
      await db.insert(reports).values({ entryId, reason, createdAt: now });
    },

    /**
     * Claims the retention notice of the owner's page for this ending of the account: the page (up, not
     * told of this ending yet), or null when there is none to tell or it was told already.
     */
    async claimRetentionNotice(ownerId: number, endedAt: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(pages)
        .set({ retentionNoticeFor: endedAt })
        .where(
          and(
            eq(pages.ownerId, ownerId),
            isNull(pages.takenDownAt),
            sql`${pages.retentionNoticeFor} is distinct from ${endedAt}`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The owner's confirmed trusted contacts (the page's moderators when the owner chose them). */
    async confirmedContactsOf(ownerId: number, tx: DbOrTx = db) {
      return tx
        .select({ name: legacyContactsView.name, email: legacyContactsView.email })
        .from(legacyContactsView)
        .where(
          and(eq(legacyContactsView.ownerId, ownerId), sql`${legacyContactsView.confirmedAt} is not null`),
        );
    },

    /**
     * The homes that may look after an owner's page (docs/product.md §6.9): the one that reported the
     * passing which was released, and any the final message was granted to (not revoked); with `homeId`,
     * the owners whose pages that home looks after.
     */
    async homeLinks(filter: { ownerId: number } | { homeId: number }, tx: DbOrTx = db) {
      const reported = tx
        .select({ ownerId: legacyReports.ownerId, homeId: sql<number>`${reporters.userId}`.as('home_id') })
        .from(reporters)
        .innerJoin(legacyReports, eq(legacyReports.id, reporters.reportId))
        .where(
          and(
            eq(reporters.kind, 'funeral-home'),
            eq(legacyReports.state, 'released'),
            sql`${reporters.userId} is not null`,
            'ownerId' in filter
              ? eq(legacyReports.ownerId, filter.ownerId)
              : eq(reporters.userId, filter.homeId),
          ),
        );
      const granted = tx
        .select({ ownerId: videos.ownerId, homeId: requests.homeId })
        .from(requests)
        .innerJoin(videos, eq(videos.id, requests.videoId))
        .where(
          and(
            eq(videos.folder, 'final'),
            isNull(requests.revokedAt),
            'ownerId' in filter ? eq(videos.ownerId, filter.ownerId) : eq(requests.homeId, filter.homeId),
          ),
        );
      return reported.union(granted);
    },

    /** A home's own locations and types of service, else the defaults every home without a list offers. */
    async homeOptions(homeId: number) {
      const read = async (table: typeof locations | typeof services) => {
        const rows = await db
          .select({ name: table.name, homeId: table.homeId })
          .from(table)
          .where(or(eq(table.homeId, homeId), isNull(table.homeId)))
          .orderBy(asc(table.id));
        const own = rows.filter((row) => row.homeId === homeId);
        return (own.length ? own : rows).map((row) => row.name);
      };
      return { locations: await read(locations), services: await read(services) };
    },

    async homeAccounts(homeIds: number[], tx: DbOrTx = db) {
      if (homeIds.length === 0) return [];
      return tx
        .select({ id: users.id, email: users.email, homeName: users.homeName })
        .from(users)
        .where(inArray(users.id, homeIds));
    },

    async pagesOfOwners(ownerIds: number[]) {
      if (ownerIds.length === 0) return [];
      return db
        .select({ page: pages, pending: pendingCount })
        .from(pages)
        .where(and(inArray(pages.ownerId, ownerIds), visiblePage()))
        .orderBy(desc(pages.openedAt));
    },

    async adminList(query: ListRequest) {
      const { rows, total } = await paginate(db, adminPageList, query);
      const ids = rows.map((row) => row.page);
      const items = ids.length
        ? await db
            .select({
              page: pages,
              entries: entryCount,
              reported: reportedCount,
            })
            .from(pages)
            .where(inArray(pages.id, ids))
        : [];
      const byId = new Map(items.map((item) => [item.page.id, item]));
      return { items: ids.map((id) => byId.get(id)!), total };
    },

    async pageCounts(pageId: number) {
      const [row] = await db
        .select({
          entries: count(entries.id),
          reported: sql<number>`count(distinct ${reports.entryId})::int`,
        })
        .from(entries)
        .leftJoin(reports, eq(reports.entryId, entries.id))
        .where(eq(entries.pageId, pageId));
      return { entries: Number(row?.entries ?? 0), reported: Number(row?.reported ?? 0) };
    },

    /** Entries someone reported, the newest report first, with the reasons given. */
    async reportedEntries(limit = 200) {
      return db
        .select({
          entry: entries,
          page: { id: pages.id, name: pages.name, slug: pages.slug },
          reports: count(reports.id),
          reasons: sql<Array<string | null>>`array_agg(${reports.reason} order by ${reports.id} desc)`,
          last: sql`max(${reports.createdAt})`,
        })
        .from(reports)
        .innerJoin(entries, eq(entries.id, reports.entryId))
        .innerJoin(pages, eq(pages.id, entries.pageId))
        .groupBy(entries.id, pages.id)
        .orderBy(desc(sql`max(${reports.createdAt})`))
        .limit(limit);
    },
  };
}
export type MemorialRepo = ReturnType<typeof createMemorialRepo>;
