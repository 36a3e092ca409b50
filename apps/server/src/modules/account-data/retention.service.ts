import type { FastifyBaseLogger } from 'fastify';
import { MAIL_LOG_KEEP_DAYS, RETENTION_NOTICE_DAYS } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbTx } from '../../platform/db';
import { sendJob } from '../../platform/jobs';
import type { MailOutbox } from '../../platform/mail/outbox';
import { mailOf } from '../../platform/mail/define';
import { retentionNoticeMailKind } from './account-data.mails';
import type { PgBoss } from '../../platform/queue';
import { retentionNoticeQueue } from './account-data.queue';
import type { EndedAccount, RetentionRepo } from './retention.repo';
import type { DeletionService } from './deletion.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const [FIRST_NOTICE, LAST_NOTICE] = RETENTION_NOTICE_DAYS;
/** A notice's job lost in a crash is sent again after this long (its own job would have run by then). */
const LOST_JOB_MS = 10 * 60 * 1000;
const PAGE = 500;

export interface RetentionDeps {
  db: Db;
  repo: RetentionRepo;
  clock: Clock;
  outbox: MailOutbox;
  queue: PgBoss;
  logger: Pick<FastifyBaseLogger, 'info'>;
  retentionDays: number;
  supportEmail: string;
  /** The one deletion of an account (deletion.service.ts). */
  erase: DeletionService['erase'];
  /** The accounts module's: the row locked while still deactivated since that instant. */
  holdEnded(accountId: number, endedAt: Date, tx: DbTx): Promise<boolean>;
  /** The accounts module's: expired or revoked sessions, used or expired reset codes. */
  purgeSignInLeftovers(now: Date): Promise<{ sessions: number; resetCodes: number }>;
  /** The memorial module's: its page's moderators told, once per ending (AccountDataNeeds). */
  noticeBeforeRetention(accountId: number, endedAt: Date, deleteOn: Date, tx: DbTx): Promise<number>;
}

export interface RetentionRun {
  notified: number;
  deleted: number;
  sessions: number;
  resetCodes: number;
  mails: number;
}

/**
 * Kept only as long as promised (docs/product.md §11.9). A deactivated account's
 * clock starts at its deactivation (`users.deactivated_at`; activation clears it): 30 and 7 days before
 * its day it is e-mailed, each notice once per ending, and at its day it is deleted by the owner's own
 * deletion (media, personal data, payments kept without the payer or the card). The deletion never
 * comes sooner than 7 days after the last notice, so nobody loses their data unwarned (a shortened
 * RETENTION_DAYS, a sweep that did not run). Only deactivated accounts are read: an active account's
 * deliveries and final message are never touched.
 */
export function createRetentionService(deps: RetentionDeps) {
  const { repo, clock } = deps;
  const periodMs = deps.retentionDays * DAY_MS;

  /** Claims the notice and writes its mail and job in one transaction: sent once, however many runs. */
  async function notify(account: EndedAccount, daysBefore: number, deleteAt: Date, now: Date) {
    const deleteOn = new Date(Math.max(deleteAt.getTime(), now.getTime() + LAST_NOTICE * DAY_MS));
    const days = Math.ceil((deleteOn.getTime() - now.getTime()) / DAY_MS);
    return deps.db.transaction(async (tx) => {
      if (!(await repo.claimNotice(account.id, account.endedAt, daysBefore, now, tx))) return false;
      const [mailId] = await deps.outbox.enqueue(
        [
          {
            mail: mailOf(retentionNoticeMailKind, {
              endedAt: account.endedAt.toISOString(),
              deleteOn: deleteOn.toISOString(),
              days,
            }),
            to: account.email,
            accountId: account.id,
            ref: `retention:${account.id}`,
          },
        ],
        tx,
      );
      await sendJob(deps.queue, retentionNoticeQueue, { mailId: mailId! }, { singletonKey: `${mailId}`, tx });
      // Whoever looks after the owner's memorial page hears of it with the owner's first notice.
      await deps.noticeBeforeRetention(account.id, account.endedAt, deleteOn, tx);
      return true;
    });
  }

  /** What is due for one ended account now: a notice, its deletion, or nothing. */
  async function settle(account: EndedAccount, now: Date): Promise<'notified' | 'deleted' | null> {
    const deleteAt = new Date(account.endedAt.getTime() + periodMs);
    const untilDeletion = deleteAt.getTime() - now.getTime();
    if (untilDeletion > FIRST_NOTICE * DAY_MS) return null;
    const notices = await repo.noticesOf(account.id, account.endedAt);
    const lastNotice = notices.get(LAST_NOTICE);
    if (untilDeletion > LAST_NOTICE * DAY_MS)
      return !notices.has(FIRST_NOTICE) && (await notify(account, FIRST_NOTICE, deleteAt, now))
        ? 'notified'
        : null;
    if (!lastNotice) return (await notify(account, LAST_NOTICE, deleteAt, now)) ? 'notified' : null;
    if (untilDeletion > 0 || now.getTime() - lastNotice.getTime() < LAST_NOTICE * DAY_MS) return null;
    const erased = await deps.erase(account.id, (tx) => deps.holdEnded(account.id, account.endedAt, tx));
    return erased ? 'deleted' : null;
  }

  return {
    /** One run of the duty (its job's work; tests move the clock and call it). */
    async run(): Promise<RetentionRun> {
      const now = clock.now();
      const lost = await deps.outbox.unsentBefore(
        'retention-notice',
        new Date(now.getTime() - LOST_JOB_MS),
        PAGE,
      );
      for (const { id } of lost)
        await sendJob(deps.queue, retentionNoticeQueue, { mailId: id }, { singletonKey: `${id}` });

      const outcome: RetentionRun = { notified: 0, deleted: 0, sessions: 0, resetCodes: 0, mails: 0 };
      const cutoff = new Date(now.getTime() - periodMs + FIRST_NOTICE * DAY_MS);
      let after: EndedAccount | null = null;
      for (;;) {
        const page = await repo.endedBefore(cutoff, after, PAGE);
        for (const account of page) {
          const done = await settle(account, now);
          if (done) outcome[done] += 1;
        }
        if (page.length < PAGE) break;
        after = page.at(-1)!;
      }

      Object.assign(outcome, await deps.purgeSignInLeftovers(now));
      outcome.mails = await deps.outbox.purgeSettledBefore(
        new Date(now.getTime() - MAIL_LOG_KEEP_DAYS * DAY_MS),
      );
      if (Object.values(outcome).some(Boolean)) deps.logger.info(outcome, 'retention swept');
      return outcome;
    },

    /** Sends one notice's row once; dropped when the account was activated or deleted meanwhile. */
    sendNotice(mailId: number) {
      return deps.outbox.deliver(mailId);
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
