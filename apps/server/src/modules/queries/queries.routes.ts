import { queryRoutes } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { QueriesService } from './queries.service';

export const CONTACT_THANKS = 'Thank you for contacting us. We will get back to you soon.';

/** The queries calls, as declared in @pw/contracts (`queryRoutes`): each handler only calls the service. */
export function registerQueriesRoutes(router: Router, service: QueriesService, publicUrl: string) {
  router.route(queryRoutes.contactUs, async ({ body, request }) => {
    await service.contactUs(request.account, body, request.ip);
    return { message: CONTACT_THANKS, data: null };
  });

  router.route(queryRoutes.list, async ({ query, request }) => {
    const { items, total } = await service.list(query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });

  router.route(queryRoutes.detail, async ({ params }) => ok(await service.detail(params.id)));
}
