import { MEDIA_MESSAGES, notificationKinds } from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import { mailOf } from '../../platform/mail/define';
import { mediaDamagedMailKind } from './media.mails';
import type { MailOutbox } from '../../platform/mail/outbox';
import { sweepSlice, type IntegrityReport } from '../../platform/storage/integrity';
import type { ObjectRecords, StoredObjectRecord } from '../../platform/storage/object-records';
import type { Storage } from '../../platform/storage/storage';
import type { Notifications } from '../notifications';
import type { MediaRepo } from './media.repo';
import { INTEGRITY_SWEEP_EVERY_SECONDS } from './media.queue';

export interface IntegritySweepDeps {
  storage: Storage;
  objects: ObjectRecords;
  repo: MediaRepo;
  clock: Clock;
  outbox: MailOutbox;
  notifications: Pick<Notifications, 'notify'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The integrity sweep's run (decision 0340) and the notices of damage. Each damage is told once: the
 * record's `reported_at` is claimed before anything is sent, so neither a later run nor a second worker
 * repeats it; an object that checks out again (restored) clears it, so a new damage is told again.
 */
export function createIntegritySweep(deps: IntegritySweepDeps) {
  const { objects, repo, clock, outbox, notifications, logger } = deps;

  async function tell(record: StoredObjectRecord): Promise<void> {
    if (!record.damage || !record.damagedAt) return;
    if (!(await objects.claimReport(record.key, clock.now()))) return;
    const owner = await repo.ownerOfKey(record.key);
    const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
    const belongsTo = !owner
      ? null
      : owner.what === 'video'
        ? `a file of the video "${owner.title}" (id ${owner.videoId}) of ${ownerName} (${owner.email})`
        : owner.what === 'captions'
          ? `the ${owner.language} captions of the video "${owner.title}" (id ${owner.videoId}) of ${ownerName} (${owner.email})`
          : `the profile photo of ${ownerName} (${owner.email})`;
    logger.warn({ key: record.key, damage: record.damage }, 'stored object damaged');
    for (const admin of await repo.activeAdmins()) {
      await outbox
        .send({
          mail: mailOf(mediaDamagedMailKind, {
            firstName: admin.firstName,
            key: record.key,
            damage: record.damage,
            belongsTo,
            foundAt: record.damagedAt,
          }),
          to: admin.email,
          accountId: admin.id,
          ref: `stored-object:${record.key}`,
        })
        // Logged, and its outbox row left failed (not sent again); the other admins still get theirs.
        .catch((error: unknown) => logger.error({ err: error, key: record.key }, 'damage e-mail failed'));
    }
    if (owner) {
      await notifications.notify(owner.ownerId, {
        kind: notificationKinds.mediaDamaged,
        title: MEDIA_MESSAGES.damagedTitle,
        body:
          owner.what === 'photo'
            ? MEDIA_MESSAGES.damagedBody
            : `${MEDIA_MESSAGES.damagedBody} (${owner.title})`,
        data: owner.videoId === null ? {} : { video_id: owner.videoId },
        email: true,
      });
    }
  }

  /** Tells of every damage not told yet (found by this run, an earlier one or `media:verify`). */
  async function report(): Promise<number> {
    let told = 0;
    for (;;) {
      const pending = await objects.unreported();
      if (pending.length === 0) return told;
      for (const record of pending) await tell(record);
      told += pending.length;
    }
  }

  return {
    report,
    /** One scheduled run: the slice's checks (`slice`: how many, else its share), then the notices. */
    async run(options: { slice?: number } = {}): Promise<IntegrityReport> {
      const found = await sweepSlice(deps, INTEGRITY_SWEEP_EVERY_SECONDS, options.slice);
      await report();
      return found;
    },
  };
}

export type IntegritySweep = ReturnType<typeof createIntegritySweep>;
