import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, videoRoutes, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import { claimDuration, makeClip, makeClipDir } from '../../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  filesUnder,
  processDepsFor,
  waitForVideo,
  type TestAccount,
} from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';
import { payments } from '../../payments/payments.schema';
import { createVideosRepo, type VideosRepo } from '../videos.repo';
import { processVideo, type ProcessDeps } from './videos.jobs';

const CARD = { card_holder_name: 'Jane Doe', card_no: '4242424242424242', expiry_date: '12/39', cvv: '123' };
const overAllowance = (seconds: number) =>
  `The video is longer than your ${seconds} seconds allowance. Buy extra time to save it.`;

/**
 * What is charged is what is produced: a real 3-minute MP4 whose header was edited to claim 10 s is
 * measured as 3 minutes at upload, in a join and in a merge, on the copy path and the conversion path;
 * the output is cut at the allowance, and a video longer than it is failed, never kept.
 */
describe('video length: counted from the streams, cut and checked', () => {
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let owner: TestAccount;
  let repo: VideosRepo;
  let deps: ProcessDeps;
  /** 180 s of H.264/AAC (copyable as it is) whose mvhd/tkhd/mdhd claim 10 s. */
  let disguised: string;
  let short: string;
  let seventyFive: string;

  const ctx = contextForSuite();
  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    repo = createVideosRepo(ctx.deps.db);
    deps = processDepsFor(ctx, repo);
    clipDir = await makeClipDir();
    const tiny = { size: '64x64', rate: 5 };
    disguised = await makeClip(clipDir, 'disguised.mp4', 'mp4', { seconds: 180, ...tiny });
    await claimDuration(disguised, 10);
    short = await makeClip(clipDir, 'short.mp4', 'mp4', { seconds: 5, ...tiny });
    seventyFive = await makeClip(clipDir, 'seventy-five.mp4', 'mp4', { seconds: 75, ...tiny });
    owner = await createAccount(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    if (clipDir) await fs.rm(clipDir, { recursive: true, force: true });
  });

  const upload = async (files: string[], paymentId?: string) => {
    const fields: Record<string, string> = { type: 'draft', title: 'Disguised' };
    if (paymentId) fields.payment_id = paymentId;
    const body = await clipsBody(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const buyMinute = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(paymentRoutes.extraTimePayment),
      headers: { ...owner.headers, 'idempotency-key': `minute-${Math.random()}` },
      payload: { ...CARD, duration: '00:01:00' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payment_id as string;
  };
  const unused = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(paymentRoutes.unusedExtraTime),
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Array<{ payment_id: string }>).map((row) => row.payment_id);
  };
  /** A file of the test's put into storage under a key of its own (putFile moves the file). */
  const stored = async (clip: string) => {
    const copy = path.join(clipDir, `copy-${Math.random().toString(36).slice(2)}.mp4`);
    await fs.copyFile(clip, copy);
    const key = `sources/test-${Math.random().toString(36).slice(2)}/0`;
    await ctx.deps.storage.putFile(key, copy);
    return key;
  };
  /** A ready draft whose recorded length is a lie (as a draft measured from a header would have been). */
  const readyDraft = async (clip: string, claimedMs: number) => {
    const row = await repo.insert({
      ownerId: owner.id,
      title: `Draft ${Math.random()}`,
      folder: 'draft',
      state: 'ready',
      mediaKey: await stored(clip),
      durationMs: claimedMs,
      searchCode: `L${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
    });
    return row.id;
  };
  const merge = (ids: number[], paymentId?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.copyMove),
      headers: owner.headers,
      payload: { video_ids: ids, action: 'copy', ...(paymentId ? { payment_id: paymentId } : {}) },
    });

  it('measures the disguised file as 180 s, whatever its header claims', async () => {
    const probed = await ctx.deps.media.probe(disguised);
    expect(probed.info.durationSeconds).toBe(10);
    expect(probed.durationSeconds).toBeGreaterThan(179.5);
    expect(probed.videoSeconds).toBeGreaterThan(179.5);
  });

  it('refuses the disguised clip as a free upload: it is 180 s, not 10 s', async () => {
    const response = await upload([disguised]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(overAllowance(60));
  });

  it('refuses the disguised clip joined to a 5 s one with one paid minute (185 s, not 15 s), and the minute stays unused', async () => {
    const paymentId = await buyMinute();
    const response = await upload([disguised, short], paymentId);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(overAllowance(120));
    expect(await unused()).toContain(paymentId);
  });

  it('fails a merge of drafts that hold more than their recorded length (conversion path), keeps nothing, and gives the paid minute back', async () => {
    const paymentId = await buyMinute();
    // 40 s + 40 s recorded: 80 s, within one paid minute. Really 2 × 180 s.
    const ids = [await readyDraft(disguised, 40_000), await readyDraft(disguised, 40_000)];
    const response = await merge(ids, paymentId);
    expect(response.statusCode, response.body).toBe(201);
    expect(await unused()).not.toContain(paymentId);
    const row = await waitForVideo(ctx, response.json().data.id, 120_000);
    expect(row.state).toBe('failed');
    expect(row.failureReason).toBe(overAllowance(120));
    expect(row.mediaKey).toBeNull();
    expect(row.durationMs).toBeNull();
    expect((await filesUnder(path.join(ctx.dataDir, 'media', 'videos', String(row.id)))).length).toBe(0);
    // The failed video used nothing: the minute is the owner's again, and a real 75 s upload uses it.
    expect(await unused()).toContain(paymentId);
    const paid = await upload([seventyFive], paymentId);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await unused()).not.toContain(paymentId);
    const [payment] = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, Number(paymentId)));
    expect(payment!.consumedByVideo).toBe(paid.json().data.id);
  }, 180_000);

  it('fails a copied (not converted) video longer than its allowance: the disguised clip let through as free', async () => {
    const video = await repo.insert({
      ownerId: owner.id,
      title: 'Let through',
      folder: 'draft',
      state: 'processing',
      allowanceSeconds: 60,
      sourceKeys: [await stored(disguised)],
      searchCode: `C${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
    });
    expect(await processVideo(deps, video.id, { lastAttempt: false })).toBe('failed');
    const row = await repo.findById(video.id);
    expect(row!.failureReason).toBe(overAllowance(60));
    expect(row!.mediaKey).toBeNull();
  }, 60_000);

  it('cuts the output at the allowance, one clip and two', async () => {
    const work = await fs.mkdtemp(path.join(clipDir, 'cut-'));
    const clip = path.join(work, 'input-0');
    const second = path.join(work, 'input-1');
    await fs.copyFile(seventyFive, clip);
    await fs.copyFile(short, second);
    const probed = { path: clip, probed: await ctx.deps.media.probe(clip) };
    const other = { path: second, probed: await ctx.deps.media.probe(second) };

    // A copy could only end at a packet: a clip longer than its allowance is converted, cut exactly.
    const oneOut = path.join(work, 'one.mp4');
    expect((await ctx.deps.media.render([probed], oneOut, undefined, 60)).copied).toBe(false);
    const one = await ctx.deps.media.probe(oneOut);
    expect(one.durationSeconds).toBeGreaterThan(59);
    expect(one.durationSeconds).toBeLessThanOrEqual(60.5);
    // Within its allowance it is copied as it is.
    const copiedOut = path.join(work, 'copied.mp4');
    expect((await ctx.deps.media.render([probed], copiedOut, undefined, 120)).copied).toBe(true);
    expect(Math.abs((await ctx.deps.media.probe(copiedOut)).durationSeconds - 75)).toBeLessThan(0.5);

    const convertedOut = path.join(work, 'converted.mp4');
    expect((await ctx.deps.media.render([probed, other], convertedOut, undefined, 60)).copied).toBe(false);
    const converted = await ctx.deps.media.probe(convertedOut);
    expect(converted.durationSeconds).toBeGreaterThan(59);
    expect(converted.durationSeconds).toBeLessThanOrEqual(60.5);
  }, 120_000);

  it('records the allowance on the video: free time, or free time plus the minutes its payment bought', async () => {
    const free = await upload([short]);
    expect(free.statusCode, free.body).toBe(201);
    expect((await repo.findById(free.json().data.id))!.allowanceSeconds).toBe(60);
    const paymentId = await buyMinute();
    const paid = await upload([seventyFive], paymentId);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await repo.findById(paid.json().data.id))!.allowanceSeconds).toBe(120);
    const row = await waitForVideo(ctx, paid.json().data.id, 120_000);
    expect(row.state).toBe('ready');
    expect(Math.abs(row.durationMs! - 75_000)).toBeLessThan(500);
  }, 120_000);
});
