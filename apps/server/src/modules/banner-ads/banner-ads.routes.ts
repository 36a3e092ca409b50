import { bannerAdRoutes, BANNER_MESSAGES } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { SvgRasterizer } from '../../platform/media/svg-raster';
import { accountOf } from '../accounts';
import { bannerImagesUpload, readBannerAdForm } from './banner-ads.form';
import type { BannerAdsService } from './banner-ads.service';
import type { BannerLive } from './banner-ads.live';

/** The banner-ads calls, as declared in @pw/contracts (`bannerAdRoutes`): each handler calls the service. */
export function registerBannerAdsRoutes(
  router: Router,
  service: BannerAdsService,
  live: BannerLive,
  publicUrl: string,
  svg: SvgRasterizer,
) {
  for (const routes of [bannerAdRoutes.user, bannerAdRoutes.funeralHome]) {
    router.routeWithRawFields(
      routes.create,
      async ({ body, files, request }) => {
        const { fields, images } = await readBannerAdForm(body, files, svg);
        const data = await service.create(accountOf(request), fields, images);
        return { message: BANNER_MESSAGES.created, data };
      },
      bannerImagesUpload,
    );

    router.route(routes.list, async ({ query, request }) => {
      const { items, total } = await service.listOwn(accountOf(request), query);
      const url = new URL(request.url, publicUrl);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    });

    router.route(routes.slot, async ({ request, reply }) => {
      // Each answer counts a view and may name another ad: never cached.
      void reply.header('Cache-Control', 'private, no-store');
      return { data: await live.slot(accountOf(request).id) };
    });

    router.route(routes.detail, async ({ params, request }) =>
      ok(await service.detailOwn(accountOf(request), params.id)),
    );
  }

  const logs = [
    [bannerAdRoutes.pendingLogs, 'pending'],
    [bannerAdRoutes.approvedLogs, 'approved'],
  ] as const;
  for (const [route, status] of logs) {
    router.route(route, async ({ query, request }) => {
      const { items, total } = await service.log(status, query);
      const url = new URL(request.url, publicUrl);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    });
  }

  router.route(bannerAdRoutes.click, async ({ params, reply }) => {
    const target = await live.click(params.token);
    // Counted once per request: a browser or proxy must not answer a second click from its cache.
    void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return reply.redirect(target, 302);
  });

  router.route(bannerAdRoutes.detail, async ({ params }) => ok(await service.detail(params.id)));

  router.route(bannerAdRoutes.updateStatus, async ({ params, body, request }) =>
    service.decide(accountOf(request), params.id, body),
  );
}
