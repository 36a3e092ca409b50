import { guestbookBody, memorialRoutes, memorialSettingsBody, MEMORIAL_MESSAGES } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { paginated } from '../../platform/http/envelope';
import type { SvgRasterizer } from '../../platform/media/svg-raster';
import { accountOf, checkFields, photoUpload, readPhoto } from '../accounts';
import type { createMemorialAdmin } from './memorial.admin';
import type { Moderation } from './memorial.moderation';
import type { MemorialService } from './memorial.service';

interface MemorialRouteDeps {
  service: MemorialService;
  moderation: Moderation;
  admin: ReturnType<typeof createMemorialAdmin>;
  svg: SvgRasterizer;
  publicUrl: string;
}

/** The memorial's calls, as declared in @pw/contracts (`memorialRoutes`): handlers only call the services. */
export function registerMemorialRoutes(router: Router, deps: MemorialRouteDeps) {
  const { service, moderation, admin, svg, publicUrl } = deps;

  router.route(memorialRoutes.settings, async ({ request }) => ({
    data: await service.settings(accountOf(request).id),
  }));

  // The fields are checked with the photo, so that one 422 names every problem.
  router.routeWithRawFields(
    memorialRoutes.saveSettings,
    async ({ request, body, files }) => {
      const photo = await readPhoto(files, svg);
      const input = checkFields(memorialSettingsBody, body, photo);
      return {
        message: MEMORIAL_MESSAGES.saved,
        data: await service.save(accountOf(request).id, input, photo),
      };
    },
    photoUpload,
  );

  router.route(memorialRoutes.page, async ({ params }) => ({ data: await service.publicPage(params.slug) }));

  router.routeWithRawFields(
    memorialRoutes.sign,
    async ({ params, body, files, request }) => {
      const photo = await readPhoto(files, svg);
      const input = checkFields(guestbookBody, body, photo);
      return service.sign(params.slug, input, photo, request.ip);
    },
    photoUpload,
  );

  router.route(memorialRoutes.report, async ({ params, body, request }) =>
    service.report(params.slug, params.id, body.reason, request.ip),
  );

  router.route(memorialRoutes.search, async ({ query }) => ({ data: await service.search(query.q) }));

  const contact = (token: string) => ({ kind: 'contact' as const, token });
  router.route(memorialRoutes.contactView, async ({ params }) => ({
    data: await moderation.view(contact(params.token)),
  }));
  router.route(memorialRoutes.contactUpdate, async ({ params, body }) => ({
    message: MEMORIAL_MESSAGES.updated,
    data: await moderation.update(contact(params.token), body),
  }));
  router.route(memorialRoutes.contactEntry, async ({ params, body }) => ({
    message: MEMORIAL_MESSAGES.updated,
    data: await moderation.entry(contact(params.token), params.id, body.action),
  }));

  const home = (homeId: number, slug: string) => ({ kind: 'home' as const, homeId, slug });
  router.route(memorialRoutes.homeList, async ({ request }) => ({
    data: await moderation.homePages(accountOf(request).id),
  }));
  router.route(memorialRoutes.homeView, async ({ request, params }) => ({
    data: await moderation.view(home(accountOf(request).id, params.slug)),
  }));
  router.route(memorialRoutes.homeUpdate, async ({ request, params, body }) => ({
    message: MEMORIAL_MESSAGES.updated,
    data: await moderation.update(home(accountOf(request).id, params.slug), body),
  }));
  router.route(memorialRoutes.homeEntry, async ({ request, params, body }) => ({
    message: MEMORIAL_MESSAGES.updated,
    data: await moderation.entry(home(accountOf(request).id, params.slug), params.id, body.action),
  }));

  router.route(memorialRoutes.adminList, async ({ query, request }) => {
    const { items, total } = await admin.list(query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });
  router.route(memorialRoutes.adminReported, async () => ({ data: await admin.reported() }));
  router.route(memorialRoutes.adminTakeDown, async ({ params, body }) =>
    admin.takeDown(params.id, body.reason),
  );
}
