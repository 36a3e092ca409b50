import { videoRoutes, routeUrl } from '@pw/contracts';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext, contextForSuite } from '../../../../test/helpers';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  filesUnder,
  processDepsFor,
  videoRow,
  type TestAccount,
} from '../../../../test/video-helpers';
import { conversionTimeoutMs, type MediaTools } from '../../../platform/media/media';
import { createVideosRepo, type VideosRepo } from '../videos.repo';
import { processVideo, type ProcessDeps } from './videos.jobs';
import { processingExpirySeconds, VIDEO_PROCESS_QUEUE } from './videos.queue';

/** The processing job on its own: outcomes, idempotency, and what it leaves behind. */
describe('video processing job', () => {
  let small: TestContext;
  let clipDir: string;
  let owner: TestAccount;
  let deps: ProcessDeps;
  let repo: VideosRepo;

  const ctx = contextForSuite();
  beforeAll(async () => {
    repo = createVideosRepo(ctx.deps.db);
    small = await createTestContext({ UPLOAD_MAX_BYTES: '20000' });
    clipDir = await makeClipDir();
    owner = await createAccount(ctx);
    deps = processDepsFor(ctx, repo);
  });
  afterAll(async () => {
    await small.close();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  const processingRow = async (sourceKeys: string[]) =>
    repo.insert({
      ownerId: owner.id,
      title: 't',
      folder: 'draft',
      state: 'processing',
      searchCode: `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      sourceKeys,
    });

  it('processes once: a second run of the same job changes nothing', async () => {
    const clip = await makeClip(clipDir, 'one.mp4', 'mp4', { seconds: 2 });
    await ctx.deps.storage.putFile('sources/test-1/0', clip);
    const video = await processingRow(['sources/test-1/0']);
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('ready');
    const ready = await videoRow(ctx, video.id);
    expect(ready).toMatchObject({ state: 'ready', sourceKeys: [] });
    expect(ready!.mediaKey).toMatch(new RegExp(`^videos/${video.id}/[0-9a-f]{12}/video\\.mp4$`));
    expect(await ctx.deps.storage.stat(ready!.mediaKey!)).not.toBeNull();
    expect(await ctx.deps.storage.stat('sources/test-1/0')).toBeNull();
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('skipped');
    expect(await videoRow(ctx, video.id)).toEqual(ready);
    expect(await filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('a run overtaken by its retry never deletes the media of the video the first run made ready', async () => {
    const clip = await makeClip(clipDir, 'overlap.mov', 'mov', { seconds: 2 });
    await ctx.deps.storage.putFile('sources/test-overlap/0', clip);
    const video = await processingRow(['sources/test-overlap/0']);
    // The retry has copied its inputs and is converting when the first run (its job long expired) marks the
    // video ready; the retry's conversion ends after that.
    let retryConverting!: () => void;
    const retryStarted = new Promise<void>((resolve) => (retryConverting = resolve));
    const afterTheFirstRun: MediaTools = {
      ...ctx.deps.media,
      async render(clips, output, signal) {
        retryConverting();
        await vi.waitFor(
          async () => {
            if ((await videoRow(ctx, video.id))!.state !== 'ready')
              throw new Error('the first run has not finished');
          },
          { timeout: 30_000, interval: 20 },
        );
        return ctx.deps.media.render(clips, output, signal);
      },
    };
    const retry = processVideo({ ...deps, media: afterTheFirstRun }, video.id, { lastAttempt: false });
    await retryStarted;
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('ready');
    expect(await retry).toBe('skipped');

    const row = (await videoRow(ctx, video.id))!;
    expect(row.state).toBe('ready');
    // Still playable: the file the row points to is a whole video of the clip's length...
    // (Read through the storage: the file on disk is encrypted.)
    const copy = path.join(clipDir, `ready-${video.id}.mp4`);
    await pipeline(await ctx.deps.storage.read(row.mediaKey!), createWriteStream(copy));
    const probed = await ctx.deps.media.probe(copy);
    expect(Math.abs(probed.durationSeconds - 2)).toBeLessThan(0.15);
    // ...and the retry's own outputs are gone: exactly the ready video's two files remain.
    const folder = `videos/${video.id}`;
    expect(await filesUnder(path.join(ctx.dataDir, 'media', folder))).toEqual(
      [row.mediaKey!, row.thumbnailKey!].map((key) => path.relative(folder, key)).sort(),
    );
    // Two real conversion runs: 18 s seen beside two other suites.
  }, 120_000);

  it('gives each processing job longer than its conversion may take, queued with the row', async () => {
    const clips = await Promise.all(
      [3, 4].map((seconds) => makeClip(clipDir, `timed-${seconds}.mp4`, 'mp4', { seconds })),
    );
    const body = await clipsBody({ type: 'draft', title: 'Timed' }, clips);
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const videoId = (response.json() as { data: { id: number } }).data.id;
    const { rows } = await ctx.deps.database.executeSql(
      `select extract(epoch from expire_in)::int as expire from pgboss.job where name = $1 and singleton_key = $2`,
      [VIDEO_PROCESS_QUEUE, `${videoId}:process`],
    );
    expect(rows).toHaveLength(1);
    let seconds = 0;
    for (const clip of clips) seconds += (await ctx.deps.media.probe(clip)).durationSeconds;
    const expire = Number(rows[0]!.expire);
    expect(expire).toBe(processingExpirySeconds({ clips: 2, seconds }));
    expect(expire * 1000).toBeGreaterThan(conversionTimeoutMs(2, seconds));

    // Long videos get more (an hour of expiry was shorter than a 5-minute video's render timeout)...
    for (const minutes of [1, 5, 20, 45])
      expect(processingExpirySeconds({ clips: 3, seconds: minutes * 60 }) * 1000).toBeGreaterThan(
        conversionTimeoutMs(3, minutes * 60),
      );
    // ...up to what pg-boss accepts (under 24 hours).
    expect(processingExpirySeconds({ clips: 1, seconds: 10 * 3600 })).toBeLessThan(24 * 3600);
  });

  it('fails at once, with a reason, when the file cannot be converted, and removes its sources', async () => {
    await ctx.deps.storage.put('sources/test-2/0', Buffer.from('garbage that passed no probe'));
    const video = await processingRow(['sources/test-2/0']);
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('failed');
    const row = await videoRow(ctx, video.id);
    expect(row).toMatchObject({
      state: 'failed',
      failureReason: 'One of the files is not a video we can read.',
    });
    expect(await ctx.deps.storage.stat('sources/test-2/0')).toBeNull();
    expect(await filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('fails when the sources are missing', async () => {
    const video = await processingRow(['sources/gone/0']);
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('failed');
    expect((await videoRow(ctx, video.id))!.failureReason).toBe('The uploaded files are missing.');
  });

  it('leaves a video deleted during processing alone and removes what it made', async () => {
    const clip = await makeClip(clipDir, 'two.mp4', 'mp4', { seconds: 1 });
    await ctx.deps.storage.putFile('sources/test-3/0', clip);
    const video = await processingRow(['sources/test-3/0']);
    // Deleted between the job's start and its end: simulated by a storage that deletes the row on the first put.
    let deleted = false;
    const storage = {
      ...ctx.deps.storage,
      async putFile(key: string, local: string, type?: string) {
        if (!deleted) {
          deleted = true;
          await repo.delete(video.id);
        }
        return ctx.deps.storage.putFile(key, local, type);
      },
    };
    expect(await processVideo({ ...deps, storage }, video.id, { lastAttempt: false })).toBe('skipped');
    expect(await filesUnder(path.join(ctx.dataDir, 'media', 'videos', String(video.id)))).toEqual([]);
    expect(await ctx.deps.storage.stat('sources/test-3/0')).toBeNull();
  });

  it('retries passing trouble and records the failure on the last attempt', async () => {
    const clip = await makeClip(clipDir, 'three.mp4', 'mp4', { seconds: 1 });
    await ctx.deps.storage.putFile('sources/test-4/0', clip);
    const video = await processingRow(['sources/test-4/0']);
    const broken = {
      ...ctx.deps.storage,
      putFile: async () => {
        throw new Error('storage unavailable');
      },
    };
    await expect(
      processVideo({ ...deps, storage: broken }, video.id, { lastAttempt: false }),
    ).rejects.toThrow('storage unavailable');
    expect((await videoRow(ctx, video.id))!.state).toBe('processing');
    expect(await ctx.deps.storage.stat('sources/test-4/0')).not.toBeNull();
    expect(await processVideo({ ...deps, storage: broken }, video.id, { lastAttempt: true })).toBe('failed');
    expect((await videoRow(ctx, video.id))!.failureReason).toBe(
      'The video could not be converted. Please try another file.',
    );
    expect(await ctx.deps.storage.stat('sources/test-4/0')).toBeNull();
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and keeps nothing', async () => {
    const user = await createAccount(small);
    const clip = await makeClip(clipDir, 'too-big.mov', 'mov', { seconds: 2 });
    const body = await clipsBody({ type: 'draft' }, [clip]);
    const response = await small.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is too large.' });
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'media'))).toEqual([]);
  });
});
