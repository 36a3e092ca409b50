import {
  POLICY_MESSAGES,
  notificationKinds,
  type PolicyAcknowledgements,
  type PolicyNotice,
  type PolicyVersionInfo,
} from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import type { PgBoss } from '../../platform/queue';
import type { MailOutbox } from '../../platform/mail/outbox';
import { mailOf } from '../../platform/mail/define';
import { sendJobs } from '../../platform/jobs';
import { invalid } from '../../platform/errors';
import type { Notifications } from '../notifications';
import type { PolicyRepo } from './policy.repo';
import { ANNOUNCE_BATCH, policyMailQueue } from './policy.queue';
import { policyUpdatedMailKind } from './policy.mails';

export interface PolicyServiceDeps {
  db: Db;
  repo: PolicyRepo;
  clock: Clock;
  queue: PgBoss;
  outbox: MailOutbox;
  notifications: Pick<Notifications, 'notify'>;
  logger: FastifyBaseLogger;
  /** POLICY_VERSION and POLICY_DATE: the version this process serves. */
  current: PolicyVersionInfo;
  /** Accounts told a run (tests make it small to see an announcement span several runs). */
  batchSize?: number;
}

/**
 * The policy version in force, its announcement and its acknowledgements (docs/product.md §11.7). Each
 * account is told once: the batches run one at a time under the version row's lock, and each moves the row's
 * place on in the same transaction as the notifications and e-mails it writes.
 */
export function createPolicyService(deps: PolicyServiceDeps) {
  const { db, repo, clock, queue, outbox, notifications, logger, current } = deps;
  const batchSize = deps.batchSize ?? ANNOUNCE_BATCH;

  /** Whether this account must still acknowledge the version in force, and when it did. */
  async function noticeOf(userId: number): Promise<PolicyNotice> {
    const [version, acknowledgedAt, createdAt] = await Promise.all([
      repo.find(current.version),
      repo.acknowledgement(userId, current.version),
      repo.createdAt(userId),
    ]);
    // Asked only about a change (not the installation's first version) that came after the account.
    const asked = !!version?.announce && !!createdAt && createdAt < version.recordedAt;
    return {
      ...current,
      must_acknowledge: asked && !acknowledgedAt,
      acknowledged_at: acknowledgedAt?.toISOString() ?? null,
    };
  }

  return {
    current: (): PolicyVersionInfo => ({ ...current }),

    /**
     * Records the configured version if no process has yet (at every start, and at each announcement
     * run). Only the process whose row went in says so in its log.
     */
    async recordVersion(): Promise<void> {
      const row = await repo.record(current.version, current.date, clock.now());
      if (!row) return;
      logger.info(
        { version: row.version, date: row.date, announce: row.announce },
        row.announce
          ? 'policy version changed: every active account will be told and asked to acknowledge it'
          : 'policy version recorded (the first of this installation: nobody is told)',
      );
    },

    /**
     * Tells the next batch of accounts of the version in force: an in-app notification each and an
     * e-mail queued in the outbox, in one transaction with the announcement's new place. Answers how
     * many were told this run; 0 once everyone has been.
     */
    async announceNext(): Promise<number> {
      return db.transaction(async (tx) => {
        const version = await repo.lockForAnnouncement(current.version, tx);
        if (!version || !version.announce || version.announcedAt) return 0;
        const accounts = await repo.nextToTell(version, batchSize, tx);
        if (accounts.length === 0) {
          await repo.finish(version.version, clock.now(), tx);
          logger.info(
            { version: version.version, told: version.toldCount },
            'policy version announced to every account',
          );
          return 0;
        }
        const ids = accounts.map((a) => a.id);
        await notifications.notify(
          ids,
          {
            kind: notificationKinds.policyUpdated,
            title: POLICY_MESSAGES.updatedTitle,
            body: POLICY_MESSAGES.updatedBody,
            data: { link: '/policy', link_label: 'Read the Privacy Policy', version: version.version },
          },
          tx,
        );
        const mailIds = await outbox.enqueue(
          accounts.map((a) => ({
            mail: mailOf(policyUpdatedMailKind, { version: version.version, date: version.date }),
            to: a.email,
            accountId: a.id,
            ref: `policy:${version.version}`,
          })),
          tx,
        );
        await sendJobs(
          queue,
          policyMailQueue,
          mailIds.map((mailId) => ({ payload: { mailId } })),
          { tx },
        );
        await repo.advance(version.version, ids[ids.length - 1]!, ids.length, tx);
        return ids.length;
      });
    },

    /** Sends one queued announcement e-mail, once (a retried job finds it sent). */
    async sendMail(mailId: number): Promise<void> {
      await outbox.deliver(mailId);
    },

    notice: noticeOf,

    /**
     * Acknowledges the version the notice showed. Only the one in force: a notice left open across a
     * change would otherwise acknowledge a text the person never saw. A second call changes nothing.
     */
    async acknowledge(userId: number, version: string): Promise<PolicyNotice> {
      if (version !== current.version) throw invalid('version', POLICY_MESSAGES.notCurrent);
      // The row exists once any process has started with this version; a start may still be on its way.
      if (!(await repo.find(version))) await repo.record(current.version, current.date, clock.now());
      await repo.acknowledge(userId, version, clock.now());
      return noticeOf(userId);
    },

    async acknowledgements(): Promise<PolicyAcknowledgements> {
      const version = await repo.find(current.version);
      if (!version)
        return {
          ...current,
          announced: false,
          asked: 0,
          acknowledged: 0,
          told: 0,
          announcement_finished: false,
        };
      const { asked, acknowledged } = await repo.counts(version);
      return {
        ...current,
        announced: version.announce,
        asked,
        acknowledged,
        told: version.toldCount,
        announcement_finished: !version.announce || version.announcedAt !== null,
      };
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
