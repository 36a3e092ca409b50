import { adminAccountRoutes } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { AdminAccountsService } from './admin-accounts.service';

/** The back office's account reads, as declared in @pw/contracts (`adminAccountRoutes`). */
export function registerAdminAccountsRoutes(
  router: Router,
  service: AdminAccountsService,
  publicUrl: string,
) {
  const page = (request: { url: string }, query: { page: number; per_page: number }) => ({
    pageQuery: { page: query.page, perPage: query.per_page },
    url: new URL(request.url, publicUrl),
  });

  router.route(adminAccountRoutes.users, async ({ query, request }) => {
    const { items, total } = await service.users(query);
    const { pageQuery, url } = page(request, query);
    return paginated(items, total, pageQuery, url);
  });

  router.route(adminAccountRoutes.funeralHomes, async ({ query, request }) => {
    const { items, total } = await service.funeralHomes(query);
    const { pageQuery, url } = page(request, query);
    return paginated(items, total, pageQuery, url);
  });

  router.route(adminAccountRoutes.userDetail, async ({ params, request }) =>
    ok(await service.userDetail(params.id, request.account!)),
  );

  router.route(adminAccountRoutes.funeralHomeDetail, async ({ params }) =>
    ok(await service.funeralHomeDetail(params.id)),
  );

  router.route(adminAccountRoutes.partingWords, async ({ params, query, request, reply }) => {
    // The answer carries signed media URLs of a sealed message, read for one stated reason.
    void reply.header('Cache-Control', 'private, no-store');
    return ok(await service.partingWords(params.id, request.account!, query.reason));
  });
}
