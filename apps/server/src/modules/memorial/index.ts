import type { DbOrTx } from '../../platform/db';
import { bindMails } from '../../platform/mail/define';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { readOnlyView } from '../../platform/db/read-only';
import { createMemorialAdmin } from './memorial.admin';
import type { MemorialDeps, MemorialNeeds } from './memorial.context';
import { memorialMails } from './memorial.mails';
import { createModeration } from './memorial.moderation';
import { createMemorialRepo } from './memorial.repo';
import { registerMemorialRoutes } from './memorial.routes';
import { guestbookEntries, memorialPages, memorialSettings } from './memorial.schema';
import { createMemorialService } from './memorial.service';
import { memorialMailQueue } from './memorial.queue';
import { createRetentionNotice } from './memorial.retention';
import { handle } from '../../platform/jobs';

export type { MemorialNeeds } from './memorial.context';

// Read-only views for the account's data export (decision 0310).
export const memorialSettingsView = readOnlyView(memorialSettings, 'memorial_settings');
export const memorialPagesView = readOnlyView(memorialPages, 'memorial_pages');
export const guestbookEntriesView = readOnlyView(guestbookEntries, 'memorial_guestbook_entries');

/** What other modules ask: the legacy release opens the page and names it in its e-mail. */
export interface MemorialApi {
  /** In the release's transaction: the page's path when the owner chose a memorial, else null. */
  openAtRelease(ownerId: number, tx: DbOrTx): Promise<string | null>;
  /** The path of the owner's page while it is up (for the release e-mail), else null. */
  pathOf(ownerId: number): Promise<string | null>;
  /**
   * In the transaction of the account's retention notice: tells the page's moderators when it is deleted
   * with the account, once per ending of the account. Answers how many were told.
   */
  noticeBeforeRetention(ownerId: number, endedAt: Date, deleteOn: Date, tx: DbOrTx): Promise<number>;
  /** Per funeral home, the listed pages it looks after (its directory entry links to them). */
  listedOfHomes(homeIds: number[]): Promise<Map<number, Array<{ slug: string; name: string }>>>;
}

/**
 * The memorial page (docs/product.md §6.9): the owner's choice, the page the release opens, its
 * guestbook, its moderators' and the back office's calls.
 */
export function createMemorialModule(platform: Platform, needs: MemorialNeeds): AppModule<MemorialApi> {
  const repo = createMemorialRepo(platform.db);
  const deps: MemorialDeps = {
    db: platform.db,
    repo,
    clock: platform.clock,
    storage: platform.storage,
    logger: platform.logger,
    outbox: platform.outbox,
    rateLimiter: platform.rateLimiter,
    needs,
  };
  const service = createMemorialService(deps);
  const moderation = createModeration(deps);
  const admin = createMemorialAdmin(deps);
  const noticeBeforeRetention = createRetentionNotice({ ...deps, queue: platform.queue });
  return {
    name: 'memorial',
    routes: (router) =>
      registerMemorialRoutes(router, {
        service,
        moderation,
        admin,
        svg: platform.svg,
        publicUrl: platform.config.PUBLIC_URL,
      }),
    mails: bindMails({}, memorialMails),
    queues: [memorialMailQueue],
    handlers: [handle(memorialMailQueue, (job) => platform.outbox.deliver(job.data.mailId))],
    api: {
      openAtRelease: service.openAtRelease,
      pathOf: service.pathOf,
      noticeBeforeRetention,
      listedOfHomes: moderation.listedOfHomes,
    },
  };
}
