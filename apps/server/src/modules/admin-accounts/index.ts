import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { VideosApi } from '../videos';
import type { AuditApi } from '../audit';
import { createAdminAccountsRepo } from './admin-accounts.repo';
import { createAdminAccountsService } from './admin-accounts.service';
import { registerAdminAccountsRoutes } from './admin-accounts.routes';

/** The lists' statements as the app sends them, which the back-office bench plans on its own. */
export { createAdminAccountsRepo } from './admin-accounts.repo';

export interface AdminAccountsNeeds {
  /** The final video with signed media URLs, as the watch pages sign them. */
  videos: Pick<VideosApi, 'viewFor'>;
  /** Each read of an owner's private data is recorded in the transaction that allows it (§11.10). */
  audit: AuditApi;
}

/**
 * The back office's users and funeral homes (docs/product.md §13.4, §13.7, §9.2): the two lists, their details
 * and a user's final message, read across accounts, payments, plans and videos (read-only joins,
 * decision 0235). Writes only the audit's record of a read (through its API); the status toggle lives
 * with the account it changes.
 */
export function createAdminAccountsModule(platform: Platform, needs: AdminAccountsNeeds): AppModule {
  const service = createAdminAccountsService({
    db: platform.db,
    repo: createAdminAccountsRepo(platform.db),
    clock: platform.clock,
    videos: needs.videos,
    audit: needs.audit,
  });
  return {
    name: 'admin-accounts',
    routes: (router) => registerAdminAccountsRoutes(router, service, platform.config.PUBLIC_URL),
    api: undefined,
  };
}
