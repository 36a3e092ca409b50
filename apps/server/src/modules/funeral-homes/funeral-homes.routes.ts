import {
  ACCESS_GRANTED_HOME,
  ACCESS_GRANTED_PERSON,
  ACCESS_REVOKED,
  FUNERAL_FORM_SENT,
  VIDEO_PUBLISHED,
  funeralHomeRoutes,
} from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { FuneralHomesService } from './funeral-homes.service';
import type { AccessGrants } from './access-grants';

/** The funeral-homes calls, as declared in @pw/contracts (`funeralHomeRoutes`): handlers call the service. */
export function registerFuneralHomesRoutes(
  router: Router,
  { service, grants }: { service: FuneralHomesService; grants: AccessGrants },
  publicUrl: string,
) {
  router.route(funeralHomeRoutes.homes, async () => ok(await service.homes()));
  router.route(funeralHomeRoutes.services, async ({ query }) =>
    ok(await service.options('services', query.home_id)),
  );
  router.route(funeralHomeRoutes.locations, async ({ query }) =>
    ok(await service.options('locations', query.home_id)),
  );
  router.route(funeralHomeRoutes.create, async ({ params, body, request }) => ({
    message: FUNERAL_FORM_SENT,
    data: await service.send(request.account!, params.id, body),
  }));
  router.route(funeralHomeRoutes.requests, async ({ query, request }) => {
    const { items, total } = await service.requests(request.account!.id, query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });
  router.route(funeralHomeRoutes.request, async ({ params, request }) =>
    ok(await service.request(request.account!.id, params.id)),
  );
  router.route(funeralHomeRoutes.grantAccess, async ({ params, body, request }) => {
    const data = await service.grant(request.account!, params.id, body);
    return { message: data.type === 1 ? ACCESS_GRANTED_HOME : ACCESS_GRANTED_PERSON, data };
  });
  router.route(funeralHomeRoutes.requestVideo, async ({ params, request }) =>
    ok(await service.requestVideo(request.account!.id, params.id)),
  );
  router.route(funeralHomeRoutes.publish, async ({ params, request }) => ({
    message: VIDEO_PUBLISHED,
    data: await service.publish(request.account!, params.id),
  }));
  router.route(funeralHomeRoutes.grants, async ({ params, request }) =>
    ok(await grants.list(request.account!.id, params.id)),
  );
  router.route(funeralHomeRoutes.revokeGrant, async ({ params, request }) => ({
    message: ACCESS_REVOKED,
    data: await grants.revoke(request.account!.id, params.id, params.grant_id),
  }));
}
