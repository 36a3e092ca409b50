import type { z } from 'zod';
import type { entryActionBody, moderatorBody, ModeratorView } from '@pw/contracts';
import { notFound } from '../../platform/errors';
import { deletePhoto } from '../accounts';
import type { MemorialDeps } from './memorial.context';
import { entryJson, pageJson } from './memorial.view';
import type { MemorialPageRow } from './memorial.schema';

type ModeratorInput = z.output<typeof moderatorBody>;
type EntryAction = z.output<typeof entryActionBody>['action'];

const NOT_YOURS = 'This memorial page could not be found.';

/** Who looks after a page: a trusted contact through their link, or a funeral home through its account. */
export type Moderator = { kind: 'contact'; token: string } | { kind: 'home'; homeId: number; slug: string };

/**
 * The moderators' side (docs/product.md §6.9): each finds only the page they look after (404 otherwise,
 * as for a page that does not exist), as the owner chose (`contacts`, `home` or `both`).
 */
export function createModeration(deps: MemorialDeps) {
  const { repo, storage, logger, needs } = deps;

  async function pageFor(moderator: Moderator): Promise<MemorialPageRow> {
    if (moderator.kind === 'contact') {
      const contact = moderator.token ? await needs.contactByLink(moderator.token) : null;
      const page = contact?.confirmed ? await repo.pageOfOwner(contact.ownerId) : null;
      const settings = page ? await repo.settingsOf(page.ownerId) : null;
      const visible = page ? await repo.pageBySlug(page.slug, true) : null;
      if (!visible || settings?.moderators === 'home') throw notFound(NOT_YOURS);
      return visible;
    }
    const page = await repo.pageBySlug(moderator.slug, true);
    const settings = page ? await repo.settingsOf(page.ownerId) : null;
    if (!page || settings?.moderators === 'contacts') throw notFound(NOT_YOURS);
    const homes = await repo.homeLinks({ ownerId: page.ownerId });
    if (!homes.some((link) => link.homeId === moderator.homeId)) throw notFound(NOT_YOURS);
    return page;
  }

  async function view(page: MemorialPageRow, moderator: Moderator): Promise<ModeratorView> {
    const [settings, videos, entries, options] = await Promise.all([
      repo.settingsOf(page.ownerId),
      repo.videosOf(page.ownerId),
      repo.entriesOf(page.id),
      moderator.kind === 'home' ? repo.homeOptions(moderator.homeId) : { locations: [], services: [] },
    ]);
    const own = new Set(videos.map((video) => video.id));
    const { entries: _approved, ...shown } = await pageJson(page, settings, own, needs, []);
    return {
      ...shown,
      listed: page.listed,
      guestbook_moderation: page.guestbookModeration,
      guestbook_closed: page.guestbookClosed,
      entries: entries.map((row) => ({
        ...entryJson(row.entry),
        status: row.entry.status,
        reports: row.reports,
      })),
      home_locations: options.locations,
      home_services: options.services,
    };
  }

  /** The pages a funeral home looks after, with how many messages wait for it. */
  async function homePages(homeId: number) {
    const links = await repo.homeLinks({ homeId });
    const rows = await repo.pagesOfOwners([...new Set(links.map((link) => link.ownerId))]);
    const settings = await Promise.all(rows.map((row) => repo.settingsOf(row.page.ownerId)));
    return rows
      .filter((_row, i) => settings[i]?.moderators !== 'contacts')
      .map(({ page, pending }) => ({
        slug: page.slug,
        name: page.name,
        born_year: page.bornYear,
        died_year: page.diedYear,
        listed: page.listed,
        pending,
      }));
  }

  return {
    async view(moderator: Moderator) {
      return view(await pageFor(moderator), moderator);
    },

    async update(moderator: Moderator, input: ModeratorInput) {
      const page = await pageFor(moderator);
      await repo.updatePage(page.id, {
        serviceWhen: input.service_when ?? null,
        serviceLocation: input.service_location ?? null,
        serviceType: input.service_type ?? null,
        serviceNotes: input.service_notes ?? null,
        listed: input.listed,
        guestbookModeration: input.guestbook_moderation,
        guestbookClosed: input.guestbook_closed,
      });
      return view((await repo.pageById(page.id))!, moderator);
    },

    /** Approve, hide or delete one of the page's entries (another page's entry is not found). */
    async entry(moderator: Moderator, entryId: number, action: EntryAction) {
      const page = await pageFor(moderator);
      const entry = entryId > 0 ? await repo.entryOf(page.id, entryId) : null;
      if (!entry) throw notFound('This message could not be found.');
      if (action === 'delete') {
        await repo.deleteEntry(entry.id);
        await deletePhoto(storage, logger, entry.photoKey);
      } else await repo.setEntryStatus(entry.id, action === 'approve' ? 'approved' : 'hidden');
      return view(page, moderator);
    },

    homePages,

    /** Per home, the listed pages it looks after (the directory links to them); homes with none left out. */
    async listedOfHomes(homeIds: number[]) {
      const listed = new Map<number, Array<{ slug: string; name: string }>>();
      for (const homeId of homeIds) {
        const pages = (await homePages(homeId)).filter((page) => page.listed);
        if (pages.length)
          listed.set(
            homeId,
            pages.map(({ slug, name }) => ({ slug, name })),
          );
      }
      return listed;
    },
  };
}

export type Moderation = ReturnType<typeof createModeration>;
