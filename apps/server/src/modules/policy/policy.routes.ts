import { POLICY_MESSAGES, policyRoutes } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok } from '../../platform/http/envelope';
import { accountOf } from '../accounts';
import type { PolicyService } from './policy.service';

/** The policy calls, as declared in @pw/contracts (`policyRoutes`): each handler only calls the service. */
export function registerPolicyRoutes(router: Router, service: PolicyService) {
  router.route(policyRoutes.current, () => ok(service.current()));
  router.route(policyRoutes.notice, async ({ request }) => ok(await service.notice(accountOf(request).id)));
  router.route(policyRoutes.acknowledge, async ({ request, body }) => ({
    message: POLICY_MESSAGES.acknowledged,
    data: await service.acknowledge(accountOf(request).id, body.version),
  }));
  router.route(policyRoutes.acknowledgements, async () => ok(await service.acknowledgements()));
}
