import { deliveryAddressRoutes } from '@pw/contracts';
import type { Router } from '../../../platform/http/route';
import { accountOf } from '../../accounts';
import type { AddressCheck } from './delivery.address-check.service';

/** The address check's calls (`deliveryAddressRoutes`): the link's page sends its token; the app, the video's id. */
export function registerAddressCheckRoutes(
  router: Router,
  addressCheck: Pick<AddressCheck, 'confirm' | 'confirmOwn' | 'details'>,
) {
  router.route(deliveryAddressRoutes.confirm, ({ body, reply }) => {
    // A personal link's answer: kept out of shared caches.
    void reply.header('Cache-Control', 'private, no-store');
    return addressCheck.confirm(body.token);
  });
  router.route(deliveryAddressRoutes.details, ({ body, reply }) => {
    void reply.header('Cache-Control', 'private, no-store');
    return addressCheck.details(body.token);
  });
  router.route(deliveryAddressRoutes.confirmOwn, ({ request, params }) =>
    addressCheck.confirmOwn(accountOf(request).id, params.id),
  );
}
