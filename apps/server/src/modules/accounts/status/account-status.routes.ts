import { adminAccountRoutes } from '@pw/contracts';
import type { Router } from '../../../platform/http/route';
import type { AccountStatusService } from './account-status.service';

/** The back office's status toggles (docs/product.md §13.5): users and funeral homes, each only its own type. */
export function registerAccountStatusRoutes(router: Router, service: AccountStatusService) {
  router.route(adminAccountRoutes.userStatus, ({ params, body }) =>
    service.change('user', params.id, body.status),
  );
  router.route(adminAccountRoutes.funeralHomeStatus, ({ params, body }) =>
    service.change('funeral-home', params.id, body.status),
  );
}
