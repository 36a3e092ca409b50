import { memorialVideo, type GuestbookEntry, type PublicMemorial } from '@pw/contracts';
import { photoUrl } from '../accounts';
import type { GuestbookEntryRow, MemorialPageRow, MemorialSettingsRow } from './memorial.schema';
import type { MemorialNeeds } from './memorial.context';

export const entryJson = (entry: GuestbookEntryRow): GuestbookEntry => ({
  id: entry.id,
  name: entry.name,
  message: entry.message,
  photo_path: photoUrl(entry.photoKey),
  created_at: entry.createdAt.toISOString(),
});

/** The page as a visitor sees it: what the owner chose (ready videos of theirs only) and the service. */
export async function pageJson(
  page: MemorialPageRow,
  settings: MemorialSettingsRow | null,
  ownVideoIds: Set<number>,
  needs: MemorialNeeds,
  entries: GuestbookEntryRow[],
): Promise<PublicMemorial> {
  const chosen = (settings?.videoIds ?? []).filter((id) => ownVideoIds.has(id));
  const found = await Promise.all(chosen.map((id) => needs.videoJson(id)));
  const videos = found
    .filter((video) => video !== null && video.state === 'ready')
    .map((video) => memorialVideo.parse(video));
  return {
    slug: page.slug,
    name: page.name,
    born_year: page.bornYear,
    died_year: page.diedYear,
    text: settings?.text ?? null,
    photo_path: photoUrl(settings?.photoKey ?? null),
    videos,
    service: {
      when: page.serviceWhen,
      location: page.serviceLocation,
      type: page.serviceType,
      notes: page.serviceNotes,
    },
    guestbook_open: !page.guestbookClosed,
    entries: entries.map(entryJson),
  };
}

export const pagePath = (slug: string) => `/memorial/${slug}`;
