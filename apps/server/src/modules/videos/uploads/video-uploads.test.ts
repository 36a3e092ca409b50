import fs from 'node:fs/promises';
import path from 'node:path';
import http from 'node:http';
import { createHash } from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLDER_OCCUPIED_MESSAGE,
  PENDING_UPLOAD_MESSAGES,
  UPLOAD_NAMED_TWICE_MESSAGE,
  videoStoreBody,
  videoRoutes,
  routeUrl,
  API_ROOT,
  VIDEO_TUS_PATH,
} from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import {
  createAccount,
  filesUnder,
  videoServiceFor,
  waitForVideo,
  type TestAccount,
} from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';
import { AppError } from '../../../platform/errors';
import { createVideosRepo, type VideosRepo } from '../videos.repo';
import { sweepExpiredUploads, createStoredUploadStore, reserveUpload } from './video-uploads';
import { StoredPartsDataStore } from './stored-upload-parts';
import { VIDEO_PROCESS_QUEUE } from '../conversion';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads (tus)', () => {
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let base: string;
  let owner: TestAccount;
  let other: TestAccount;
  let video: Buffer;

  const ctx = contextForSuite();
  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    clipDir = await makeClipDir();
    // A few MiB of real video: mpeg4 at a high quality so there is something to interrupt.
    video = await fs.readFile(await makeClip(clipDir, 'big.mov', 'mov', { seconds: 4, size: '640x360' }));
    owner = await createAccount(ctx);
    other = await createAccount(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  const endpoint = () => `${base}${API_ROOT}${VIDEO_TUS_PATH}`;
  const uploadStore = () =>
    createStoredUploadStore(ctx.deps.storage, createVideosRepo(ctx.deps.db), path.join(ctx.dataDir, 'tmp'));
  /** An upload's bytes so far, read back (decrypted) from its stored parts. */
  async function uploadBytes(id: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    const store = new StoredPartsDataStore(ctx.deps.storage, createVideosRepo(ctx.deps.db));
    for await (const part of await store.read(id)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }
  /** The stored objects (parts and info) of an upload left in the media folder. */
  const storedOf = async (id: string) =>
    (await filesUnder(path.join(ctx.dataDir, 'media', 'uploads'))).filter((f) => f.startsWith(id));

  /** Uploads with tus-js-client; `stopAt` aborts once that share of the bytes is acknowledged. */
  function tusUpload(
    account: TestAccount,
    bytes: Buffer,
    options: { uploadUrl?: string; stopAt?: number } = {},
  ): Promise<{ url: string; progress: number[]; finished: boolean }> {
    return new Promise((resolve, reject) => {
      const progress: number[] = [];
      const upload: tus.Upload = new tus.Upload(bytes, {
        endpoint: endpoint(),
        uploadUrl: options.uploadUrl,
        chunkSize: 256 * 1024,
        retryDelays: [],
        headers: account.headers,
        metadata: { filename: 'big.mov', filetype: 'video/quicktime' },
        onProgress(sent) {
          progress.push(sent);
        },
        onChunkComplete(_chunk, accepted, total) {
          if (options.stopAt !== undefined && accepted >= total * options.stopAt) {
            void upload.abort().then(() => resolve({ url: upload.url!, progress, finished: false }));
          }
        },
        onSuccess() {
          resolve({ url: upload.url!, progress, finished: true });
        },
        onError: reject,
      });
      upload.start();
    });
  }

  const head = (url: string, account: TestAccount | null) =>
    fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...(account?.headers ?? {}) } });

  it('resumes an upload cut at 60 % from where it stopped and ends with the same bytes', async () => {
    const first = await tusUpload(owner, video, { stopAt: 0.6 });
    expect(first.finished).toBe(false);
    const id = first.url.split('/').pop()!;
    const offset = Number((await head(first.url, owner)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(video.length * 0.6);
    expect(offset).toBeLessThan(video.length);

    const second = await tusUpload(owner, video, { uploadUrl: first.url });
    expect(second.finished).toBe(true);
    // Only the rest was sent: progress never went back below where the first attempt stopped.
    expect(Math.min(...second.progress)).toBeGreaterThanOrEqual(offset);
    const stored = await uploadBytes(id);
    expect(sha256(stored)).toBe(sha256(video));

    // The finished upload becomes a video through the ordinary store call.
    const response = await fetch(`${base}${routeUrl(videoRoutes.store)}`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { data: { id: number; title: string } };
    // No title sent: the file name the client gave tus.
    expect(created.data.title).toBe('big');
    const row = await waitForVideo(ctx, created.data.id);
    expect(row.state).toBe('ready');
    expect(row.durationMs).toBeGreaterThan(3900);
    expect(await storedOf(id)).toEqual([]);
    expect(await createVideosRepo(ctx.deps.db).findUpload(id)).toBeNull();
  });

  it('keeps uploads to their creator: others get 404, no credential 401', async () => {
    const partial = await tusUpload(owner, video, { stopAt: 0.3 });
    const id = partial.url.split('/').pop()!;
    const offset = (await head(partial.url, owner)).headers.get('upload-offset');
    expect((await head(partial.url, other)).status).toBe(404);
    expect((await head(partial.url, null)).status).toBe(401);
    const patch = await fetch(partial.url, {
      method: 'PATCH',
      headers: {
        ...other.headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': offset!,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.from('intruder'),
    });
    expect(patch.status).toBe(404);
    expect((await head(partial.url, owner)).headers.get('upload-offset')).toBe(offset);
    const funeral = await createAccount(ctx, 'funeral-home');
    const create = await fetch(endpoint(), {
      method: 'POST',
      headers: { ...funeral.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(create.status).toBe(403);

    // Nor can another user, or an unfinished upload, be stored.
    const store = (account: TestAccount) =>
      fetch(`${base}${routeUrl(videoRoutes.store)}`, {
        method: 'POST',
        headers: { ...account.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
      });
    const foreign = await store(other);
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { message: string }).message).toBe('The upload was not found.');
    const unfinished = await store(owner);
    expect(((await unfinished.json()) as { message: string }).message).toBe(
      'The upload is not finished yet.',
    );
  });

  /** A request with exactly this path on the wire (fetch would drop a fragment and normalise the path). */
  function rawRequest(
    method: string,
    rawPath: string,
    headers: Record<string, string>,
    body?: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const url = new URL(base);
      const request = http.request(
        { host: url.hostname, port: url.port, method, path: rawPath, headers },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it("acts only on the upload the ownership check saw: URLs naming another account's upload are refused", async () => {
    // The victim's upload, cut at 30 %.
    const victim = await tusUpload(owner, video, { stopAt: 0.3 });
    const victimId = victim.url.split('/').pop()!;
    const victimOffset = (await head(victim.url, owner)).headers.get('upload-offset')!;
    const victimBytes = await uploadBytes(victimId);

    // The attacker's own, empty upload: the one the ownership check passes.
    const tusHeaders = { ...other.headers, 'Tus-Resumable': '1.0.0' };
    const created = await fetch(endpoint(), {
      method: 'POST',
      headers: { ...tusHeaders, 'Upload-Length': String(video.length) },
    });
    expect(created.status).toBe(201);
    const ownPath = created.headers.get('location')!;
    const ownId = ownPath.split('/').pop()!;
    const collection = routeUrl(videoRoutes.detail, { id: 'tus' });

    const tricks = [
      `${ownPath}?x=/${victimId}`,
      `${ownPath}?x=${collection}/${victimId}`,
      `${ownPath}#/${victimId}`,
      `${ownPath};/${victimId}`,
      `${ownPath}/${victimId}`,
      `${ownPath}/../${victimId}`,
      `${ownPath}%2F${victimId}`,
      `${collection}?x=/${victimId}`,
    ];
    for (const trick of tricks) {
      const patch = await rawRequest(
        'PATCH',
        trick,
        {
          ...tusHeaders,
          'Upload-Offset': victimOffset,
          'Content-Type': 'application/offset+octet-stream',
        },
        Buffer.alloc(100, 0x41),
      );
      expect({ trick, status: patch.status }).toEqual({ trick, status: 404 });
      const probe = await rawRequest('HEAD', trick, tusHeaders);
      expect({ trick, status: probe.status, offset: probe.headers['upload-offset'] }).toEqual({
        trick,
        status: 404,
        offset: undefined,
      });
      const terminate = await rawRequest('DELETE', trick, tusHeaders);
      expect({ trick, status: terminate.status }).toEqual({ trick, status: 404 });
    }

    // Nothing changed: the victim's upload has its offset, bytes and owner; the attacker's is untouched.
    expect((await head(victim.url, owner)).headers.get('upload-offset')).toBe(victimOffset);
    expect(sha256(await uploadBytes(victimId))).toBe(sha256(victimBytes));
    expect((await createVideosRepo(ctx.deps.db).findUpload(victimId))?.ownerId).toBe(owner.id);
    expect((await head(`${base}${ownPath}`, other)).headers.get('upload-offset')).toBe('0');
    expect((await createVideosRepo(ctx.deps.db).findUpload(ownId))?.ownerId).toBe(other.id);
    // And the plain URL still works for its owner.
    const resumed = await tusUpload(owner, video, { uploadUrl: victim.url });
    expect(resumed.finished).toBe(true);
    expect(sha256(await uploadBytes(victimId))).toBe(sha256(video));
  });

  it('keeps a finished upload through refusals the person can fix; the same id is then stored', async () => {
    const keeper = await createAccount(ctx);
    const repo = createVideosRepo(ctx.deps.db);
    await repo.insert({
      ownerId: keeper.id,
      title: 'Already final',
      folder: 'final',
      state: 'ready',
      searchCode: 'KEEPFIN1',
    });
    const done = await tusUpload(keeper, video);
    const id = done.url.split('/').pop()!;
    const store = (fields: Record<string, unknown>) =>
      fetch(`${base}${routeUrl(videoRoutes.store)}`, {
        method: 'POST',
        headers: { ...keeper.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ upload_ids: [id], ...fields }),
      });
    const kept = async () => {
      expect((await head(done.url, keeper)).headers.get('upload-offset')).toBe(String(video.length));
      expect(sha256(await uploadBytes(id))).toBe(sha256(video));
      expect(await repo.findUpload(id)).not.toBeNull();
    };
    const jobCount = async () =>
      Number(
        (
          await ctx.deps.database.executeSql('select count(*)::int as n from pgboss.job where name = $1', [
            VIDEO_PROCESS_QUEUE,
          ])
        ).rows[0]!.n,
      );

    // The final folder is occupied (seen before anything is moved).
    const occupied = await store({ type: 'final' });
    expect(occupied.status).toBe(409);
    await kept();

    // Occupied by a racing request between the check and the insert: the clip was already in storage and
    // the video's job already queued in the transaction when the index refused the row.
    const racing: VideosRepo = { ...repo, finalOf: async () => null };
    const service = videoServiceFor(ctx, { repo: racing });
    const jobsBefore = await jobCount();
    const raced = await service
      .store({ id: keeper.id }, videoStoreBody.parse({ type: 'final', upload_ids: [id] }), [])
      .catch((error: unknown) => error);
    expect(raced).toBeInstanceOf(AppError);
    expect((raced as AppError).status).toBe(409);
    expect((raced as AppError).message).toBe(FOLDER_OCCUPIED_MESSAGE);
    await kept();
    expect(await jobCount()).toBe(jobsBefore);
    expect((await repo.listFolder(keeper.id, 'final')).length).toBe(1);
    expect(await filesUnder(path.join(ctx.dataDir, 'media', 'sources'))).toEqual([]);

    // A form the person has to complete.
    const incomplete = await store({ type: 'scheduled' });
    expect(incomplete.status).toBe(422);
    await kept();

    // Fixed: the same upload id becomes a video.
    const stored = await store({ type: 'draft', title: 'Kept' });
    expect(stored.status).toBe(201);
    const created = (await stored.json()) as { data: { id: number } };
    expect((await waitForVideo(ctx, created.data.id)).state).toBe('ready');
    expect(await repo.findUpload(id)).toBeNull();
    expect(await storedOf(id)).toEqual([]);
    // Four store calls, each decrypting the upload into its own folder first, and a conversion.
  }, 90_000);

  describe('a length told at the end (Upload-Defer-Length), as the recorder uploads while recording', () => {
    const tusHeaders = (account: TestAccount, extra: Record<string, string> = {}) => ({
      ...account.headers,
      'Tus-Resumable': '1.0.0',
      ...extra,
    });
    async function createDeferred(account: TestAccount): Promise<string> {
      const created = await fetch(endpoint(), {
        method: 'POST',
        headers: tusHeaders(account, {
          'Upload-Defer-Length': '1',
          'Upload-Metadata': `filename ${Buffer.from('recording.mov').toString('base64')}`,
        }),
      });
      expect(created.status).toBe(201);
      return `${base}${created.headers.get('location')!}`;
    }
    const patch = (url: string, account: TestAccount, offset: number, body: Buffer, extra = {}) =>
      fetch(url, {
        method: 'PATCH',
        headers: tusHeaders(account, {
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          ...extra,
        }),
        body,
      });

    it('takes the pieces as they come, then the length with the last one, and is stored as a video', async () => {
      const url = await createDeferred(owner);
      const id = url.split('/').pop()!;
      const first = await head(url, owner);
      expect(first.headers.get('upload-defer-length')).toBe('1');
      expect(first.headers.get('upload-length')).toBeNull();
      const cut = [0, Math.floor(video.length / 3), Math.floor((video.length * 2) / 3), video.length];
      for (let i = 0; i < 2; i += 1) {
        const sent = await patch(url, owner, cut[i]!, video.subarray(cut[i], cut[i + 1]));
        expect(sent.status).toBe(204);
        expect(Number(sent.headers.get('upload-offset'))).toBe(cut[i + 1]);
      }
      // Not finished while its length is unknown: the store call refuses it.
      const early = await fetch(`${base}${routeUrl(videoRoutes.store)}`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
      });
      expect(((await early.json()) as { message: string }).message).toBe('The upload is not finished yet.');
      const last = await patch(url, owner, cut[2]!, video.subarray(cut[2]), {
        'Upload-Length': String(video.length),
      });
      expect(last.status).toBe(204);
      const after = await head(url, owner);
      expect(after.headers.get('upload-length')).toBe(String(video.length));
      expect(after.headers.get('upload-offset')).toBe(String(video.length));
      expect(sha256(await uploadBytes(id))).toBe(sha256(video));
      const stored = await fetch(`${base}${routeUrl(videoRoutes.store)}`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
      });
      expect(stored.status).toBe(201);
      const created = (await stored.json()) as { data: { id: number } };
      expect((await waitForVideo(ctx, created.data.id)).state).toBe('ready');
    });

    it('answers a piece sent at the wrong offset with 409, keeping what it has', async () => {
      const url = await createDeferred(owner);
      expect((await patch(url, owner, 0, video.subarray(0, 1000))).status).toBe(204);
      const wrong = await patch(url, owner, 500, video.subarray(500, 2000));
      expect(wrong.status).toBe(409);
      expect((await head(url, owner)).headers.get('upload-offset')).toBe('1000');
      await fetch(url, { method: 'DELETE', headers: tusHeaders(owner) });
    });

    it('refuses bytes past the size limit with 413 before reading them', async () => {
      const url = await createDeferred(owner);
      const id = url.split('/').pop()!;
      expect((await patch(url, owner, 0, video.subarray(0, 1000))).status).toBe(204);
      // A Content-Length that would pass the limit and no body at all: the answer comes without waiting
      // for bytes that never arrive.
      const over = await rawRequest('PATCH', new URL(url).pathname, {
        ...tusHeaders(owner),
        'Upload-Offset': '1000',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(ctx.config.UPLOAD_MAX_BYTES),
      });
      expect(over.status).toBe(413);
      // Nor may the length told at the end pass it.
      const tooLong = await patch(url, owner, 1000, Buffer.alloc(0), {
        'Upload-Length': String(ctx.config.UPLOAD_MAX_BYTES + 1),
      });
      expect(tooLong.status).toBe(413);
      expect((await head(url, owner)).headers.get('upload-offset')).toBe('1000');
      expect((await head(url, owner)).headers.get('upload-length')).toBeNull();
      expect((await uploadBytes(id)).length).toBe(1000);
      await fetch(url, { method: 'DELETE', headers: tusHeaders(owner) });
    });

    it("keeps another account's deferred upload out of reach: 404, nothing written, its length not told", async () => {
      const url = await createDeferred(owner);
      expect((await patch(url, owner, 0, video.subarray(0, 1000))).status).toBe(204);
      const intruder = await patch(url, other, 1000, Buffer.from('intruder'), { 'Upload-Length': '1008' });
      expect(intruder.status).toBe(404);
      expect((await head(url, other)).status).toBe(404);
      const mine = await head(url, owner);
      expect(mine.headers.get('upload-offset')).toBe('1000');
      expect(mine.headers.get('upload-length')).toBeNull();
      await fetch(url, { method: 'DELETE', headers: tusHeaders(owner) });
    });

    it('refuses a length told twice, or shorter than what it holds, with 400', async () => {
      const url = await createDeferred(owner);
      expect((await patch(url, owner, 0, video.subarray(0, 1000))).status).toBe(204);
      const short = await patch(url, owner, 1000, Buffer.alloc(0), { 'Upload-Length': '999' });
      expect(short.status).toBe(400);
      const told = await patch(url, owner, 1000, video.subarray(1000, 1500), { 'Upload-Length': '3000' });
      expect(told.status).toBe(204);
      const again = await patch(url, owner, 1500, video.subarray(1500, 2000), { 'Upload-Length': '2000' });
      expect(again.status).toBe(400);
      const now = await head(url, owner);
      expect(now.headers.get('upload-length')).toBe('3000');
      expect(now.headers.get('upload-offset')).toBe('1500');
      await fetch(url, { method: 'DELETE', headers: tusHeaders(owner) });
    });
  });

  it('refuses an upload that is not a video and removes it', async () => {
    const text = Buffer.from('not a video at all\n'.repeat(2000));
    const done = await tusUpload(owner, text);
    const id = done.url.split('/').pop()!;
    const response = await fetch(`${base}${routeUrl(videoRoutes.store)}`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe('Only Video File Allowed!');
    expect(await storedOf(id)).toEqual([]);
    expect(await createVideosRepo(ctx.deps.db).findUpload(id)).toBeNull();
  });

  it('refuses uploads over the size limit with 413', async () => {
    const response = await fetch(endpoint(), {
      method: 'POST',
      headers: {
        ...owner.headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(ctx.config.UPLOAD_MAX_BYTES + 1),
      },
    });
    expect(response.status).toBe(413);
  });

  it('refuses an upload named twice in one store call with 422, keeping it', async () => {
    const twice = await createAccount(ctx);
    const done = await tusUpload(twice, video);
    const id = done.url.split('/').pop()!;
    const response = await fetch(`${base}${routeUrl(videoRoutes.store)}`, {
      method: 'POST',
      headers: { ...twice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'draft', upload_ids: [id, id] }),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors.upload_ids).toEqual([UPLOAD_NAMED_TWICE_MESSAGE]);
    expect(sha256(await uploadBytes(id))).toBe(sha256(video));
    expect(await createVideosRepo(ctx.deps.db).findUpload(id)).not.toBeNull();
  });

  it('holds at most five unfinished uploads per account (413 beyond); a finished or expired one frees a place', async () => {
    const busy = await createAccount(ctx);
    const create = (length: number) =>
      fetch(endpoint(), {
        method: 'POST',
        headers: { ...busy.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length) },
      });
    const locations: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await create(video.length);
      expect(created.status).toBe(201);
      locations.push(created.headers.get('location')!);
    }
    const sixth = await create(video.length);
    expect(sixth.status).toBe(413);
    expect(await sixth.text()).toBe(PENDING_UPLOAD_MESSAGES.tooMany);
    const rows = await ctx.deps.database.executeSql(
      'select count(*)::int as n from video_uploads where owner_id = $1',
      [busy.id],
    );
    expect(rows.rows[0]!.n).toBe(5);
    // Another account is not held back by this one.
    expect(
      (
        await fetch(endpoint(), {
          method: 'POST',
          headers: { ...other.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
        })
      ).status,
    ).toBe(201);

    // One finishes: its place is free again.
    const finished = await tusUpload(busy, video, { uploadUrl: `${base}${locations[0]!}` });
    expect(finished.finished).toBe(true);
    expect((await create(video.length)).status).toBe(201);
    expect((await create(video.length)).status).toBe(413);

    // A day later the unfinished ones have expired: they count no more, even before the sweep.
    await ctx.deps.database.executeSql(
      `update video_uploads set created_at = created_at - interval '25 hours' where owner_id = $1`,
      [busy.id],
    );
    expect((await create(video.length)).status).toBe(201);
    // Left for the sweep to remove (the sweep's own test counts from none).
    await sweepExpiredUploads({ repo: createVideosRepo(ctx.deps.db), clock: ctx.deps.clock }, uploadStore());
  });

  it('holds at most 10 GiB declared by unfinished uploads per account (413 beyond)', async () => {
    const large = await createAccount(ctx);
    const repo = createVideosRepo(ctx.deps.db);
    // An operator allowing 4 GiB per upload: two fit (8 GiB), a third would make 12.
    const deps = { db: ctx.deps.db, repo, clock: ctx.deps.clock, maxBytes: 4 * 1024 ** 3 };
    const reserve = (id: string, declaredBytes: number | null) =>
      reserveUpload(deps, { id, ownerId: large.id, declaredBytes });
    await reserve('a'.repeat(32), 4 * 1024 ** 3);
    await reserve('b'.repeat(32), 4 * 1024 ** 3);
    await expect(reserve('c'.repeat(32), 4 * 1024 ** 3)).rejects.toMatchObject({
      status: 413,
      message: PENDING_UPLOAD_MESSAGES.tooLarge,
    });
    // A length deferred to later counts as the largest upload allowed.
    await expect(reserve('d'.repeat(32), null)).rejects.toMatchObject({ status: 413 });
    await reserve('e'.repeat(32), 2 * 1024 ** 3);
    expect(await repo.findUpload('c'.repeat(32))).toBeNull();
    expect((await repo.unfinishedUploadsOf(large.id, new Date(0), 0)).bytes).toBe(10 * 1024 ** 3);
  });

  it('sweeps unfinished uploads after a day', async () => {
    const partial = await tusUpload(owner, video, { stopAt: 0.2 });
    const id = partial.url.split('/').pop()!;
    const repo = createVideosRepo(ctx.deps.db);
    const uploads = uploadStore();
    expect(await sweepExpiredUploads({ repo, clock: ctx.deps.clock }, uploads)).toBe(0);
    ctx.clock.advance(25 * 3600 * 1000);
    expect(await sweepExpiredUploads({ repo, clock: ctx.deps.clock }, uploads)).toBeGreaterThanOrEqual(1);
    expect(await repo.findUpload(id)).toBeNull();
    expect(await storedOf(id)).toEqual([]);
  });
});
