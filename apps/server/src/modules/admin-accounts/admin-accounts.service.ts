import {
  accountStatusWord,
  type AdminAccountSubscription,
  type AdminFuneralHomeDetail,
  type AdminFuneralHomeItem,
  type AdminFuneralHomeListQuery,
  type AdminPartingWords,
  type AdminUserDetail,
  type AdminUserItem,
  type AdminUserListQuery,
  FUNERAL_HOME_NOT_FOUND,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { AdminReader, AuditApi } from '../audit';
import { notFound } from '../../platform/errors';
import { isActiveAccount, photoUrl } from '../accounts';
import { fromCents } from '../plans';
import type { VideosApi } from '../videos';
import type {
  AccountListRow,
  AccountRow,
  AdminAccountsRepo,
  HeldKind,
  SubscriptionEntry,
} from './admin-accounts.repo';

export const USER_NOT_FOUND = 'User not found.';

export interface AdminAccountsDeps {
  db: Db;
  repo: AdminAccountsRepo;
  clock: Clock;
  /** The final video as someone it is shown to sees it: signed, expiring media URLs (videos' API). */
  videos: Pick<VideosApi, 'viewFor'>;
  /** Records each read of a user's private data in the transaction that allows it (docs/product.md §11.10). */
  audit: AuditApi;
}

type Titles = Map<number, Partial<Record<HeldKind, string>>>;

/** Running plans' titles by account and kind: the newest running one of each kind (rows come newest first). */
async function titlesOf(repo: AdminAccountsRepo, accountIds: number[], now: Date): Promise<Titles> {
  const titles: Titles = new Map();
  for (const row of await repo.runningTitles(accountIds, now)) {
    const held = titles.get(row.accountId) ?? {};
    held[row.kind as HeldKind] ??= row.title;
    titles.set(row.accountId, held);
  }
  return titles;
}

const contact = (row: AccountListRow | AccountRow) => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  dialing_code: row.dialingCode,
  phone: row.phone,
  created_at: row.createdAt.toISOString(),
});

const userItem = (row: AccountListRow | AccountRow, held: Titles) => ({
  ...contact(row),
  ad_subscription: held.get(row.id)?.['ad-free'] ?? null,
  time_subscription: held.get(row.id)?.membership ?? null,
});

const homeItem = (row: AccountListRow | AccountRow, held: Titles) => ({
  ...contact(row),
  home_name: row.homeName ?? '',
  subscription: held.get(row.id)?.['funeral-home'] ?? null,
});

/** A purchase as the details list it: expired once it no longer runs, whatever the daily job wrote yet. */
function toSubscription(entry: SubscriptionEntry): AdminAccountSubscription {
  return {
    id: entry.id,
    status: entry.running ? (entry.status === 'cancelled' ? 'cancelled' : 'active') : 'expired',
    price: fromCents(entry.amountCents),
    purchase_date: entry.startsAt.toISOString(),
    expiry_date: entry.expiresAt?.toISOString() ?? null,
    plan: { id: entry.planId, title: entry.title, duration: entry.duration },
  };
}

const ofKind = (entries: SubscriptionEntry[], kind: HeldKind) =>
  entries.filter((entry) => entry.kind === kind).map(toSubscription);

const profile = (row: AccountRow) => ({
  status: isActiveAccount(row) ? (1 as const) : (0 as const),
  address: row.address,
  map_link: row.mapLink,
  photo_path: photoUrl(row.photoKey),
});

/** The back office's users and funeral homes: lists, details and a user's final message (docs/product.md §9.2). */
export function createAdminAccountsService({ db, repo, clock, videos, audit }: AdminAccountsDeps) {
  const found = async (id: number, type: 'user' | 'funeral-home', tx: Db = db) => {
    const row = await repo.account(id, type, tx);
    if (!row) throw notFound(type === 'user' ? USER_NOT_FOUND : FUNERAL_HOME_NOT_FOUND);
    return row;
  };

  /** One page of a list: its rows, then their running plans' titles (one statement for the page). */
  const listed = async <Item>(
    page: (now: Date) => Promise<{ rows: AccountListRow[]; total: number }>,
    toItem: (row: AccountListRow, held: Titles) => Item,
  ) => {
    const now = clock.now();
    const { rows, total } = await page(now);
    const held = await titlesOf(
      repo,
      rows.map((row) => row.id),
      now,
    );
    const items = rows.map((row) => ({ ...toItem(row, held), status: accountStatusWord(row.status) }));
    return { items, total };
  };

  return {
    users(query: AdminUserListQuery): Promise<{ items: AdminUserItem[]; total: number }> {
      return listed((now) => repo.users(query, now), userItem);
    },

    funeralHomes(
      query: AdminFuneralHomeListQuery,
    ): Promise<{ items: AdminFuneralHomeItem[]; total: number }> {
      return listed((now) => repo.funeralHomes(query, now), homeItem);
    },

    /** The user's profile and plans; the visit is recorded for the user to see (docs/product.md §11.10). */
    async userDetail(id: number, admin: AdminReader): Promise<AdminUserDetail> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const user = await found(id, 'user', tx);
        await audit.recordRead({ admin, ownerId: id, what: 'account_details' }, tx);
        return user;
      });
      const [held, entries, finalVideo] = await Promise.all([
        titlesOf(repo, [id], now),
        repo.subscriptionsOf(id, now),
        repo.finalVideoOf(id),
      ]);
      return {
        ...userItem(row, held),
        ...profile(row),
        has_parting_words: finalVideo !== null,
        user_time_subscription: ofKind(entries, 'membership'),
        funeral_subscription: ofKind(entries, 'funeral-home'),
        user_ad_subscription: ofKind(entries, 'ad-free'),
      };
    },

    async funeralHomeDetail(id: number): Promise<AdminFuneralHomeDetail> {
      const now = clock.now();
      const row = await found(id, 'funeral-home');
      const [held, entries] = await Promise.all([titlesOf(repo, [id], now), repo.subscriptionsOf(id, now)]);
      return {
        ...homeItem(row, held),
        ...profile(row),
        funeral_subscription: ofKind(entries, 'funeral-home'),
      };
    },

    /**
     * The user's final message with signed media URLs, or null when they have none (id: the user's). The
     * read, its reason and the owner's notice are written in the transaction that finds the message: the
     * URLs are answered only once they are committed (docs/product.md §11.10). No message, nothing read.
     */
    async partingWords(
      userId: number,
      admin: AdminReader,
      reason: string,
    ): Promise<AdminPartingWords | null> {
      const read = await db.transaction(async (tx) => {
        const row = await found(userId, 'user', tx);
        const videoId = await repo.finalVideoOf(userId, tx);
        const video = videoId === null ? null : await videos.viewFor(videoId, admin.id, tx);
        if (!video) return null;
        await audit.recordRead(
          {
            admin,
            ownerId: userId,
            what: 'parting_words',
            video: { id: video.id, title: video.title },
            reason,
          },
          tx,
        );
        return { row, video };
      });
      if (!read) return null;
      const { row, video } = read;
      return {
        id: video.id,
        title: video.title,
        description: video.description,
        video_link: video.video_link,
        video_thumbnail: video.video_thumbnail,
        captions: video.captions,
        duration: video.duration,
        search_code: video.search_code,
        is_private: video.is_private,
        // The admin sees whose message it is in full (the details show the e-mail too).
        creator: { first_name: row.firstName, last_name: row.lastName, email: row.email },
      };
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
