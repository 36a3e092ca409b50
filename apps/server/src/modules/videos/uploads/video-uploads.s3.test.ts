/**
 * Resumable uploads with STORAGE=s3: the parts go to the bucket and the database, never to an API
 * process's disk or memory, so two API processes (two apps on one database and one bucket, each with
 * a DATA_DIR of its own) take the requests of one upload in turns, and the stored video is the file.
 */
import { videoRoutes, routeUrl, API_ROOT, VIDEO_TUS_PATH } from '@pw/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pino from 'pino';
import type S3rver from 's3rver';
import { startLocalS3 } from '../../../../test/local-s3';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { compose, startWorkers } from '../../../composition';
import { loadConfig } from '../../../platform/config';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import { createAccount, filesUnder, waitForVideo, type TestAccount } from '../../../../test/video-helpers';
import { videoUploadParts } from '../videos.schema';
import { createVideosRepo } from '../videos.repo';
import { createStoredUploadStore } from './video-uploads';
import { closeTestApp } from '../../../../test/close-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads in the object store (STORAGE=s3)', () => {
  let server: S3rver;
  let bucketDir: string;
  let ctx: TestContext;
  let second: { app: FastifyInstance; dataDir: string; close(): Promise<void> };
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let owner: TestAccount;
  let video: Buffer;
  const bases: string[] = [];

  beforeAll(async () => {
    bucketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-s3-uploads-'));
    const local = await startLocalS3(bucketDir);
    server = local.server;
    const s3 = {
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: local.settings.endpoint,
      S3_ACCESS_KEY_ID: local.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: local.settings.secretAccessKey,
      // Every process of one installation shares the media key, as it shares APP_SECRET.
      MEDIA_KEY: randomBytes(32).toString('base64'),
    };
    ctx = await createTestContext(s3);
    stopWorkers = await startWorkers(ctx.composition);
    // A second API process: its own DATA_DIR, the same database and bucket, nothing else shared.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-test-second-'));
    const composition = await compose(
      loadConfig({
        ...s3,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ROLE: 'api',
        APP_SECRET: ctx.config.APP_SECRET!,
      }),
      pino({ level: 'silent' }),
      { database: ctx.deps.database, clock: ctx.clock },
    );
    const app = await buildApp(composition);
    second = {
      app,
      dataDir,
      async close() {
        // The database is the first context's: it closes with that one.
        await closeTestApp(app, composition, async () => {});
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
    for (const each of [ctx.app, second.app]) {
      await each.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(each.server.address() as { port: number }).port}`);
    }
    clipDir = await makeClipDir();
    video = await fs.readFile(await makeClip(clipDir, 'big.mov', 'mov', { seconds: 4, size: '640x360' }));
    owner = await createAccount(ctx);
  });
  afterAll(async () => {
    await stopWorkers();
    await second.close();
    await ctx.close();
    await server.close();
    await fs.rm(bucketDir, { recursive: true, force: true });
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  /** Every request of the upload goes to the other process than the one before (a round-robin balancer). */
  function alternating(): tus.HttpStack {
    const inner = new tus.DefaultHttpStack({});
    let turn = 0;
    return {
      createRequest(method, url) {
        const target = new URL(url);
        const base = new URL(bases[turn++ % bases.length]!);
        target.host = base.host;
        return inner.createRequest(method, target.toString());
      },
      getName: () => 'alternating',
    };
  }

  it('takes the parts of one upload on two processes and stores the very bytes', async () => {
    const hosts: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        endpoint: `${bases[0]}${API_ROOT}${VIDEO_TUS_PATH}`,
        chunkSize: 256 * 1024,
        retryDelays: [],
        headers: owner.headers,
        metadata: { filename: 'big.mov', filetype: 'video/quicktime' },
        httpStack: alternating(),
        onBeforeRequest(request) {
          hosts.push(new URL(request.getURL()).host);
        },
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    const id = url.split('/').pop()!;
    // The requests really went to both processes.
    expect(new Set(hosts).size).toBe(2);
    const parts = await ctx.deps.db.select().from(videoUploadParts);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(video.length);
    // Nothing of it on either process's disk.
    for (const dataDir of [ctx.dataDir, second.dataDir])
      expect((await filesUnder(dataDir)).filter((file) => file.includes(id))).toEqual([]);

    // What the parts add up to is the file, byte for byte.
    const uploads = createStoredUploadStore(ctx.deps.storage, createVideosRepo(ctx.deps.db), clipDir);
    const copy = await uploads.localFile(id);
    expect(sha256(await fs.readFile(copy.path))).toBe(sha256(video));
    await copy.release();

    const stored = await second.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: owner.headers,
      payload: { type: 'draft', title: 'Across processes', upload_ids: [id] },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await waitForVideo(ctx, stored.json().data.id);
    expect(row.state).toBe('ready');
    // The upload is gone from the bucket and the database once the video owns its bytes.
    expect(await ctx.deps.db.select().from(videoUploadParts)).toEqual([]);
    expect((await filesUnder(bucketDir)).filter((file) => file.includes(`uploads/${id}`))).toEqual([]);
  });

  /** A tus request of the owner's to one process: creation on the collection, the rest on an upload. */
  const tusCall = (
    base: string,
    method: string,
    id?: string,
    headers: Record<string, string> = {},
    body?: Buffer,
  ) =>
    fetch(`${base}${API_ROOT}${VIDEO_TUS_PATH}${id ? `/${id}` : ''}`, {
      method,
      headers: { ...owner.headers, 'Tus-Resumable': '1.0.0', ...headers },
      body,
    });
  const patch = (base: string, id: string, offset: number, body: Buffer) =>
    tusCall(
      base,
      'PATCH',
      id,
      { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body,
    );

  it('answers HEAD on either process with the offset the other recorded, and resumes there', async () => {
    const half = video.subarray(0, 300 * 1024);
    const created = await tusCall(bases[0]!, 'POST', undefined, {
      'Upload-Length': String(video.length),
      'Upload-Metadata': `filename ${Buffer.from('big.mov').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    expect((await patch(bases[0]!, id, 0, half)).status).toBe(204);
    const head = await tusCall(bases[1]!, 'HEAD', id);
    expect(head.headers.get('upload-offset')).toBe(String(half.length));
    // A stale retry of the first part, on the other process: refused, nothing recorded twice.
    expect((await patch(bases[1]!, id, 0, half)).status).toBe(409);
    expect((await patch(bases[1]!, id, half.length, video.subarray(half.length))).status).toBe(204);

    const stored = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: owner.headers,
      payload: { type: 'draft', title: 'Resumed', upload_ids: [id] },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const row = await waitForVideo(ctx, stored.json().data.id);
    expect(row.state).toBe('ready');
    expect(Math.round((row.durationMs ?? 0) / 1000)).toBe(4);
  });

  it('removes an abandoned upload’s parts from the bucket when it is terminated', async () => {
    const created = await tusCall(bases[1]!, 'POST', undefined, { 'Upload-Length': String(video.length) });
    const id = created.headers.get('location')!.split('/').pop()!;
    await patch(bases[1]!, id, 0, video.subarray(0, 1000));
    expect((await filesUnder(bucketDir)).some((file) => file.includes(`uploads/${id}`))).toBe(true);
    const terminated = await tusCall(bases[0]!, 'DELETE', id);
    expect(terminated.status).toBe(204);
    expect((await filesUnder(bucketDir)).filter((file) => file.includes(`uploads/${id}`))).toEqual([]);
  });
});
