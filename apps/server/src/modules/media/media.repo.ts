import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { accountsView } from '../accounts';
import { videosView as videos } from '../videos';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** What the media module reads of other modules' tables (read-only): whose video a key belongs to. */
export function createMediaRepo(db: Db) {
  // Every media request (each range a player asks for) runs this: built once, over two indexes.
  const ownerStatus = db
    .select({ status: users.status })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(or(eq(videos.mediaKey, sql.placeholder('key')), eq(videos.thumbnailKey, sql.placeholder('key'))))
    .limit(1)
    .prepare('media_video_owner_status_by_key');

  return {
    /** The status of the account whose video (or thumbnail) this key is; null when no video names it. */
    async videoOwnerStatus(key: string): Promise<number | null> {
      const [row] = await ownerStatus.execute({ key });
      return row?.status ?? null;
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
