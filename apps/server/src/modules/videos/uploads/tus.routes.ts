import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { Server, EVENTS } from '@tus/server';
import { VIDEO_TUS_PATH, VIDEO_TUS_UPLOAD_PATH } from '@pw/contracts';
import { notFound } from '../../../platform/errors';
import { accountOf, type AuthAccount } from '../../accounts';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { PendingUploadLimitError, reserveUpload, type UploadStore } from './video-uploads';
import type { VideosRepo } from '../videos.repo';

export interface TusDeps {
  uploads: UploadStore;
  repo: VideosRepo;
  db: Db;
  clock: Clock;
  /** UPLOAD_MAX_BYTES: the largest upload tus accepts. */
  maxBytes: number;
  /** The accounts guard for the user role (these routes are not declared, so the router cannot add it). */
  userGuard: preHandlerAsyncHookHandler;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

/*
 * Why these are plain Fastify routes and not declared with defineRoute: tus is a protocol of its own
 * (HEAD/PATCH with Upload-Offset headers, raw octet-stream bodies, replies the tus server writes itself
 * after the route hijacks the reply), with no JSON body or answer a schema could describe. Their paths live
 * once in @pw/contracts (VIDEO_TUS_PATH) and they stay out of the API reference.
 */

/** What the tus handlers act for: who asks, and (except for creation) the upload the route checked. */
interface TusRequestState {
  account: AuthAccount;
  uploadId?: string;
}

/**
 * tus resumable uploads at /api/web/user/video/tus: creation (POST on the collection), offset (HEAD),
 * append (PATCH) and termination (DELETE) on `/tus/<id>`. Every request needs the user's bearer token; an
 * upload belongs to whoever created it, and anybody else gets a 404 for it. A finished upload is then
 * named in `upload_ids[]` of POST /web/user/video/store, which checks and processes it like a multipart
 * file.
 *
 * The upload id comes from one place: the route's `:id`, which the ownership check reads. tus on its own
 * takes the last `/` segment of the whole URL, query string included, so `/tus/<mine>?x=/<yours>` would be
 * checked as mine and written as yours: tus is therefore handed the checked id, and a URL carrying
 * anything beyond the route's own path (a query, a fragment, `;` parameters) is refused.
 */
export async function registerTusRoutes(parent: FastifyInstance, deps: TusDeps): Promise<void> {
  // Its own scope: the tus body parser below applies to these routes only.
  await parent.register(async (api) => tusRoutes(api, deps));
}

function tusRoutes(api: FastifyInstance, deps: TusDeps) {
  const { uploads, repo, clock, userGuard, logger } = deps;
  // The tus handlers see the raw Node request only; this is what the route decided about it.
  const checked = new WeakMap<IncomingMessage, TusRequestState>();
  const stateOf = (req: unknown) => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return raw ? checked.get(raw) : undefined;
  };

  const tus = new Server({
    path: `/api${VIDEO_TUS_PATH}`,
    datastore: uploads.store,
    maxSize: deps.maxBytes,
    relativeLocation: true,
    // Same origin only: no CORS headers for other sites.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),
    // Never the URL: the id the ownership check saw (undefined, hence 404, if there was none).
    getFileIdFromRequest: (req) => stateOf(req)?.uploadId,
    async onUploadCreate(req, upload) {
      const account = stateOf(req)?.account;
      if (!account) throw { status_code: 401, body: 'Unauthenticated.' };
      try {
        await reserveUpload(deps, { id: upload.id, ownerId: account.id, declaredBytes: upload.size ?? null });
      } catch (error) {
        // Plain text: the upload screen shows a short body as it is.
        if (error instanceof PendingUploadLimitError)
          throw { status_code: error.status, body: error.message };
        throw error;
      }
      return {};
    },
    async onUploadFinish(_req, upload) {
      await repo.markUploadFinished(upload.id, clock.now());
      return {};
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void repo.deleteUploads([id]).catch((error: unknown) => logger.error({ err: error }, 'upload row'));
  });

  // tus reads the body itself, as a stream: Fastify must leave it alone.
  api.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = accountOf(request);
    const id = (request.params as { id?: string }).id;
    const exactUrl = id === undefined ? `/api${VIDEO_TUS_PATH}` : `/api${VIDEO_TUS_PATH}/${id}`;
    if (request.raw.url !== exactUrl) throw notFound('Upload not found.');
    if (id !== undefined) {
      const row = uploads.isUploadId(id) ? await repo.findUpload(id) : null;
      if (!row || row.ownerId !== account.id) throw notFound('Upload not found.');
    }
    checked.set(request.raw, { account, uploadId: id });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const options = { preHandler: userGuard, schema: { hide: true } };
  api.route({ method: ['POST', 'OPTIONS'], url: VIDEO_TUS_PATH, ...options, handler: handle });
  api.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: VIDEO_TUS_UPLOAD_PATH,
    ...options,
    handler: handle,
  });
}
