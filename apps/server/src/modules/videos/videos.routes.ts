import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  pageQuery,
  videoByCodeResponse,
  videoCopyMoveBody,
  videoListResponse,
  videoReactionBody,
  videoReactionResponse,
  videoResponse,
  videoStoreBody,
  videoUpdateStatusBody,
  videoUpdateTitleDescBody,
  videoUpdateTypeBody,
} from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { notFound } from '../../platform/errors';
import { parseBody } from '../../platform/http/body';
import { bodyReadInHandler, formContentTypes } from '../../platform/http/form-route';
import { ok, paginated } from '../../platform/http/envelope';
import { parseOrThrow } from '../../platform/http/zod-errors';
import { accountOf } from '../accounts/auth.guard';
import { createUploadStore, registerTusRoutes } from './video-uploads';
import { removeTempLeftovers } from './videos.jobs';
import { createVideoJobs, ensureVideoQueue } from './videos.queue';
import { createVideosRepo } from './videos.repo';
import { createVideoService, NOT_FOUND_MESSAGE } from './videos.service';

/** Clips per upload: the edit list of one video, not a bulk import. */
const MAX_CLIPS = 20;

const idParam = (request: FastifyRequest) => {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(NOT_FOUND_MESSAGE);
  return id;
};

const messageOnly = z.object({ message: z.string() });

/** Spec §7 video calls (user role), plus the resumable upload endpoint and the home reel feed. */
export async function registerVideoRoutes(parent: FastifyInstance, deps: AppDeps): Promise<void> {
  await parent.register(async (api) => videoRoutes(api, deps));
}

async function videoRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  // The spec's client sends `Content-Type: application/json` on every call, also on those without a body
  // (publish is "an empty body"): an empty JSON body is read as `{}` here instead of a 400.
  const json = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, {});
    else json(request, text, done);
  });

  await ensureVideoQueue(deps.queue);
  await removeTempLeftovers(deps);
  const repo = createVideosRepo();
  const uploads = createUploadStore(deps.config.DATA_DIR);
  const service = createVideoService({
    db: deps.db,
    repo,
    storage: deps.storage,
    media: deps.media,
    clock: deps.clock,
    scheduler: deps.deliveryScheduler,
    payments: deps.videoPayments,
    jobs: createVideoJobs(deps.queue),
    uploads,
    secret: deps.secret,
    logger: deps.logger,
  });
  const user = deps.auth.required('user');
  const doc = (summary: string, extra: Record<string, unknown> = {}) => ({
    tags: ['Videos'],
    summary,
    security: [{ bearer: [] }],
    ...extra,
  });

  registerTusRoutes(api, deps, uploads, repo);

  api.post(
    '/web/user/video/store',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc(
        'Upload one video: multipart `videos[]` (clips in order) and/or `upload_ids[]` of finished tus uploads; ' +
          '`type`, `title`, `description`, `payment_id`; for scheduled also `email`, `share_at_date`, ' +
          '`share_at_time`, `timezone`. Answers at once with the video in state `processing`.',
        { consumes: formContentTypes, body: videoStoreBody, response: { 201: videoResponse } },
      ),
    },
    async (request, reply) => {
      const body = await parseBody(request, videoStoreBody, {
        files: { max: MAX_CLIPS, maxBytes: deps.config.UPLOAD_MAX_BYTES },
      });
      const result = await service.store(accountOf(request), body.fields, body.files);
      return reply.code(201).send(ok(result.video, result.message));
    },
  );

  const folderLists = [
    ['/web/user/video/list', 'final', 'The final video ("My Parting Words")'],
    ['/web/user/video/list/scheduled', 'scheduled', 'Scheduled videos'],
    ['/web/user/video/list/draft', 'draft', 'Drafts'],
  ] as const;
  for (const [url, folder, label] of folderLists) {
    api.get(
      url,
      {
        preHandler: user,
        schema: doc(`${label} of the caller, newest first: \`{ data: Video[] }\``, {
          response: { 200: videoListResponse },
        }),
      },
      async (request) => ok(await service.list(accountOf(request), folder)),
    );
  }

  api.get(
    '/web/user/video/feed',
    {
      preHandler: user,
      schema: doc('Home reel: public videos of active accounts, newest first (paginated)', {
        querystring: pageQuery,
      }),
    },
    async (request) => {
      const query = parseOrThrow(pageQuery, request.query);
      const { rows, total } = await service.feed(accountOf(request), query.page, query.per_page);
      const url = new URL(request.url, 'http://local');
      return paginated(rows, total, { page: query.page, perPage: query.per_page }, url);
    },
  );

  api.get(
    '/web/user/video/:id',
    {
      preHandler: user,
      schema: doc('One of the caller’s videos (e.g. to follow processing)', {
        response: { 200: videoResponse },
      }),
    },
    async (request) => ok(await service.get(accountOf(request), idParam(request))),
  );

  api.post(
    '/web/user/video/:id/update-title-desc',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc('Change title and description', {
        consumes: formContentTypes,
        body: videoUpdateTitleDescBody,
        response: { 200: videoResponse },
      }),
    },
    async (request) => {
      const id = idParam(request);
      const { fields } = await parseBody(request, videoUpdateTitleDescBody);
      const result = await service.updateTitleDescription(
        accountOf(request),
        id,
        fields.title,
        fields.description,
      );
      return ok(result.video, result.message);
    },
  );

  api.post(
    '/web/user/video/:id/update-type',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc('Move to another folder; scheduled needs email, share_at_date, share_at_time, timezone', {
        consumes: formContentTypes,
        body: videoUpdateTypeBody,
        response: { 200: videoResponse },
      }),
    },
    async (request) => {
      const id = idParam(request);
      const { fields } = await parseBody(request, videoUpdateTypeBody);
      const result = await service.move(accountOf(request), id, fields);
      return ok(result.video, result.message);
    },
  );

  api.post(
    '/web/user/video/:id/update-status',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc('Publish (empty body or `is_private: 0`); a public video cannot become private again', {
        consumes: formContentTypes,
        body: videoUpdateStatusBody,
        response: { 200: videoResponse },
      }),
    },
    async (request) => {
      const id = idParam(request);
      const { fields } = await parseBody(request, videoUpdateStatusBody);
      const result = await service.updateStatus(accountOf(request), id, fields.is_private as 0 | 1);
      return ok(result.video, result.message);
    },
  );

  api.delete(
    '/web/user/video/:id/delete',
    {
      preHandler: user,
      schema: doc('Delete the video, its media and any pending delivery', { response: { 200: messageOnly } }),
    },
    async (request) => service.remove(accountOf(request), idParam(request)),
  );

  api.post(
    '/web/user/video/:id/reaction',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc('Like toggles', {
        consumes: formContentTypes,
        body: videoReactionBody,
        response: { 200: videoReactionResponse },
      }),
    },
    async (request) => {
      const id = idParam(request);
      await parseBody(request, videoReactionBody);
      const result = await service.react(accountOf(request), id);
      return ok(result, result.is_liked ? 'Liked' : 'Like removed');
    },
  );

  /** Code lookups are limited per person: an access code must not be guessable by trying. */
  const lookupLimit = (request: FastifyRequest) =>
    deps.rateLimiter.consume({
      key: `video-code:user:${accountOf(request).id}`,
      limit: 30,
      windowSeconds: 60,
    });
  const codeParam = (request: FastifyRequest) => {
    const code = (request.params as { code?: string }).code ?? '';
    if (!/^[A-Za-z0-9 -]{1,64}$/.test(code)) throw notFound('No video found for this code.');
    return code;
  };
  for (const suffix of ['', '/']) {
    api.get(
      `/web/user/video/:code/detail-by-search-code${suffix}`,
      {
        preHandler: user,
        schema: doc('Find a public video by its search code: `{ data: { data: Video } }`', {
          hide: suffix === '/',
          response: { 200: videoByCodeResponse },
        }),
      },
      async (request) => {
        await lookupLimit(request);
        return ok({ data: await service.bySearchCode(accountOf(request), codeParam(request)) });
      },
    );
    api.get(
      `/web/user/video/:code/detail-by-access-code${suffix}`,
      {
        preHandler: user,
        schema: doc('Open a final video by its access code: `{ data: { data: Video } }`', {
          hide: suffix === '/',
          response: { 200: videoByCodeResponse },
        }),
      },
      async (request) => {
        await lookupLimit(request);
        return ok({ data: await service.byAccessCode(accountOf(request), codeParam(request)) });
      },
    );
  }

  api.post(
    '/user/video/copyMove',
    {
      ...bodyReadInHandler,
      preHandler: user,
      schema: doc(
        'Merge drafts in order into a new draft: `video_ids` (2+; `video_ids[]`, repeated, comma list or JSON ' +
          'array), `action` copy|move, `payment_id`',
        { consumes: formContentTypes, body: videoCopyMoveBody, response: { 201: videoResponse } },
      ),
    },
    async (request, reply) => {
      const { fields } = await parseBody(request, videoCopyMoveBody);
      const result = await service.merge(accountOf(request), fields);
      return reply.code(201).send(ok(result.video, result.message));
    },
  );
}
