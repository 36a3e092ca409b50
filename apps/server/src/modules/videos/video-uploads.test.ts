import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { makeClip, makeClipDir } from '../../../test/media-fixtures';
import { createAccount, filesUnder, waitForVideo, type TestAccount } from '../../../test/video-helpers';
import { startWorkers } from '../../workers';
import { createVideosRepo } from './videos.repo';
import { sweepExpiredUploads, createUploadStore } from './video-uploads';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads (tus)', () => {
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let base: string;
  let owner: TestAccount;
  let other: TestAccount;
  let video: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext();
    stopWorkers = await startWorkers(ctx.deps);
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
    await ctx.close();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  const endpoint = () => `${base}/api/web/user/video/tus`;

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
    const stored = await fs.readFile(path.join(ctx.dataDir, 'uploads', id));
    expect(sha256(stored)).toBe(sha256(video));

    // The finished upload becomes a video through the ordinary store call.
    const response = await fetch(`${base}/api/web/user/video/store`, {
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
    expect(await filesUnder(path.join(ctx.dataDir, 'uploads'))).toEqual([]);
    expect(await createVideosRepo().findUpload(ctx.deps.db, id)).toBeNull();
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
      fetch(`${base}/api/web/user/video/store`, {
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

  it('refuses an upload that is not a video and removes it', async () => {
    const text = Buffer.from('not a video at all\n'.repeat(2000));
    const done = await tusUpload(owner, text);
    const id = done.url.split('/').pop()!;
    const response = await fetch(`${base}/api/web/user/video/store`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'draft', upload_ids: [id] }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe('Only Video File Allowed!');
    expect((await filesUnder(path.join(ctx.dataDir, 'uploads'))).filter((f) => f.startsWith(id))).toEqual([]);
    expect(await createVideosRepo().findUpload(ctx.deps.db, id)).toBeNull();
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

  it('sweeps unfinished uploads after a day', async () => {
    const partial = await tusUpload(owner, video, { stopAt: 0.2 });
    const id = partial.url.split('/').pop()!;
    const repo = createVideosRepo();
    const uploads = createUploadStore(ctx.dataDir);
    expect(await sweepExpiredUploads(ctx.deps, uploads, repo)).toBe(0);
    ctx.clock.advance(25 * 3600 * 1000);
    expect(await sweepExpiredUploads(ctx.deps, uploads, repo)).toBeGreaterThanOrEqual(1);
    expect(await repo.findUpload(ctx.deps.db, id)).toBeNull();
    expect((await filesUnder(uploads.directory)).filter((f) => f.startsWith(id))).toEqual([]);
  });
});
