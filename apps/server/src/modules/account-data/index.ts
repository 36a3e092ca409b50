import { bindMails } from '../../platform/mail/define';
import { accountDataMails } from './account-data.mails';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { DbTx } from '../../platform/db';
import type { Notifications } from '../notifications';
import { createAccountDataRepo } from './account-data.repo';
import {
  accountDataRetentionQueue,
  accountDataSweepQueue,
  accountExportQueue,
  retentionNoticeQueue,
} from './account-data.queue';
import { registerAccountDataRoutes } from './account-data.routes';
import { handle } from '../../platform/jobs';
import { createDeletionService } from './deletion.service';
import { createExportService } from './export.service';
import { createFileSweeper, type FileSweeper } from './file-sweeper';
import { createRetentionRepo } from './retention.repo';
import { createRetentionService, type RetentionService } from './retention.service';

/** What account-data calls in other modules. */
export interface AccountDataNeeds {
  notifications: Pick<Notifications, 'notify'>;
  /** The accounts module's password check and row deletion. */
  passwordMatches(accountId: number, password: string): Promise<boolean>;
  removeAccount(accountId: number, tx: DbTx): Promise<boolean>;
  /** The payments module's, in the deletion's transaction: the card's last digits go. */
  anonymisePayments(accountId: number, tx: DbTx): Promise<number>;
  /**
   * The funeral-homes module's, in the deletion's transaction: the requests this person sent outlive the
   * account (a home keeps what it acts on), their name and e-mail blanked.
   */
  forgetRequester(accountId: number, tx: DbTx): Promise<void>;
  /** The accounts module's: an account still deactivated since `endedAt`, locked for its deletion. */
  holdEnded(accountId: number, endedAt: Date, tx: DbTx): Promise<boolean>;
  /** The accounts module's: expired or revoked sessions, used or expired reset codes deleted. */
  purgeSignInLeftovers(now: Date): Promise<{ sessions: number; resetCodes: number }>;
  /**
   * The memorial module's, in the transaction of an account's first retention notice: the moderators of
   * its memorial page are told when the page goes with it.
   */
  noticeBeforeRetention(accountId: number, endedAt: Date, deleteOn: Date, tx: DbTx): Promise<number>;
}

export interface AccountDataApi {
  /** One sweep now (tests move the clock and call it). */
  sweep: FileSweeper['sweep'];
  /** One run of the retention duty now, and one notice's sending (tests move the clock and call them). */
  retention: Pick<RetentionService, 'run' | 'sendNotice'>;
}

/**
 * Leaving, and taking one's messages along (docs/product.md §11.5): the owner's data export (a zip built by a job,
 * downloaded by a signed link), the deletion of the account (docs/product.md §11.6), and keeping data only as
 * long as promised: a deactivated account's deletion at its day, and the short clocks
 * (docs/product.md §11.9).
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
    anonymisePayments: needs.anonymisePayments,
    forgetRequester: needs.forgetRequester,
  });
  const retentionRepo = createRetentionRepo(db);
  const retention = createRetentionService({
    db,
    repo: retentionRepo,
    clock,
    outbox: platform.outbox,
    queue,
    logger,
    retentionDays: platform.config.RETENTION_DAYS,
    supportEmail: platform.config.SUPPORT_EMAIL,
    erase: deletion.erase,
    noticeBeforeRetention: needs.noticeBeforeRetention,
    holdEnded: needs.holdEnded,
    purgeSignInLeftovers: needs.purgeSignInLeftovers,
  });
  return {
    name: 'account-data',
    mails: bindMails({ repo: retentionRepo, supportEmail: platform.config.SUPPORT_EMAIL }, accountDataMails),
    routes: (router) => registerAccountDataRoutes(router, exports, deletion, platform.config.RETENTION_DAYS),
    queues: [accountExportQueue, accountDataSweepQueue, accountDataRetentionQueue, retentionNoticeQueue],
    handlers: [
      handle(accountExportQueue, (job) => exports.build(job.data.exportId, job.lastAttempt)),
      handle(accountDataSweepQueue, () => files.sweep()),
      handle(accountDataRetentionQueue, () => retention.run()),
      handle(retentionNoticeQueue, (job) => retention.sendNotice(job.data.mailId)),
    ],
    api: { sweep: files.sweep, retention },
  };
}
