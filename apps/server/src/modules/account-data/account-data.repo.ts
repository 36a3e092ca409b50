import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { accountExports, fileDeletions, type AccountExportRow } from './account-data.schema';
import { isActiveAccount } from '../accounts';
import { accountsView } from '../accounts';
import { bannerAdImagesView as bannerAdImages, bannerAdsView as bannerAds } from '../banner-ads';
import { videosView as videos } from '../videos';
import {
  guestbookEntriesView as guestbook,
  memorialPagesView as memorialPages,
  memorialSettingsView as memorialSettings,
} from '../memorial';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export type ExportPatch = Partial<
  Pick<
    AccountExportRow,
    'status' | 'progress' | 'step' | 'error' | 'storageKey' | 'sizeBytes' | 'readyAt' | 'expiresAt'
  >
>;

/** Queries of the exports and of the files left to delete; no rules here. */
export function createAccountDataRepo(db: Db) {
  return {
    /** A new queued export, or null when the account already has one queued or running (the index says). */
    async insertExport(accountId: number, now: Date, tx: DbOrTx = db): Promise<AccountExportRow | null> {
      const [row] = await tx
        .insert(accountExports)
        .values({ accountId, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async runningOf(accountId: number, tx: DbOrTx = db): Promise<AccountExportRow | null> {
      const [row] = await tx
        .select()
        .from(accountExports)
        .where(
          and(eq(accountExports.accountId, accountId), inArray(accountExports.status, ['queued', 'running'])),
        )
        .limit(1);
      return row ?? null;
    },

    async latestOf(accountId: number): Promise<AccountExportRow | null> {
      const [row] = await db
        .select()
        .from(accountExports)
        .where(eq(accountExports.accountId, accountId))
        .orderBy(desc(accountExports.id))
        .limit(1);
      return row ?? null;
    },

    async findExport(id: number): Promise<AccountExportRow | null> {
      const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id)).limit(1);
      return row ?? null;
    },

    /** Whether the account is active now (a deactivated one's archive is not handed out). */
    async isActiveAccount(accountId: number): Promise<boolean> {
      const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, accountId));
      return !!row && isActiveAccount(row);
    },

    async updateExport(id: number, patch: ExportPatch, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(accountExports)
        .set({ ...patch, updatedAt: now })
        .where(eq(accountExports.id, id));
    },

    /** Ready exports past their expiry, oldest first. */
    async expiredExports(now: Date, limit: number): Promise<AccountExportRow[]> {
      return db
        .select()
        .from(accountExports)
        .where(and(eq(accountExports.status, 'ready'), lte(accountExports.expiresAt, now)))
        .orderBy(asc(accountExports.expiresAt))
        .limit(limit);
    },

    /** Every storage key the account's rows name: videos, thumbnails, sources, photos, banner images, exports. */
    async storageKeysOf(accountId: number, tx: DbOrTx = db): Promise<string[]> {
      const [account] = await tx
        .select({ photoKey: users.photoKey })
        .from(users)
        .where(eq(users.id, accountId));
      const videoKeys = await tx
        .select({ media: videos.mediaKey, thumbnail: videos.thumbnailKey, sources: videos.sourceKeys })
        .from(videos)
        .where(eq(videos.ownerId, accountId));
      const imageKeys = await tx
        .select({ key: bannerAdImages.storageKey })
        .from(bannerAdImages)
        .innerJoin(bannerAds, eq(bannerAds.id, bannerAdImages.bannerAdId))
        .where(eq(bannerAds.accountId, accountId));
      const exportKeys = await tx
        .select({ key: accountExports.storageKey })
        .from(accountExports)
        .where(and(eq(accountExports.accountId, accountId), isNotNull(accountExports.storageKey)));
      // The memorial's photo and its visitors' photos go with the page (docs/product.md §6.9).
      const memorialKeys = await tx
        .select({ key: memorialSettings.photoKey })
        .from(memorialSettings)
        .where(eq(memorialSettings.userId, accountId));
      const guestKeys = await tx
        .select({ key: guestbook.photoKey })
        .from(guestbook)
        .innerJoin(memorialPages, eq(memorialPages.id, guestbook.pageId))
        .where(eq(memorialPages.ownerId, accountId));
      const keys = [
        account?.photoKey,
        ...memorialKeys.map((m) => m.key),
        ...guestKeys.map((g) => g.key),
        ...videoKeys.flatMap((v) => [v.media, v.thumbnail, ...v.sources]),
        ...imageKeys.map((i) => i.key),
        ...exportKeys.map((e) => e.key),
      ];
      return [...new Set(keys.filter((key): key is string => !!key))];
    },

    async queueFileDeletions(keys: string[], now: Date, tx: DbOrTx = db): Promise<void> {
      if (keys.length === 0) return;
      await tx
        .insert(fileDeletions)
        .values(keys.map((key) => ({ key, createdAt: now })))
        .onConflictDoNothing();
    },

    async pendingFileDeletions(limit: number): Promise<string[]> {
      const rows = await db
        .select({ key: fileDeletions.key })
        .from(fileDeletions)
        .orderBy(asc(fileDeletions.createdAt))
        .limit(limit);
      return rows.map((row) => row.key);
    },

    async fileDeleted(key: string): Promise<void> {
      await db.delete(fileDeletions).where(eq(fileDeletions.key, key));
    },

    /** Marks a ready export expired and queues its file, in one transaction. */
    async expireExport(row: AccountExportRow, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(accountExports)
          .set({ status: 'expired', storageKey: null, updatedAt: now })
          .where(and(eq(accountExports.id, row.id), eq(accountExports.status, 'ready')));
        if (row.storageKey)
          await tx
            .insert(fileDeletions)
            .values({ key: row.storageKey, createdAt: now })
            .onConflictDoNothing();
      });
    },

    /** How many files wait to be deleted (tests and the operations page). */
    async pendingFileCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(fileDeletions);
      return row?.n ?? 0;
    },
  };
}

export type AccountDataRepo = ReturnType<typeof createAccountDataRepo>;
