import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server, EVENTS } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { AppDeps } from '../app-deps';
import { notFound } from '../../platform/errors';
import { accountOf, type AuthAccount } from '../accounts/auth.guard';
import type { VideosRepo } from './videos.repo';

/** An unfinished resumable upload is kept for a day, then swept (docs/decisions/0034). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const TUS_PATH = '/web/user/video/tus';
const UPLOAD_ID = /^[a-f0-9]{32}$/;

export interface UploadProgress {
  offset: number;
  size: number | null;
  /** The client's file name from the tus `Upload-Metadata` (`filename`), if it sent one. */
  filename: string | null;
}

/** The files of resumable uploads under DATA_DIR/uploads (one data file and one `.json` per upload). */
export function createUploadStore(dataDir: string) {
  const directory = path.join(dataDir, 'uploads');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const pathOf = (id: string): string => {
    if (!UPLOAD_ID.test(id)) throw new Error(`Invalid upload id: ${id}`);
    return path.join(directory, id);
  };
  return {
    store,
    directory,
    isUploadId: (id: string) => UPLOAD_ID.test(id),
    pathOf,
    async progress(id: string): Promise<UploadProgress | null> {
      if (!UPLOAD_ID.test(id)) return null;
      try {
        const upload = await store.getUpload(id);
        return {
          offset: upload.offset,
          size: upload.size ?? null,
          filename: upload.metadata?.filename ?? null,
        };
      } catch {
        return null;
      }
    },
    /**
     * Writes an upload's bytes back to its data file (its `.json` stayed): it is whole and finished again.
     * Written beside it and renamed, so a reader never sees part of it.
     */
    async putBack(id: string, content: Readable): Promise<void> {
      const target = pathOf(id);
      const part = `${target}.${randomBytes(4).toString('hex')}.part`;
      try {
        await pipeline(content, fs.createWriteStream(part));
        await fsp.rename(part, target);
      } finally {
        await fsp.rm(part, { force: true });
      }
    },
    /** Removes what is left of an upload (its data file may already have been moved into storage). */
    async remove(id: string): Promise<void> {
      if (!UPLOAD_ID.test(id)) return;
      await fsp.rm(path.join(directory, id), { force: true });
      await fsp.rm(path.join(directory, `${id}.json`), { force: true });
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;

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
export function registerTusRoutes(
  api: FastifyInstance,
  deps: AppDeps,
  uploads: UploadStore,
  repo: VideosRepo,
) {
  // The tus handlers see the raw Node request only; this is what the route decided about it.
  const checked = new WeakMap<IncomingMessage, TusRequestState>();
  const stateOf = (req: unknown) => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return raw ? checked.get(raw) : undefined;
  };

  const tus = new Server({
    path: `/api${TUS_PATH}`,
    datastore: uploads.store,
    maxSize: deps.config.UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS headers for other sites.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),
    // Never the URL: the id the ownership check saw (undefined, hence 404, if there was none).
    getFileIdFromRequest: (req) => stateOf(req)?.uploadId,
    async onUploadCreate(req, upload) {
      const account = stateOf(req)?.account;
      if (!account) throw { status_code: 401, body: 'Unauthenticated.' };
      await repo.insertUpload(deps.db, upload.id, account.id);
      return {};
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void repo
      .deleteUploads(deps.db, [id])
      .catch((error: unknown) => deps.logger.error({ err: error }, 'upload row'));
  });

  // tus reads the body itself, as a stream: Fastify must leave it alone.
  api.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = accountOf(request);
    const id = (request.params as { id?: string }).id;
    const exactUrl = id === undefined ? `/api${TUS_PATH}` : `/api${TUS_PATH}/${id}`;
    if (request.raw.url !== exactUrl) throw notFound('Upload not found.');
    if (id !== undefined) {
      const row = uploads.isUploadId(id) ? await repo.findUpload(deps.db, id) : null;
      if (!row || row.ownerId !== account.id) throw notFound('Upload not found.');
    }
    checked.set(request.raw, { account, uploadId: id });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const options = { preHandler: deps.auth.required('user'), schema: { hide: true } };
  api.route({ method: ['POST', 'OPTIONS'], url: TUS_PATH, ...options, handler: handle });
  api.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${TUS_PATH}/:id`,
    ...options,
    handler: handle,
  });
}

/** Deletes unfinished uploads older than a day (and rows of uploads whose files are gone). */
export async function sweepExpiredUploads(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  uploads: UploadStore,
  repo: VideosRepo,
) {
  const stale = await repo.uploadsCreatedBefore(
    deps.db,
    new Date(deps.clock.now().getTime() - UPLOAD_EXPIRY_MS),
  );
  for (const row of stale) await uploads.remove(row.id);
  await repo.deleteUploads(
    deps.db,
    stale.map((row) => row.id),
  );
  return stale.length;
}
