import { deliveryRoutes } from '@pw/contracts';
import type { Router } from '../../../platform/http/route';
import { ok } from '../../../platform/http/envelope';
import { accountOf } from '../../accounts';
import type { DeliveryService } from './delivery.service';

/**
 * The delivery calls, as declared in @pw/contracts (`deliveryRoutes`): the recipient's watch page API,
 * and the owner's answer about a delivery held past its moment.
 */
export function registerDeliveryRoutes(
  router: Router,
  delivery: Pick<DeliveryService, 'watch' | 'decideHeld'>,
) {
  router.route(deliveryRoutes.watch, async ({ request, params, reply }) => {
    // Personal link: keep it out of shared caches and referrers.
    void reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
    // Fastify answers HEAD with this handler too: only a GET is an open.
    return ok(await delivery.watch(params.token, { counts: request.method === 'GET', client: request.ip }));
  });
  router.route(deliveryRoutes.decideHeld, ({ request, params, body }) =>
    delivery.decideHeld(accountOf(request).id, params.id, body.decision),
  );
}
