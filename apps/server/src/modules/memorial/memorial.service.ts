import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  MEMORIAL_MESSAGES,
  type guestbookBody,
  type memorialSettingsBody,
  type MemorialSettings,
  type PublicMemorial,
} from '@pw/contracts';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import { deletePhoto, photoUrl, storePhoto, type FormPhoto } from '../accounts';
import type { MemorialDeps } from './memorial.context';
import { guestbookPerIpRule, guestbookPerPageRule, reportPerIpRule } from './memorial.limits';
import { pageJson, pagePath } from './memorial.view';
import type { MemorialPageRow } from './memorial.schema';

type SettingsInput = z.output<typeof memorialSettingsBody>;
type EntryInput = z.output<typeof guestbookBody>;

const PAGE_GONE = 'This memorial page could not be found.';

/** 128 random bits as 22 base64url characters: an address nobody finds without being given it. */
export const newSlug = () => randomBytes(16).toString('base64url');

/** The owner's choice, the opening at the release, and what visitors see and do (docs/product.md §6.9). */
export function createMemorialService(deps: MemorialDeps) {
  const { repo, clock, storage, logger, rateLimiter, needs } = deps;

  async function ownVideoIds(ownerId: number, tx?: DbOrTx) {
    return new Set((await repo.videosOf(ownerId, tx)).map((video) => video.id));
  }

  async function visible(slug: string): Promise<MemorialPageRow> {
    const page = await repo.pageBySlug(slug, true);
    if (!page) throw notFound(PAGE_GONE);
    return page;
  }

  async function settingsView(ownerId: number): Promise<MemorialSettings> {
    const [settings, videos, page] = await Promise.all([
      repo.settingsOf(ownerId),
      repo.videosOf(ownerId),
      repo.pageOfOwner(ownerId),
    ]);
    const own = new Set(videos.map((video) => video.id));
    return {
      enabled: settings?.enabled ?? false,
      text: settings?.text ?? null,
      photo_path: photoUrl(settings?.photoKey ?? null),
      video_ids: (settings?.videoIds ?? []).filter((id) => own.has(id)),
      moderators: settings?.moderators ?? 'contacts',
      listed: settings?.listed ?? false,
      choosable_videos: videos
        .filter((video) => video.state === 'ready')
        .map((video) => ({ id: video.id, title: video.title, type: video.folder })),
      page_path: page ? pagePath(page.slug) : null,
    };
  }

  return {
    settings: settingsView,

    /** Saves the whole choice; a video that is not the owner's own is refused and nothing changes. */
    async save(ownerId: number, input: SettingsInput, { photo }: FormPhoto): Promise<MemorialSettings> {
      const own = await ownVideoIds(ownerId);
      if (input.video_ids.some((id) => !own.has(id)))
        throw invalid('video_ids', MEMORIAL_MESSAGES.videoNotYours);
      const before = await repo.settingsOf(ownerId);
      const photoKey = photo
        ? await storePhoto(storage, photo)
        : input.remove_photo
          ? null
          : (before?.photoKey ?? null);
      await repo.saveSettings(
        ownerId,
        {
          enabled: input.enabled,
          text: input.text ?? null,
          photoKey,
          videoIds: input.video_ids,
          moderators: input.moderators,
          listed: input.listed,
        },
        clock.now(),
      );
      if (before?.photoKey && before.photoKey !== photoKey)
        await deletePhoto(storage, logger, before.photoKey);
      return settingsView(ownerId);
    },

    /**
     * At the release, in its transaction: opens the page when the owner chose one (a page a former
     * release opened is kept, its guestbook with it). Answers its path, or null without a memorial.
     */
    async openAtRelease(ownerId: number, tx: DbOrTx): Promise<string | null> {
      const settings = await repo.settingsOf(ownerId, tx);
      if (!settings?.enabled) return null;
      const owner = await repo.owner(ownerId, tx);
      if (!owner) return null;
      const now = clock.now();
      const page = await repo.openPage(
        {
          ownerId,
          slug: newSlug(),
          name: `${owner.firstName} ${owner.lastName}`.trim(),
          bornYear: owner.dateOfBirth ? Number(String(owner.dateOfBirth).slice(0, 4)) : null,
          diedYear: now.getUTCFullYear(),
          openedAt: now,
          listed: settings.listed,
        },
        tx,
      );
      return pagePath(page.slug);
    },

    /** The path of the owner's open page, for the release e-mail. */
    async pathOf(ownerId: number): Promise<string | null> {
      const page = await repo.pageOfOwner(ownerId);
      return page && !page.takenDownAt ? pagePath(page.slug) : null;
    },

    async publicPage(slug: string): Promise<PublicMemorial> {
      const page = await visible(slug);
      const [settings, own, entries] = await Promise.all([
        repo.settingsOf(page.ownerId),
        ownVideoIds(page.ownerId),
        repo.entriesOf(page.id, ['approved']),
      ]);
      return pageJson(
        page,
        settings,
        own,
        needs,
        entries.map((row) => row.entry),
      );
    },

    /** A visitor's message: counted against the address and the page first, then held or shown. */
    async sign(slug: string, input: EntryInput, { photo }: FormPhoto, ip: string) {
      const page = await visible(slug);
      if (page.guestbookClosed) throw conflict(MEMORIAL_MESSAGES.guestbookClosed);
      // One after the other: an address over its own limit does not eat the page's.
      await rateLimiter.consume(guestbookPerIpRule(ip));
      await rateLimiter.consume(guestbookPerPageRule(page.id));
      const status = page.guestbookModeration ? ('pending' as const) : ('approved' as const);
      const photoKey = photo ? await storePhoto(storage, photo) : null;
      await repo.insertEntry({
        pageId: page.id,
        name: input.name,
        message: input.message,
        photoKey,
        status,
        createdAt: clock.now(),
      });
      return {
        message: status === 'pending' ? MEMORIAL_MESSAGES.entryReceived : MEMORIAL_MESSAGES.entryPublished,
        data: { status },
      };
    },

    /** Anyone may report a message they can see. */
    async report(slug: string, entryId: number, reason: string | undefined, ip: string) {
      const page = await visible(slug);
      const entry = entryId > 0 ? await repo.entryOf(page.id, entryId) : null;
      if (!entry || entry.status !== 'approved') throw notFound('This message could not be found.');
      await rateLimiter.consume(reportPerIpRule(ip));
      await repo.insertReport(entry.id, reason ?? null, clock.now());
      return { message: MEMORIAL_MESSAGES.reported };
    },

    async search(term: string) {
      const rows = await repo.search(term);
      return rows.map((row) => ({
        slug: row.slug,
        name: row.name,
        born_year: row.bornYear,
        died_year: row.diedYear,
      }));
    },
  };
}

export type MemorialService = ReturnType<typeof createMemorialService>;
