import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { storedObjectRecords as storedObjects } from '../../platform/storage/object-records.schema';
import { accountsView, activeAccount } from '../accounts';
import { videosView as videos } from '../videos';
import { captionTracksView as tracks, sharedTrack } from '../captions';

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
  // A caption file's request: its track, only while it is shared (a draft is no one's but its owner's).
  const captionOwnerStatus = db
    .select({ status: users.status })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.ownerId))
    .where(and(eq(tracks.objectKey, sql.placeholder('key')), sharedTrack(tracks)))
    .limit(1)
    .prepare('media_caption_owner_status_by_key');
  // Also on every media request: one probe of the object records' primary key.
  const damage = db
    .select({ damage: storedObjects.damage })
    .from(storedObjects)
    .where(and(eq(storedObjects.key, sql.placeholder('key')), isNotNull(storedObjects.damagedAt)))
    .prepare('media_object_damage_by_key');

  return {
    /** The status of the account whose video (or thumbnail) this key is; null when no video names it. */
    async videoOwnerStatus(key: string): Promise<number | null> {
      const [row] = await ownerStatus.execute({ key });
      return row?.status ?? null;
    },

    /**
     * The status of the account whose accepted caption track this key is; null when no accepted track
     * names it (a draft, a replaced or deleted track).
     */
    async captionOwnerStatus(key: string): Promise<number | null> {
      const [row] = await captionOwnerStatus.execute({ key });
      return row?.status ?? null;
    },

    /** Whether the integrity checks found this object missing or altered (and it is not restored yet). */
    async isDamaged(key: string): Promise<boolean> {
      const [row] = await damage.execute({ key });
      return row !== undefined;
    },

    /** The active administrators, who are told of damaged objects. */
    async activeAdmins() {
      return db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.type, 'admin'), activeAccount(users)));
    },

    /**
     * Whose a stored object is, when a video (its file or thumbnail), a caption track or a profile photo
     * names it: the owner to tell, and the words that say which it is. Banner images and export archives are not
     * looked up: the administrators' e-mail names their key.
     */
    async ownerOfKey(key: string) {
      const [video] = await db
        .select({
          ownerId: videos.ownerId,
          videoId: videos.id,
          title: videos.title,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(or(eq(videos.mediaKey, key), eq(videos.thumbnailKey, key)))
        .limit(1);
      if (video) return { ...video, language: null, what: 'video' as const };
      // A caption file: its video's owner is told, with the video and the language.
      const [captions] = await db
        .select({
          ownerId: videos.ownerId,
          videoId: videos.id,
          title: videos.title,
          language: tracks.language,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(tracks)
        .innerJoin(videos, eq(videos.id, tracks.videoId))
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(eq(tracks.objectKey, key))
        .limit(1);
      if (captions) return { ...captions, what: 'captions' as const };
      const [photo] = await db
        .select({
          ownerId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.photoKey, key))
        .limit(1);
      return photo ? { ...photo, videoId: null, title: null, language: null, what: 'photo' as const } : null;
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
