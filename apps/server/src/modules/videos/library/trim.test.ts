import fs from 'node:fs/promises';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, routeUrl, TRIM_MESSAGES, VIDEO_TUS_PATH, videoRoutes } from '@pw/contracts';
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
  filesUnder,
  waitForVideo,
  type TestAccount,
} from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';
import { videos } from '../videos.schema';

const overAllowance = (seconds: number) =>
  `The video is longer than your ${seconds} seconds allowance. Buy extra time to save it.`;

/**
 * Trimming before keeping: the store call's `trim_start` / `trim_end` cut each clip where the owner set
 * them, exactly (the first frame kept is the one at the start, also where a copy could only start at a
 * keyframe), and the allowance counts what is kept, not what was recorded.
 */
describe('trim before keeping', () => {
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let base: string;
  let owner: TestAccount;
  /** 20 s: red for 5 s, blue from 5 s to 12 s, red again to the end (as MediaRecorder writes it: webm). */
  let recording: string;
  /** The same colours as H.264/AAC MP4, which is otherwise copied as it is (cut only at keyframes). */
  let copyable: string;
  let seventy: string;

  const ctx = contextForSuite();

  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    clipDir = await makeClipDir();
    recording = await colourBandsClip(clipDir, 'recording.webm', 'webm');
    copyable = await colourBandsClip(clipDir, 'copyable.mp4', 'mp4');
    seventy = await makeClip(clipDir, 'seventy.mp4', 'mp4', { seconds: 70, size: '64x64', rate: 5 });
    owner = await createAccount(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    if (clipDir) await fs.rm(clipDir, { recursive: true, force: true });
  });

  const store = async (
    account: TestAccount | null,
    fields: Record<string, string | string[]>,
    files: string[],
  ) => {
    const body = await clipsBody({ type: 'draft', title: 'Trimmed', ...fields }, files);
    return ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...(account?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const videosOf = async (account: TestAccount) =>
    ctx.deps.db.select().from(videos).where(eq(videos.ownerId, account.id));

  for (const [kind, clip] of [
    ['a webm recording', () => recording],
    ['a copyable MP4', () => copyable],
  ] as const) {
    it(`trims ${kind} of 20 s to 5–12 s: the stored video lasts 7 s, starts and ends on the kept frames`, async () => {
      const response = await store(owner, { 'trim_start[]': '5', 'trim_end[]': '12' }, [clip()]);
      expect(response.statusCode, response.body).toBe(201);
      const row = await waitForVideo(ctx, response.json().data.id, 120_000);
      expect(row.state, row.failureReason ?? '').toBe('ready');
      expect(Math.abs(row.durationMs! - 7000)).toBeLessThanOrEqual(200);
      // The owner is shown, and charged, 7 s.
      const detail = await ctx.app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.detail, { id: row.id }),
        headers: owner.headers,
      });
      expect(Math.abs(detail.json().data.duration_seconds - 7)).toBeLessThanOrEqual(0.2);
      expect(row.allowanceSeconds).toBe(60);
      // Every frame is of the blue part: the cut is at 5 s exactly, not at the keyframe at 0 s.
      const output = path.join(clipDir, `out-${row.id}.mp4`);
      const stream = await ctx.deps.storage.read(row.mediaKey!);
      await fs.writeFile(output, stream);
      const frames = await frameColours(output);
      expect(frames.length).toBeGreaterThan(60);
      expect(frames.filter((frame) => !isBlue(frame))).toEqual([]);
    }, 180_000);
  }

  it('accepts an untrimmed clip over the free length once it is trimmed to fit, and charges the kept length', async () => {
    const untrimmed = await store(owner, {}, [seventy]);
    expect(untrimmed.statusCode, untrimmed.body).toBe(422);
    expect(untrimmed.json().message).toBe(overAllowance(60));

    // Decimals allowed: 10.5 s to 65 s keeps 54.5 s, within the free minute.
    const response = await store(owner, { trim_start: '10.5', trim_end: '65' }, [seventy]);
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitForVideo(ctx, response.json().data.id, 120_000);
    expect(row.state, row.failureReason ?? '').toBe('ready');
    expect(Math.abs(row.durationMs! - 54_500)).toBeLessThanOrEqual(300);
    expect(row.allowanceSeconds).toBe(60);
  }, 180_000);

  it('refuses trims that do not fit the clip with a 422 that says why, and keeps nothing', async () => {
    const account = await createAccount(ctx);
    const cases: Array<[Record<string, string | string[]>, string, string, string[]?]> = [
      [{ trim_start: '12', trim_end: '5' }, 'trim_end.0', TRIM_MESSAGES.endBeforeStart],
      [{ trim_start: '5', trim_end: '5' }, 'trim_end.0', TRIM_MESSAGES.endBeforeStart],
      [{ trim_start: '5', trim_end: '5.5' }, 'trim_end.0', TRIM_MESSAGES.tooShort],
      [{ trim_start: '-1', trim_end: '5' }, 'trim_start.0', TRIM_MESSAGES.notSeconds],
      [{ trim_start: 'abc' }, 'trim_start.0', TRIM_MESSAGES.notSeconds],
      [{ trim_end: 'Infinity' }, 'trim_end.0', TRIM_MESSAGES.notSeconds],
      [{ trim_start: '5', trim_end: '25' }, 'trim_end.0', TRIM_MESSAGES.pastEnd(20)],
      // A start alone, less than a second before the end of the clip.
      [{ trim_start: '19.5' }, 'trim_start.0', TRIM_MESSAGES.tooShort],
      [{ 'trim_start[]': ['1', '2'] }, 'trim_start', TRIM_MESSAGES.moreThanClips],
      // The second clip's trim is checked as the first's: the error names the clip.
      [
        { 'trim_start[]': ['', '12'], 'trim_end[]': ['', '5'] },
        'trim_end.1',
        TRIM_MESSAGES.endBeforeStart,
        [recording, copyable],
      ],
      [
        { 'trim_start[]': ['', '5'], 'trim_end[]': ['', '25'] },
        'trim_end.1',
        TRIM_MESSAGES.pastEnd(20),
        [recording, copyable],
      ],
    ];
    for (const [fields, field, message, files] of cases) {
      const response = await store(account, fields, files ?? [recording]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      const errors = response.json().errors[field] as string[];
      expect(errors, response.body).toBeDefined();
      // The measured length is printed to a tenth: "past the end of the clip (20.0 s)" give or take.
      if (message.startsWith('The trim end is past'))
        expect(errors[0]).toMatch(/^The trim end is past the end of the clip \((19\.9|20\.0|20\.1) s\)\.$/);
      else expect(errors, JSON.stringify(fields)).toEqual([message]);
    }
    expect(await videosOf(account)).toEqual([]);
    expect(await filesUnder(path.join(ctx.dataDir, 'tmp'))).toEqual([]);
  }, 120_000);

  /** A finished resumable upload of `bytes` by `account`; its id. */
  function tusUpload(account: TestAccount, bytes: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(bytes, {
        endpoint: `${base}${API_ROOT}${VIDEO_TUS_PATH}`,
        retryDelays: [],
        headers: account.headers,
        metadata: { filename: 'recording.webm', filetype: 'video/webm' },
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
        onError: reject,
      });
      upload.start();
    });
  }

  it("is authorised as the store call is: trims take nobody else's upload and open the call to no one", async () => {
    const funeralHome = await createAccount(ctx, 'funeral-home');
    const thief = await createAccount(ctx);
    const trims = { trim_start: '5', trim_end: '12' };
    expect((await store(null, trims, [recording])).statusCode).toBe(401);
    expect((await store(funeralHome, trims, [recording])).statusCode).toBe(403);

    // Another account's finished upload, named with trims: not found, and it stays its owner's.
    const victim = await createAccount(ctx);
    const uploadId = await tusUpload(victim, await fs.readFile(recording));
    const stolen = await store(thief, { ...trims, upload_ids: uploadId }, []);
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(stolen.json().errors.upload_ids).toEqual(['The upload was not found.']);
    expect(await videosOf(thief)).toEqual([]);

    // Its owner still keeps it, trimmed.
    const own = await store(victim, { ...trims, upload_ids: uploadId }, []);
    expect(own.statusCode, own.body).toBe(201);
    const row = await waitForVideo(ctx, own.json().data.id, 120_000);
    expect(row.state, row.failureReason ?? '').toBe('ready');
    expect(Math.abs(row.durationMs! - 7000)).toBeLessThanOrEqual(200);
  }, 180_000);
});
