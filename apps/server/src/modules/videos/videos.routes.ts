import { videoRoutes } from '@pw/contracts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/http/route';
import { emptyJsonIsNoBody } from '../../platform/http/empty-json';
import { ok, paginated } from '../../platform/http/envelope';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import { accountOf } from '../accounts';
import type { VideoService } from './videos.service';
import { codeLookupRule } from './videos.limits';

/** Clips per upload: the edit list of one video, not a bulk import. */
const MAX_CLIPS = 20;

export interface VideoRouteDeps {
  service: VideoService;
  rateLimiter: RateLimiter;
  /** UPLOAD_MAX_BYTES: the largest clip of a multipart upload. */
  maxUploadBytes: number;
}

/** The existing client sends its JSON content type also without a body (docs/product.md §13.2). */
const bodyless = { fastify: { onRequest: emptyJsonIsNoBody } };

/** The video calls, as declared in @pw/contracts (`videoRoutes`): each handler only calls the service. */
export function registerVideoRoutes(
  router: Router,
  { service, rateLimiter, maxUploadBytes }: VideoRouteDeps,
) {
  router.route(
    videoRoutes.store,
    async ({ body, files, request }) => {
      const result = await service.store(accountOf(request), body, files);
      return ok(result.video, result.message);
    },
    { files: { max: MAX_CLIPS, maxBytes: maxUploadBytes }, ...bodyless },
  );

  const folders = [
    [videoRoutes.listFinal, 'final'],
    [videoRoutes.listScheduled, 'scheduled'],
    [videoRoutes.listDraft, 'draft'],
  ] as const;
  for (const [route, folder] of folders)
    router.route(route, async ({ request }) => ok(await service.list(accountOf(request), folder)));

  router.route(videoRoutes.feed, async ({ query, request }) => {
    const { rows, total } = await service.feed(accountOf(request), query.page, query.per_page);
    const url = new URL(request.url, 'http://local');
    return paginated(rows, total, { page: query.page, perPage: query.per_page }, url);
  });

  router.route(videoRoutes.detail, async ({ params, request }) =>
    ok(await service.get(accountOf(request), params.id)),
  );

  router.route(
    videoRoutes.updateTitleDesc,
    async ({ params, body, request }) => {
      const result = await service.updateTitleDescription(
        accountOf(request),
        params.id,
        body.title,
        body.description,
      );
      return ok(result.video, result.message);
    },
    bodyless,
  );

  router.route(
    videoRoutes.updateType,
    async ({ params, body, request }) => {
      const result = await service.move(accountOf(request), params.id, body);
      return ok(result.video, result.message);
    },
    bodyless,
  );

  router.route(
    videoRoutes.updateStatus,
    async ({ params, body, request }) => {
      const result = await service.updateStatus(accountOf(request), params.id, body.is_private as 0 | 1);
      return ok(result.video, result.message);
    },
    bodyless,
  );

  router.route(videoRoutes.trim, async ({ params, body, request }) => {
    const result = await service.trimDraft(accountOf(request), params.id, body);
    return ok(result.video, result.message);
  });

  router.route(
    videoRoutes.remove,
    async ({ params, request }) => service.remove(accountOf(request), params.id),
    bodyless,
  );

  router.route(
    videoRoutes.reaction,
    async ({ params, request }) => {
      const result = await service.react(accountOf(request), params.id);
      return ok(result, result.is_liked ? 'Liked' : 'Like removed');
    },
    bodyless,
  );

  /** Code lookups are limited per person: an access code must not be guessable by trying. */
  const lookupLimit = (request: FastifyRequest) => rateLimiter.consume(codeLookupRule(accountOf(request).id));
  for (const route of [videoRoutes.bySearchCode, videoRoutes.bySearchCodeSlash]) {
    router.route(route, async ({ params, request }) => {
      await lookupLimit(request);
      return ok({ data: await service.bySearchCode(accountOf(request), params.code) });
    });
  }
  for (const route of [videoRoutes.byAccessCode, videoRoutes.byAccessCodeSlash]) {
    router.route(route, async ({ params, request }) => {
      await lookupLimit(request);
      return ok({ data: await service.byAccessCode(accountOf(request), params.code) });
    });
  }

  router.route(
    videoRoutes.copyMove,
    async ({ body, request }) => {
      const result = await service.merge(accountOf(request), body);
      return ok(result.video, result.message);
    },
    bodyless,
  );
}
