import { bindMails } from '../../platform/mail/define';
import { mediaMails } from './media.mails';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { handle } from '../../platform/jobs';
import type { Notifications } from '../notifications';
import { createMediaService } from './media.service';
import { createMediaRepo } from './media.repo';
import { registerMediaRoutes } from './media.routes';
import { createIntegritySweep, type IntegritySweep } from './media.integrity';
import { mediaIntegrityQueue } from './media.queue';

export { mediaIntegrityQueue, INTEGRITY_SWEEP_EVERY_SECONDS } from './media.queue';
export type { IntegritySweep } from './media.integrity';

export interface MediaNeeds {
  /** The owner of a damaged object is told in the app and by e-mail. */
  notifications: Pick<Notifications, 'notify'>;
}

/**
 * Signed media URLs: the files behind every video and thumbnail (profile photos: modules/accounts). A
 * deactivated owner's videos answer 404 whatever their URLs' signatures (it reads the videos table).
 * Also the integrity sweep of every stored object and the notices of damage (decision 0340).
 */
export function createMediaModule(platform: Platform, needs: MediaNeeds): AppModule<IntegritySweep> {
  const repo = createMediaRepo(platform.db);
  const sweep = createIntegritySweep({
    storage: platform.storage,
    objects: platform.objects,
    repo,
    clock: platform.clock,
    outbox: platform.outbox,
    notifications: needs.notifications,
    logger: platform.logger,
  });
  const service = createMediaService({
    storage: platform.storage,
    repo,
    clock: platform.clock,
    secret: platform.secret,
    objects: platform.objects,
    tellDamage: () => sweep.report(),
    logger: platform.logger,
  });
  return {
    name: 'media',
    mails: bindMails({}, mediaMails),
    routes: (_router, app) => registerMediaRoutes(app, service),
    queues: [mediaIntegrityQueue],
    handlers: [handle(mediaIntegrityQueue, () => sweep.run().then(() => undefined))],
    api: sweep,
  };
}
