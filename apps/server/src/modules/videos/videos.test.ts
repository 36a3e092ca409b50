import fs from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { makeClip, makeClipDir, topLevelBoxes, type ClipKind } from '../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  filesUnder,
  recordingScheduler,
  setAccountStatus,
  videoRow,
  waitForVideo,
  type TestAccount,
} from '../../../test/video-helpers';
import { startWorkers } from '../../workers';
import { videos } from './videos.schema';

describe('videos API', () => {
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let owner: TestAccount;
  let other: TestAccount;
  let funeralHome: TestAccount;
  const recorder = recordingScheduler();
  const clips: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext({}, { deliveryScheduler: recorder.scheduler });
    stopWorkers = await startWorkers(ctx.deps);
    clipDir = await makeClipDir();
    clips.mp4 = await makeClip(clipDir, 'a.mp4', 'mp4', { seconds: 2, size: '640x360', rate: 30 });
    clips.webm = await makeClip(clipDir, 'b.webm', 'webm', { seconds: 3 });
    clips.long = await makeClip(clipDir, 'long.mp4', 'mp4', { seconds: 61, size: '64x64', rate: 5 });
    owner = await createAccount(ctx, 'user');
    other = await createAccount(ctx, 'user');
    funeralHome = await createAccount(ctx, 'funeral-home');
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
    await fs.rm(clipDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    recorder.calls.length = 0;
  });

  const upload = async (
    account: TestAccount,
    files: string[],
    fields: Record<string, string | string[]> = { type: 'draft', title: 'A title' },
  ) => {
    const body = await clipsBody(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/web/user/video/store',
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
  };

  /** Uploads and waits for processing; returns the video id. */
  const readyVideo = async (
    account: TestAccount,
    fields: Record<string, string | string[]> = { type: 'draft', title: 'A title' },
    files = [clips.mp4!],
  ) => {
    const response = await upload(account, files, fields);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    expect((await waitForVideo(ctx, id)).state).toBe('ready');
    return id;
  };

  const call = (
    account: TestAccount | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: account ? account.headers : {}, payload });

  const download = async (url: string, name: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const file = path.join(clipDir, name);
    await fs.writeFile(file, response.rawPayload);
    return file;
  };

  const videoCount = async () => (await ctx.deps.db.select({ n: count() }).from(videos))[0]!.n;

  describe('upload and processing', () => {
    const kinds: ClipKind[] = ['mp4', 'webm', 'mov', 'avi', 'mkv'];
    it.each(kinds)('turns an uploaded %s into a playable MP4 with its real duration', async (kind) => {
      const source = await makeClip(clipDir, `upload.${kind}`, kind, { seconds: 3 });
      const response = await upload(owner, [source], {
        type: 'draft',
        title: `From ${kind}`,
        duration: '00:00:01',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.message).toBe('The video has been successfully saved to Drafts.');
      expect(body.data).toMatchObject({
        title: `From ${kind}`,
        type: 'draft',
        state: 'processing',
        status: 'processing',
      });
      expect(body.data.video_link).toBeNull();

      const row = await waitForVideo(ctx, body.data.id);
      expect(row.state).toBe('ready');
      const sourceDuration = (await ctx.deps.media.probe(source)).durationSeconds;
      expect(Math.abs(row.durationMs! / 1000 - sourceDuration)).toBeLessThan(0.15);

      const detail = (await call(owner, 'GET', `/api/web/user/video/${body.data.id}`)).json().data;
      expect(detail.duration).toBe('00:00:03');
      expect(detail.video_link).toMatch(/^\/api\/media\/v\/videos\/\d+\/video\.mp4\?exp=\d+&sig=/);
      expect(detail.video_thumbnail).toMatch(/thumbnail\.jpg\?exp=/);
      const file = await download(detail.video_link, `served-${kind}.mp4`);
      const probed = await ctx.deps.media.probe(file);
      expect(probed.info.video.codec).toBe('h264');
      expect(probed.info.audio?.codec).toBe('aac');
      const boxes = await topLevelBoxes(file);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      expect(Math.abs(probed.durationSeconds - sourceDuration)).toBeLessThan(0.15);
      const thumb = await ctx.app.inject({ method: 'GET', url: detail.video_thumbnail });
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      // Sources and temporary files are gone once the video is ready.
      expect(row.sourceKeys).toEqual([]);
      expect(await filesUnder(path.join(ctx.dataDir, 'media', 'sources'))).toEqual([]);
      expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);
    });

    it('joins the clips of one upload in order into one video whose length is the sum', async () => {
      const response = await upload(owner, [clips.webm!, clips.mp4!], { type: 'draft', title: 'Joined' });
      expect(response.statusCode, response.body).toBe(201);
      const row = await waitForVideo(ctx, response.json().data.id);
      expect(row.state).toBe('ready');
      const detail = (await call(owner, 'GET', `/api/web/user/video/${row.id}`)).json().data;
      const probed = await ctx.deps.media.probe(await download(detail.video_link, 'joined.mp4'));
      const sum =
        (await ctx.deps.media.probe(clips.webm!)).durationSeconds +
        (await ctx.deps.media.probe(clips.mp4!)).durationSeconds;
      expect(Math.abs(probed.durationSeconds - sum)).toBeLessThan(0.25);
      // The first clip (320x240) sets the frame: the order was kept.
      expect([probed.info.video.width, probed.info.video.height]).toEqual([320, 240]);
    });

    it('makes a 30 s clip that needs no re-encoding ready in under 2 s', async () => {
      const clip = await makeClip(clipDir, 'thirty.mp4', 'mp4', { seconds: 30, size: '640x360', rate: 30 });
      const response = await upload(owner, [clip], { type: 'draft', title: 'Fast' });
      const finished = Date.now();
      const row = await waitForVideo(ctx, response.json().data.id);
      expect(row.state).toBe('ready');
      expect(Date.now() - finished).toBeLessThan(2000);
    });

    it('refuses a text file named .mp4 and leaves nothing behind', async () => {
      const fake = path.join(clipDir, 'notes.mp4');
      await fs.writeFile(fake, 'Dear family,\n'.repeat(500));
      const before = await videoCount();
      const response = await upload(owner, [clips.mp4!, fake]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Only Video File Allowed!',
        errors: { videos: ['Only Video File Allowed!'] },
      });
      expect(await videoCount()).toBe(before);
      expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);
      expect(await filesUnder(path.join(ctx.dataDir, 'media', 'sources'))).toEqual([]);
    });

    it('refuses more than the 60 s allowance, and an unknown payment', async () => {
      const before = await videoCount();
      const response = await upload(owner, [clips.long!]);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'The video is longer than your 60 seconds allowance. Buy extra time to save it.',
      );
      const paid = await upload(owner, [clips.long!], {
        type: 'draft',
        title: 'Paid',
        payment_id: 'pay_123',
      });
      expect(paid.statusCode).toBe(422);
      expect(paid.json()).toEqual({
        message: 'The payment is invalid or already used.',
        errors: { payment_id: ['The payment is invalid or already used.'] },
      });
      expect(await videoCount()).toBe(before);
      expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);
    });

    it('validates the form: folder, at least one video', async () => {
      const noType = await upload(owner, [clips.mp4!], { title: 'x' });
      expect(noType.statusCode).toBe(422);
      expect(noType.json().errors.type).toBeDefined();
      const badType = await upload(owner, [clips.mp4!], { type: 'archive' });
      expect(badType.json().errors.type).toEqual(['Please select a valid option.']);
      const none = await upload(owner, [], { type: 'draft' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.videos).toEqual(['Please choose at least one video.']);
      expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);
    });

    it('takes the title from the file name when none is sent', async () => {
      const response = await upload(owner, [clips.mp4!], { type: 'draft' });
      expect(response.json().data.title).toBe('a');
      await waitForVideo(ctx, response.json().data.id);
    });
  });
});
