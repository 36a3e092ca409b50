import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  guestbookEntriesView as entries,
  memorialPagesView as pages,
  memorialSettingsView as settings,
} from '../memorial';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * The memorial page the owner chose, the page the release opened and its guestbook (docs/product.md
 * §6.9): the visitors' messages are written to the owner's page, so they go with it.
 */
export async function readMemorialSections(db: Db, accountId: number) {
  const [settingRows, pageRows] = await Promise.all([
    db.select().from(settings).where(eq(settings.userId, accountId)),
    db.select().from(pages).where(eq(pages.ownerId, accountId)),
  ]);
  const pageIds = pageRows.map((page) => page.id);
  const entryRows = pageIds.length
    ? await db.select().from(entries).where(inArray(entries.pageId, pageIds)).orderBy(asc(entries.id))
    : [];
  return {
    memorial: settingRows.map((s) => ({
      enabled: s.enabled,
      text: s.text,
      video_ids: s.videoIds,
      moderators: s.moderators,
      listed: s.listed,
      updated_at: iso(s.updatedAt),
    })),
    memorial_page: pageRows.map((p) => ({
      name: p.name,
      born_year: p.bornYear,
      died_year: p.diedYear,
      opened_at: iso(p.openedAt),
      listed: p.listed,
      guestbook_moderation: p.guestbookModeration,
      guestbook_closed: p.guestbookClosed,
      service: {
        when: p.serviceWhen,
        location: p.serviceLocation,
        type: p.serviceType,
        notes: p.serviceNotes,
      },
      taken_down_at: iso(p.takenDownAt),
      taken_down_reason: p.takenDownReason,
    })),
    memorial_guestbook: entryRows.map((e) => ({
      id: e.id,
      name: e.name,
      message: e.message,
      status: e.status,
      created_at: iso(e.createdAt),
    })),
  };
}
