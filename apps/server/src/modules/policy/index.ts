import { bindMails } from '../../platform/mail/define';
import { policyMails } from './policy.mails';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { Notifications } from '../notifications';
import { createPolicyRepo } from './policy.repo';
import { createPolicyService, type PolicyService } from './policy.service';
import { registerPolicyRoutes } from './policy.routes';
import { policyAnnounceQueue, policyMailQueue } from './policy.queue';
import { policyHandlers } from './policy.worker';
import { readOnlyView } from '../../platform/db/read-only';
import { policyAcknowledgements } from './policy.schema';

export { policyAnnounceQueue, policyMailQueue } from './policy.queue';
export type PolicyApi = PolicyService;

/** What the policy module calls in others. */
export interface PolicyNeeds {
  notifications: Pick<Notifications, 'notify'>;
}

/**
 * The privacy policy's and terms' version (docs/product.md §11.7): the version in force for the public pages,
 * its announcement to every active account when it changes, and each account's acknowledgement.
 */
// Read-only for the account's data export (decision 0310).
export const policyAcknowledgementsView = readOnlyView(policyAcknowledgements, 'policy_acknowledgements');

export function createPolicyModule(
  platform: Platform,
  needs: PolicyNeeds,
  options: { batchSize?: number } = {},
): AppModule<PolicyApi> {
  const repo = createPolicyRepo(platform.db);
  const service = createPolicyService({
    db: platform.db,
    repo,
    clock: platform.clock,
    queue: platform.queue,
    outbox: platform.outbox,
    notifications: needs.notifications,
    logger: platform.logger,
    current: { version: platform.config.POLICY_VERSION, date: platform.config.POLICY_DATE },
    batchSize: options.batchSize,
  });
  return {
    name: 'policy',
    mails: bindMails({ repo, publicUrl: platform.config.PUBLIC_URL }, policyMails),
    routes: (router) => registerPolicyRoutes(router, service),
    queues: [policyAnnounceQueue, policyMailQueue],
    handlers: policyHandlers(service, () => platform.config.POLICY_ANNOUNCE_EVERY_SECONDS),
    api: service,
  };
}
