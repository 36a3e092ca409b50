import { MEMORIAL_MESSAGES } from '@pw/contracts';
import { notFound } from '../../platform/errors';
import { mailOf } from '../../platform/mail/define';
import type { ListRequest } from '../../platform/db/paginate';
import type { MemorialDeps } from './memorial.context';
import { memorialTakenDownMail } from './memorial.mails';
import { moderatorsOf } from './memorial.moderators';
import type { MemorialPageRow } from './memorial.schema';
import { entryJson } from './memorial.view';

const itemJson = (page: MemorialPageRow, counts: { entries: number; reported: number }) => ({
  id: page.id,
  slug: page.slug,
  name: page.name,
  owner_id: page.ownerId,
  listed: page.listed,
  opened_at: page.openedAt.toISOString(),
  taken_down_at: page.takenDownAt?.toISOString() ?? null,
  taken_down_reason: page.takenDownReason,
  entries: counts.entries,
  reported_entries: counts.reported,
});

/** The back office's side: every page, the reported entries, and taking a page down. */
export function createMemorialAdmin(deps: MemorialDeps) {
  const { repo, clock, outbox, logger } = deps;

  return {
    async list(query: ListRequest) {
      const { items, total } = await repo.adminList(query);
      return {
        items: items.map((item) => itemJson(item.page, { entries: item.entries, reported: item.reported })),
        total,
      };
    },

    async reported() {
      const rows = await repo.reportedEntries();
      return rows.map((row) => ({
        ...entryJson(row.entry),
        status: row.entry.status,
        reports: Number(row.reports),
        page_id: row.page.id,
        page_name: row.page.name,
        page_slug: row.page.slug,
        reasons: row.reasons.filter((reason): reason is string => !!reason),
      }));
    },

    /** Takes the page down (once: again changes nothing and tells nobody again); its moderators are told. */
    async takeDown(id: number, reason: string) {
      const page = id > 0 ? await repo.pageById(id) : null;
      if (!page) throw notFound('This memorial page could not be found.');
      if (!page.takenDownAt) {
        await repo.updatePage(page.id, { takenDownAt: clock.now(), takenDownReason: reason, listed: false });
        const moderators = await moderatorsOf(repo, page);
        const sent = await Promise.allSettled(
          moderators.map((m) =>
            outbox.send({
              mail: mailOf(memorialTakenDownMail, { name: m.name, pageName: page.name, reason }),
              to: m.email,
              accountId: page.ownerId,
              ref: `memorial:${page.id}`,
            }),
          ),
        );
        for (const result of sent)
          if (result.status === 'rejected') logger.warn({ err: result.reason }, 'take-down mail not sent');
      }
      const after = (await repo.pageById(page.id))!;
      return { message: MEMORIAL_MESSAGES.takenDown, data: itemJson(after, await repo.pageCounts(page.id)) };
    },
  };
}
