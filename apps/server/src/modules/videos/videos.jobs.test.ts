import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { makeClip, makeClipDir } from '../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  filesUnder,
  videoRow,
  type TestAccount,
} from '../../../test/video-helpers';
import { createVideosRepo } from './videos.repo';
import { processVideo, type ProcessDeps } from './videos.jobs';

/** The processing job on its own: outcomes, idempotency, and what it leaves behind. */
describe('video processing job', () => {
  let ctx: TestContext;
  let small: TestContext;
  let clipDir: string;
  let owner: TestAccount;
  let deps: ProcessDeps;
  const repo = createVideosRepo();

  beforeAll(async () => {
    ctx = await createTestContext();
    small = await createTestContext({ UPLOAD_MAX_BYTES: '20000' });
    clipDir = await makeClipDir();
    owner = await createAccount(ctx);
    deps = {
      db: ctx.deps.db,
      repo,
      storage: ctx.deps.storage,
      media: ctx.deps.media,
      tmpDir: path.join(ctx.dataDir, 'tmp'),
      logger: { error() {}, warn() {}, info() {} },
    };
  });
  afterAll(async () => {
    await ctx.close();
    await small.close();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  const processingRow = async (sourceKeys: string[]) =>
    repo.insert(ctx.deps.db, {
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
    expect(await processVideo(deps, video.id, false)).toBe('ready');
    const ready = await videoRow(ctx, video.id);
    expect(ready).toMatchObject({ state: 'ready', sourceKeys: [], mediaKey: `videos/${video.id}/video.mp4` });
    expect(await ctx.deps.storage.stat('sources/test-1/0')).toBeNull();
    expect(await processVideo(deps, video.id, false)).toBe('skipped');
    expect(await videoRow(ctx, video.id)).toEqual(ready);
    expect(await filesUnder(deps.tmpDir)).toEqual([]);
  });

  it('fails at once, with a reason, when the file cannot be converted, and removes its sources', async () => {
    await ctx.deps.storage.put('sources/test-2/0', Buffer.from('garbage that passed no probe'));
    const video = await processingRow(['sources/test-2/0']);
    expect(await processVideo(deps, video.id, false)).toBe('failed');
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
    expect(await processVideo(deps, video.id, false)).toBe('failed');
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
          await repo.delete(ctx.deps.db, video.id);
        }
        return ctx.deps.storage.putFile(key, local, type);
      },
    };
    expect(await processVideo({ ...deps, storage }, video.id, false)).toBe('skipped');
    expect(await ctx.deps.storage.stat(`videos/${video.id}/video.mp4`)).toBeNull();
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
    await expect(processVideo({ ...deps, storage: broken }, video.id, false)).rejects.toThrow(
      'storage unavailable',
    );
    expect((await videoRow(ctx, video.id))!.state).toBe('processing');
    expect(await ctx.deps.storage.stat('sources/test-4/0')).not.toBeNull();
    expect(await processVideo({ ...deps, storage: broken }, video.id, true)).toBe('failed');
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
      url: '/api/web/user/video/store',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is too large.' });
    expect(await filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
    expect(await filesUnder(path.join(small.dataDir, 'media'))).toEqual([]);
  });
});
