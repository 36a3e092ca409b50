import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, routeUrl, TRIM_MESSAGES, videoRoutes } from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import {
  colourBandsClip,
  frameColours,
  isBlue,
  makeClip,
  makeClipDir,
} from '../../../../test/media-fixtures';
import {
  clipsBody,
  createAccount,
  processDepsFor,
  waitForVideo,
  type TestAccount,
} from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';
import { UnsupportedMediaError } from '../../../platform/media/media';
import { createVideosRepo } from '../videos.repo';
import { processVideo } from '../conversion';
import { videos } from '../videos.schema';

const CARD = { card_holder_name: 'Jane Doe', card_no: '4242424242424242', expiry_date: '12/39', cvv: '123' };

/**
 * Trimming a draft in the editor (POST /web/user/video/{id}/trim): the server cuts the stored video again
 * exactly where the owner set, into new media swapped in once ready (the old deleted only then), charges
 * the new length, and refuses what it cannot do with nothing changed.
 */
describe('trimming a draft', () => {
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let owner: TestAccount;
  /** 20 s: red, blue from 5 s to 12 s, red. */
  let bands: string;

  const ctx = contextForSuite();
  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    clipDir = await makeClipDir();
    bands = await colourBandsClip(clipDir, 'bands.mp4', 'mp4');
    owner = await createAccount(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    if (clipDir) await fs.rm(clipDir, { recursive: true, force: true });
  });

  const rowOf = async (id: number) => (await ctx.deps.db.select().from(videos).where(eq(videos.id, id)))[0]!;
  const trim = (account: TestAccount | null, id: number, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.trim, { id }),
      headers: account?.headers ?? {},
      payload,
    });
  /** A ready draft of `account` made of `clip` through the store call (with a paid minute, if given). */
  async function readyDraft(account: TestAccount, clip: string, paymentId?: string) {
    const fields: Record<string, string> = { type: 'draft', title: 'To trim' };
    if (paymentId) fields.payment_id = paymentId;
    const body = await clipsBody(fields, [clip]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitForVideo(ctx, response.json().data.id, 120_000);
    expect(row.state, row.failureReason ?? '').toBe('ready');
    return row;
  }
  const unusedPayments = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(paymentRoutes.unusedExtraTime),
      headers: owner.headers,
    });
    return (response.json().data as Array<{ payment_id: string }>).map((row) => row.payment_id);
  };

  it('cuts a 20 s draft to 5–12 s exactly: new media swapped in, the old deleted, counted as 7 s', async () => {
    const before = await readyDraft(owner, bands);
    const response = await trim(owner, before.id, { trim_start: 5, trim_end: 12 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: TRIM_MESSAGES.started, data: { state: 'processing' } });
    // Until the cut is ready the draft's media is the old one, still stored.
    const during = await rowOf(before.id);
    expect(during.mediaKey).toBe(before.mediaKey);
    expect(during.sourceKeys).toEqual([before.mediaKey]);

    const after = await waitForVideo(ctx, before.id, 120_000);
    expect(after.state, after.failureReason ?? '').toBe('ready');
    expect(Math.abs(after.durationMs! - 7000)).toBeLessThanOrEqual(200);
    expect(after.allowanceSeconds).toBe(60);
    expect(after.mediaKey).not.toBe(before.mediaKey);
    expect(after.thumbnailKey).not.toBe(before.thumbnailKey);
    expect(after.sourceKeys).toEqual([]);
    expect(await ctx.deps.storage.stat(before.mediaKey!)).toBeFalsy();
    expect(await ctx.deps.storage.stat(before.thumbnailKey!)).toBeFalsy();
    const output = path.join(clipDir, `trimmed-${after.id}.mp4`);
    await fs.writeFile(output, await ctx.deps.storage.read(after.mediaKey!));
    const frames = await frameColours(output);
    expect(frames.length).toBeGreaterThan(60);
    expect(frames.filter((frame) => !isBlue(frame))).toEqual([]);

    // The owner sees 7 s, and may trim again from what is now kept.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.detail, { id: before.id }),
      headers: owner.headers,
    });
    expect(Math.abs(detail.json().data.duration_seconds - 7)).toBeLessThanOrEqual(0.2);
    const again = await trim(owner, before.id, { trim_start: '1.5', trim_end: '6' });
    expect(again.statusCode, again.body).toBe(200);
    const twice = await waitForVideo(ctx, before.id, 120_000);
    expect(Math.abs(twice.durationMs! - 4500)).toBeLessThanOrEqual(200);
  }, 240_000);

  it('charges the new length: a 70 s paid draft cut to 40 s gives its minute back', async () => {
    const bought = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(paymentRoutes.extraTimePayment),
      headers: { ...owner.headers, 'idempotency-key': `trim-${Math.random()}` },
      payload: { ...CARD, duration: '00:01:00' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const paymentId = bought.json().data.payment_id as string;
    const seventy = await makeClip(clipDir, 'seventy.mp4', 'mp4', { seconds: 70, size: '64x64', rate: 5 });
    const draft = await readyDraft(owner, seventy, paymentId);
    expect(draft.allowanceSeconds).toBe(120);
    expect(await unusedPayments()).not.toContain(paymentId);

    expect((await trim(owner, draft.id, { trim_start: 10, trim_end: 50 })).statusCode).toBe(200);
    const after = await waitForVideo(ctx, draft.id, 120_000);
    expect(after.state, after.failureReason ?? '').toBe('ready');
    expect(Math.abs(after.durationMs! - 40_000)).toBeLessThanOrEqual(300);
    expect(after.allowanceSeconds).toBe(60);
    expect(await unusedPayments()).toContain(paymentId);
  }, 240_000);

  it('refuses a trim that does not fit with a 422 naming why, and changes nothing', async () => {
    const draft = await readyDraft(owner, bands);
    const cases: Array<[Record<string, unknown>, string, RegExp | string]> = [
      [{ trim_start: 12, trim_end: 5 }, 'trim_end', TRIM_MESSAGES.endBeforeStart],
      [{ trim_start: 5, trim_end: 5 }, 'trim_end', TRIM_MESSAGES.endBeforeStart],
      [{ trim_start: 5, trim_end: 5.5 }, 'trim_end', TRIM_MESSAGES.tooShort],
      [
        { trim_start: 5, trim_end: 25 },
        'trim_end',
        /^The trim end is past the end of the clip \(20\.\d s\)\.$/,
      ],
      [{ trim_start: 19.5, trim_end: 21 }, 'trim_end', /^The trim end is past the end/],
      [{ trim_start: -1, trim_end: 5 }, 'trim_start', TRIM_MESSAGES.notSeconds],
      [{ trim_start: 'abc', trim_end: 5 }, 'trim_start', TRIM_MESSAGES.notSeconds],
      [{ trim_start: '1e3', trim_end: 5 }, 'trim_start', TRIM_MESSAGES.notSeconds],
      [{ trim_end: 5 }, 'trim_start', TRIM_MESSAGES.notSeconds],
      [{ trim_start: 1, trim_end: 'x'.repeat(10_000) }, 'trim_end', TRIM_MESSAGES.notSeconds],
    ];
    for (const [payload, field, message] of cases) {
      const response = await trim(owner, draft.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const errors = response.json().errors[field] as string[];
      expect(errors, response.body).toBeDefined();
      if (typeof message === 'string') expect(errors).toContain(message);
      else expect(errors[0]).toMatch(message);
    }
    expect(await rowOf(draft.id)).toEqual(draft);
  }, 120_000);

  it("is the owner's, for a ready draft only: 401, 403, another's 404, not a draft 422, processing 409; nothing changes", async () => {
    const draft = await readyDraft(owner, bands);
    const body = { trim_start: 5, trim_end: 12 };
    expect((await trim(null, draft.id, body)).statusCode).toBe(401);
    expect((await trim(await createAccount(ctx, 'funeral-home'), draft.id, body)).statusCode).toBe(403);
    const other = await trim(await createAccount(ctx), draft.id, body);
    expect(other.statusCode).toBe(404);
    expect((await trim(owner, 999_999_999, body)).statusCode).toBe(404);
    expect(await rowOf(draft.id)).toEqual(draft);

    await ctx.deps.db.update(videos).set({ folder: 'scheduled' }).where(eq(videos.id, draft.id));
    const scheduled = await trim(owner, draft.id, body);
    expect(scheduled.statusCode).toBe(422);
    expect(scheduled.json().errors.trim_start).toEqual([TRIM_MESSAGES.onlyDrafts]);
    await ctx.deps.db.update(videos).set({ folder: 'final' }).where(eq(videos.id, draft.id));
    expect((await trim(owner, draft.id, body)).statusCode).toBe(422);

    await ctx.deps.db.update(videos).set({ folder: 'draft', state: 'failed' }).where(eq(videos.id, draft.id));
    const failed = await trim(owner, draft.id, body);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe(TRIM_MESSAGES.notReady);
    const row = await rowOf(draft.id);
    expect(row.mediaKey).toBe(draft.mediaKey);
    expect(row.sourceKeys).toEqual([]);
    expect(await ctx.deps.storage.stat(draft.mediaKey!)).toBeTruthy();
  }, 120_000);

  it('a cut that fails leaves the draft as it was, its media kept, with the reason', async () => {
    const draft = await readyDraft(owner, bands);
    const repo = createVideosRepo(ctx.deps.db);
    // Queued as the call queues it, then run by a job whose conversion fails for good.
    await repo.update(draft.id, {
      state: 'processing',
      sourceKeys: [draft.mediaKey!],
      sourceTrims: [{ start: 5, end: 12 }],
    });
    const deps = processDepsFor(ctx, repo);
    const failing = {
      ...deps,
      media: {
        ...deps.media,
        render: async () => {
          throw new UnsupportedMediaError('not a video');
        },
      },
    };
    expect(await processVideo(failing, draft.id, { lastAttempt: true })).toBe('failed');
    const row = await rowOf(draft.id);
    expect(row).toMatchObject({
      state: 'ready',
      mediaKey: draft.mediaKey,
      thumbnailKey: draft.thumbnailKey,
      durationMs: draft.durationMs,
      sourceKeys: [],
      failureReason: 'One of the files is not a video we can read.',
    });
    expect(await ctx.deps.storage.stat(draft.mediaKey!)).toBeTruthy();
  }, 120_000);
});
