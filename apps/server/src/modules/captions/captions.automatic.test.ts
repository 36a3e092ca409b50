/**
 * Automatic captions end to end, with a Whisper-shaped model of random weights generated here (it says
 * nonsense words `w0`…`w39`, at the places where the recording speaks): a real clip carrying LibriVox's
 * recorded speech is uploaded and converted, the recognition job runs after the conversion, and the draft
 * it stores is the owner's to accept. The same app throughout; the server without a model is
 * `captions.test.ts`'s.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATIC_CAPTION_MESSAGES,
  captionRoutes,
  routeUrl,
  videoRoutes,
  type CaptionTrack,
} from '@pw/contracts';
import { insertVideo } from '../../../test/delivery-fixtures';
import { contextForSuite } from '../../../test/helpers';
import { readingWithPauses } from '../../../test/librivox';
import { makeClip } from '../../../test/media-fixtures';
import { pinFolder } from '../../../test/recognizer-cost';
import { TINY_WHISPER_FILES, writeTinyWhisper } from '../../../test/tiny-whisper';
import {
  clipsBody,
  createAccount,
  filesUnder,
  waitForVideo,
  type TestAccount,
} from '../../../test/video-helpers';
import { waitUntil } from '../../../test/wait';
import { startWorkers } from '../../composition';
import { sendJob, wakeWorkers } from '../../platform/jobs';
import { SPEECH_SAMPLE_RATE } from '../../platform/media/speech';
import { QUEUE_SCHEMA } from '../../platform/queue';
import { videos } from '../videos/videos.schema';
import { captionsRecognizeQueue } from './captions.queue';
import { automaticCaptionJobs, captionTracks } from './captions.schema';

// The model is written before the app starts (its folder and sums are the app's configuration), named
// as sherpa-onnx names an English-only export, so its captions are in English.
const modelDir = mkdtempSync(path.join(os.tmpdir(), 'pw-asr-model-'));
writeTinyWhisper(modelDir);
for (const name of Object.values(TINY_WHISPER_FILES))
  renameSync(path.join(modelDir, name), path.join(modelDir, name.replace(/^tiny-/, 'tiny.en-')));
const pins = Object.entries(pinFolder(modelDir))
  .map(([name, sum]) => `${name}=${sum}`)
  .join(',');

/** A 16-bit PCM WAV of 16 kHz mono samples. */
function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(SPEECH_SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe('automatic captions with an installed model', () => {
  const ctx = contextForSuite({ ASR_MODEL_DIR: modelDir, ASR_MODEL_SHA256: pins });
  let stopWorkers: () => Promise<void>;
  let clipDir: string;
  let clip: string;
  let owner: TestAccount;
  let stranger: TestAccount;
  let videoId: number;

  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    clipDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-asr-clip-'));
    // Two read sentences with a second of room noise around them, under a plain picture.
    const speech = path.join(clipDir, 'speech.wav');
    await fs.writeFile(speech, wav(readingWithPauses(1, 2).samples));
    const { samples } = readingWithPauses(1, 2);
    clip = await makeClip(clipDir, 'speaking.mp4', 'mp4', {
      seconds: samples.length / SPEECH_SAMPLE_RATE,
      size: '64x64',
      rate: 5,
      colour: 'blue',
      sound: speech,
    });
    owner = await createAccount(ctx);
    stranger = await createAccount(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await fs.rm(clipDir, { recursive: true, force: true });
    rmSync(modelDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, account: TestAccount | null = owner) =>
    ctx.app.inject({ method, url, headers: account?.headers ?? {} });
  const list = (id: number, account: TestAccount | null = owner) =>
    call('GET', routeUrl(captionRoutes.list, { id }), account);
  const accept = (id: number, language: string, account: TestAccount | null = owner) =>
    call('POST', routeUrl(captionRoutes.accept, { id, language }), account);
  const request = (id: number, account: TestAccount | null = owner) =>
    call('POST', routeUrl(captionRoutes.automatic, { id }), account);
  const tracks = (id: number) =>
    ctx.deps.db.select().from(captionTracks).where(eq(captionTracks.videoId, id));
  const jobRow = async (id: number) =>
    (await ctx.deps.db.select().from(automaticCaptionJobs).where(eq(automaticCaptionJobs.videoId, id)))[0];

  /** Waits until every recognition job has ended (completed or failed for good). */
  const recognitionsDone = () =>
    waitUntil(
      async () => {
        const { rows } = await ctx.deps.database.executeSql(
          `select count(*)::int as n from ${QUEUE_SCHEMA}.job where name = $1 and state::text in ('created', 'retry', 'active')`,
          [captionsRecognizeQueue.name],
        );
        return Number(rows[0]!.n) === 0;
      },
      120_000,
      'recognition jobs ended',
      50,
    );
  /** One more run of the job for a video, as a retry would run it, and its end. */
  const runAgain = async (id: number) => {
    await sendJob(ctx.deps.queue, captionsRecognizeQueue, { videoId: id });
    wakeWorkers(ctx.deps.queue, captionsRecognizeQueue);
    await recognitionsDone();
  };
  /** Uploads the speaking clip as a draft and waits for its conversion and its recognition. */
  const upload = async (title: string) => {
    const body = await clipsBody({ type: 'draft', title }, [clip]);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const video = await waitForVideo(ctx, stored.json().data.id as number, 120_000);
    expect(video.state, video.failureReason ?? '').toBe('ready');
    await recognitionsDone();
    return video.id;
  };
  const tempLeftovers = async () =>
    (await filesUnder(path.join(ctx.dataDir, 'tmp'))).filter((file) => file.startsWith('captions-'));

  it('writes a draft track after the conversion, stored encrypted, with its job done', async () => {
    videoId = await upload('Spoken');

    const response = await list(videoId);
    expect(response.statusCode).toBe(200);
    expect(response.json().automatic).toEqual({ available: true, state: 'done', progress: 100 });
    const [track] = response.json().data as CaptionTrack[];
    expect(track).toMatchObject({ language: 'en', source: 'automatic', status: 'draft' });
    // The model's words, where the two sentences are (each 1 s of noise apart).
    expect(track!.cues.length).toBeGreaterThan(0);
    for (const cue of track!.cues) expect(cue.text).toMatch(/^w\d+( w\d+)*$/);
    const { known } = readingWithPauses(1, 2);
    expect(track!.cues[0]!.start).toBeLessThanOrEqual(known[0]!.start + 0.5);
    expect(track!.cues.at(-1)!.end).toBeGreaterThanOrEqual(known.at(-1)!.end - 0.5);

    const [row] = await tracks(videoId);
    expect(await ctx.deps.storage.stat(row!.objectKey)).toBeTruthy();
    // Encrypted at rest: no stored file holds the WebVTT's text.
    const onDisk = (await filesUnder(ctx.dataDir)).filter((name) => name.includes(row!.objectKey));
    expect(onDisk).toHaveLength(1);
    expect((await fs.readFile(path.join(ctx.dataDir, onDisk[0]!))).includes('WEBVTT')).toBe(false);
    expect(await tempLeftovers()).toEqual([]);
  }, 180_000);

  it('a retry replaces the draft, never adding a second track, and its old file goes', async () => {
    const [before] = await tracks(videoId);
    await runAgain(videoId);
    const after = await tracks(videoId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ source: 'automatic', status: 'draft', language: 'en' });
    expect(after[0]!.objectKey).not.toBe(before!.objectKey);
    expect(await ctx.deps.storage.stat(before!.objectKey)).toBeFalsy();
    expect(await tempLeftovers()).toEqual([]);
  }, 120_000);

  it('refuses to accept for a stranger, without a session, or for a bad language, changing nothing', async () => {
    const [before] = await tracks(videoId);
    expect((await accept(videoId, 'en', null)).statusCode).toBe(401);
    expect((await accept(videoId, 'en', stranger)).statusCode).toBe(404);
    const bad = await accept(videoId, 'not a language');
    expect(bad.statusCode).toBe(422);
    expect((await accept(videoId, 'fr')).json()).toMatchObject({
      message: AUTOMATIC_CAPTION_MESSAGES.noDraft,
    });
    expect((await accept(videoId, 'fr')).statusCode).toBe(404);
    expect(await tracks(videoId)).toEqual([before]);
  });

  it('the owner accepts the draft; a later run never overwrites the accepted track', async () => {
    const accepted = await accept(videoId, 'en');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: AUTOMATIC_CAPTION_MESSAGES.accepted,
      data: { language: 'en', source: 'automatic', status: 'accepted' },
    });
    // A second click: nothing left to accept.
    expect((await accept(videoId, 'en')).statusCode).toBe(404);
    const [kept] = await tracks(videoId);
    await runAgain(videoId);
    expect(await tracks(videoId)).toEqual([kept]);
    expect(await ctx.deps.storage.stat(kept!.objectKey)).toBeTruthy();
    expect(await tempLeftovers()).toEqual([]);
  }, 120_000);

  it('the owner asks again: queued and written; strangers and videos not ready are refused', async () => {
    expect((await request(videoId, null)).statusCode).toBe(401);
    expect((await request(videoId, stranger)).statusCode).toBe(404);
    const processing = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', state: 'processing' });
    const notReady = await request(processing);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(AUTOMATIC_CAPTION_MESSAGES.notReady);
    expect(await jobRow(processing)).toBeUndefined();

    // The owner's accepted track stays; the job runs and finds it there.
    const asked = await request(videoId);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: AUTOMATIC_CAPTION_MESSAGES.started });
    expect(['queued', 'running', 'done']).toContain(asked.json().automatic.state);
    wakeWorkers(ctx.deps.queue, captionsRecognizeQueue);
    await recognitionsDone();
    expect((await jobRow(videoId))?.state).toBe('done');
    expect(await tracks(videoId)).toHaveLength(1);
  }, 120_000);

  it('a run that fails for good shows as failed, keeps the track and leaves no temporary file', async () => {
    const [kept] = await tracks(videoId);
    // Media ffmpeg cannot read, and a job with no retry left.
    await ctx.deps.storage.put('videos/not-a-video.mp4', Buffer.from('not a video at all'), 'video/mp4');
    await ctx.deps.db
      .update(videos)
      .set({ mediaKey: 'videos/not-a-video.mp4' })
      .where(eq(videos.id, videoId));
    await ctx.deps.queue.send(captionsRecognizeQueue.name, { videoId }, { retryLimit: 0 });
    wakeWorkers(ctx.deps.queue, captionsRecognizeQueue);
    await recognitionsDone();
    expect(await jobRow(videoId)).toMatchObject({ state: 'failed', progress: 0 });
    expect((await list(videoId)).json().automatic).toEqual({ available: true, state: 'failed', progress: 0 });
    expect(await tracks(videoId)).toEqual([kept]);
    expect(await tempLeftovers()).toEqual([]);
  }, 120_000);

  it('a video deleted before its job runs: the job ends quietly', async () => {
    const id = await upload('Gone soon');
    await ctx.deps.db.delete(videos).where(eq(videos.id, id));
    const jobId = await sendJob(ctx.deps.queue, captionsRecognizeQueue, { videoId: id });
    wakeWorkers(ctx.deps.queue, captionsRecognizeQueue);
    await recognitionsDone();
    const { rows } = await ctx.deps.database.executeSql(
      `select state from ${QUEUE_SCHEMA}.job where id = $1`,
      [jobId],
    );
    expect(rows[0]?.state ?? 'completed').toBe('completed');
    expect(await tracks(id)).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
  }, 180_000);
});
