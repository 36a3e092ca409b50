import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { DbTx } from '../../platform/db';
import type { Notifications } from '../notifications';
import { createAccountDataRepo } from './account-data.repo';
import { accountDataSweepQueue, accountExportQueue } from './account-data.queue';
import { registerAccountDataRoutes } from './account-data.routes';
import { handle } from '../../platform/jobs';
import { createDeletionService } from './deletion.service';
import { createExportService } from './export.service';
import { createFileSweeper, type FileSweeper } from './file-sweeper';

/** What account-data calls in other modules. */
export interface AccountDataNeeds {
  notifications: Pick<Notifications, 'notify'>;
  /** The accounts module's password check and row deletion. */
  passwordMatches(accountId: number, password: string): Promise<boolean>;
  removeAccount(accountId: number, tx: DbTx): Promise<boolean>;
}

export interface AccountDataApi {
  /** One sweep now (tests move the clock and call it). */
  sweep: FileSweeper['sweep'];
}

/**
 * Leaving, and taking one's messages along (docs/product.md §11.5): the owner's data export (a zip built by a job,
 * downloaded by a signed link) and the deletion of the account (decisions 0241–0244).
 */
export function createAccountDataModule(
  platform: Platform,
  needs: AccountDataNeeds,
): AppModule<AccountDataApi> {
  const { db, clock, storage, queue, logger } = platform;
  const repo = createAccountDataRepo(db);
  const files = createFileSweeper({ repo, storage, clock, logger });
  const exports = createExportService({
    db,
    repo,
    storage,
    clock,
    queue,
    rateLimiter: platform.rateLimiter,
    notifications: needs.notifications,
    secret: platform.secret,
    logger,
  });
  const deletion = createDeletionService({
    db,
    repo,
    clock,
    outbox: platform.outbox,
    rateLimiter: platform.rateLimiter,
    files,
    logger,
    passwordMatches: needs.passwordMatches,
    removeAccount: needs.removeAccount,
  });
  return {
    name: 'account-data',
    routes: (router) => registerAccountDataRoutes(router, exports, deletion),
    queues: [accountExportQueue, accountDataSweepQueue],
    handlers: [
      handle(accountExportQueue, (job) => exports.build(job.data.exportId, job.lastAttempt)),
      handle(accountDataSweepQueue, () => files.sweep()),
    ],
    api: { sweep: files.sweep },
  };
}
