import { videoRoutes, routeUrl } from '@pw/contracts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import {
  createAccount,
  filesUnder,
  videoRow,
  waitForVideo,
  type TestAccount,
} from '../../../../test/video-helpers';
import { buildApp } from '../../../app';
import { createMediaTools, type MediaTools } from '../../../platform/media/media';
import { startWorkers } from '../../../composition';
import { createVideosRepo, type VideosRepo } from '../videos.repo';
import { videoProcessQueue, VIDEO_PROCESS_QUEUE } from './videos.queue';
import { wakeWorkers } from '../../../platform/jobs';
import { INTERRUPTED_REASON } from './videos.sweeper';
import { CONVERSION_NAMESPACE } from '../conversion-claims';
import { waitUntil } from '../../../../test/wait';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Processing after something went wrong, on the real worker (pg-boss, ffmpeg, storage): videos whose job
 * was lost, jobs that expire while their conversion runs, leftovers of crashed processes.
 */
describe('video processing recovers from crashes and expired jobs', () => {
  let ctx: TestContext;
  let clipDir: string;
  let owner: TestAccount;
  let stopWorkers: (() => Promise<void>) | undefined;
  let repo: VideosRepo;
  // Real ffmpeg; a test can make each render wait first (a slow machine) and see how many ran at once.
  const renders = { delayMs: 0, inFlight: 0, mostAtOnce: 0 };

  beforeAll(async () => {
    const real = createMediaTools({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    });
    const media: MediaTools = {
      ...real,
      async render(clips, output, signal) {
        renders.inFlight += 1;
        renders.mostAtOnce = Math.max(renders.mostAtOnce, renders.inFlight);
        try {
          // A fake playing a slow converter (the peer's behaviour, not a wait of the test), so a retry
          // can overtake a run still converting.
          await sleep(renders.delayMs);
          return await real.render(clips, output, signal);
        } finally {
          renders.inFlight -= 1;
        }
      },
    };
    ctx = await createTestContext({}, { media });
    repo = createVideosRepo(ctx.deps.db);
    clipDir = await makeClipDir();
    owner = await createAccount(ctx);
  });
  afterAll(async () => {
    await stopWorkers?.();
    await ctx.close();
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  const processingRow = (title: string, sourceKeys: string[]) =>
    repo.insert({
      ownerId: owner.id,
      title,
      folder: 'draft',
      state: 'processing',
      searchCode: `R${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      sourceKeys,
    });

  const jobStates = async (videoId: number) =>
    (
      await ctx.deps.database.executeSql(
        'select state from pgboss.job where name = $1 and singleton_key = $2 order by created_on',
        [VIDEO_PROCESS_QUEUE, `${videoId}:process`],
      )
    ).rows.map((row) => row.state as string);

  /** Through the API, as the owner's browser would: the signed link answers with a whole video. */
  async function playableSeconds(videoId: number): Promise<number> {
    const detail = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.detail, { id: videoId }),
      headers: owner.headers,
    });
    const link = (detail.json() as { data: { video_link: string | null } }).data.video_link;
    expect(link).not.toBeNull();
    const media = await ctx.app.inject({ method: 'GET', url: link! });
    expect(media.statusCode).toBe(200);
    const file = path.join(clipDir, `served-${videoId}.mp4`);
    await fs.writeFile(file, media.rawPayload);
    return (await ctx.deps.media.probe(file)).durationSeconds;
  }

  it('a crash between the video row and its job: the sweeper at start brings each video to ready or failed', async () => {
    // What a crash right after the row's commit left before the job was queued in the same transaction.
    const clip = await makeClip(clipDir, 'orphan.mp4', 'mp4', { seconds: 2 });
    await ctx.deps.storage.putFile('sources/orphan/0', clip);
    const orphan = await processingRow('orphan', ['sources/orphan/0']);
    // The same, but its sources are gone too.
    const sourceless = await processingRow('sourceless', ['sources/never-stored/0']);
    // A job whose last attempt died without recording anything: pg-boss failed it for good.
    await ctx.deps.storage.put('sources/gave-up/0', Buffer.from('kept until the video fails'));
    const gaveUp = await processingRow('gave up', ['sources/gave-up/0']);
    await ctx.deps.queue.send(
      VIDEO_PROCESS_QUEUE,
      { videoId: gaveUp.id },
      { singletonKey: `${gaveUp.id}:process`, retryLimit: 0 },
    );
    const [dying] = await ctx.deps.queue.fetch(VIDEO_PROCESS_QUEUE);
    expect(dying!.data).toEqual({ videoId: gaveUp.id });
    await ctx.deps.queue.fail(VIDEO_PROCESS_QUEUE, dying!.id, { message: 'worker killed' });
    // A video whose job is queued for later: not the sweeper's business.
    const waiting = await processingRow('waiting', ['sources/waiting/0']);
    await ctx.deps.queue.send(
      VIDEO_PROCESS_QUEUE,
      { videoId: waiting.id },
      { singletonKey: `${waiting.id}:process`, startAfter: 3600 },
    );

    stopWorkers = await startWorkers(ctx.composition);

    expect((await waitForVideo(ctx, orphan.id)).state).toBe('ready');
    expect(Math.abs((await playableSeconds(orphan.id)) - 2)).toBeLessThan(0.15);
    expect(await ctx.deps.storage.stat('sources/orphan/0')).toBeNull();

    expect(await waitForVideo(ctx, sourceless.id)).toMatchObject({
      state: 'failed',
      failureReason: 'The uploaded files are missing.',
    });

    expect(await videoRow(ctx, gaveUp.id)).toMatchObject({
      state: 'failed',
      failureReason: INTERRUPTED_REASON,
      sourceKeys: [],
    });
    expect(await ctx.deps.storage.stat('sources/gave-up/0')).toBeNull();
    expect(await jobStates(gaveUp.id)).toEqual(['failed']);

    expect((await videoRow(ctx, waiting.id))!.state).toBe('processing');
    expect(await jobStates(waiting.id)).toEqual(['created']);
  });

  it('an upgrade: a video whose job waits under the old queue name is processed again (decision 0300)', async () => {
    await stopWorkers?.();
    stopWorkers = undefined;
    const clip = await makeClip(clipDir, 'upgrade.mp4', 'mp4', { seconds: 2 });
    await ctx.deps.storage.putFile('sources/upgrade/0', clip);
    const video = await processingRow('queued before the upgrade', ['sources/upgrade/0']);
    // What the release before the rename left behind: its queue, and a job in it that nobody works now.
    const oldQueue = 'video-process';
    await ctx.deps.queue.createQueue(oldQueue, { name: oldQueue, policy: 'stately' });
    await ctx.deps.queue.send(oldQueue, { videoId: video.id }, { singletonKey: `${video.id}:process` });

    stopWorkers = await startWorkers(ctx.composition);

    expect((await waitForVideo(ctx, video.id)).state).toBe('ready');
    expect(Math.abs((await playableSeconds(video.id)) - 2)).toBeLessThan(0.15);
    expect(await jobStates(video.id)).toEqual(['completed']);
    const old = await ctx.deps.database.executeSql(
      'select state from pgboss.job where name = $1 and singleton_key = $2',
      [oldQueue, `${video.id}:process`],
    );
    expect(old.rows.map((row) => row.state)).toEqual(['created']);
  });

  it('a conversion job that expires and runs again leaves the ready video playable', async () => {
    stopWorkers ??= await startWorkers(ctx.composition);
    const clip = await makeClip(clipDir, 'slow.mov', 'mov', { seconds: 2 });
    await ctx.deps.storage.putFile('sources/slow/0', clip);
    const video = await processingRow('slow', ['sources/slow/0']);
    // A job sent with less time than its conversion takes (a render of 9 s against an expiry of 5 s), and
    // a quick retry: pg-boss would start the retry while the first conversion is still running. The 5 s
    // leave the job time to fetch and measure its clip on a loaded machine before it can expire: the
    // overlap the video's own keys tolerate (a job expired before it could hand the video on) is another
    // case than this one.
    renders.delayMs = 9000;
    renders.mostAtOnce = 0;
    await ctx.deps.queue.send(
      VIDEO_PROCESS_QUEUE,
      { videoId: video.id },
      { singletonKey: `${video.id}:process`, expireInSeconds: 5, retryDelay: 1, retryBackoff: false },
    );
    wakeWorkers(ctx.deps.queue, videoProcessQueue);

    // Settled: ready, nothing converting, no job left to run; then every run over, the one overtaken by its
    // retry included (pg-boss no longer tracks it): each holds the video's conversion claim until it has
    // stored its output and cleaned up after itself.
    await vi.waitFor(
      async () => {
        const row = await videoRow(ctx, video.id);
        const live = (await jobStates(video.id)).some((state) =>
          ['created', 'retry', 'active'].includes(state),
        );
        if (!(row!.state !== 'processing' && renders.inFlight === 0 && !live))
          throw new Error('processing did not settle');
      },
      { timeout: 60_000, interval: 50 },
    );
    await waitUntil(
      async () =>
        Number(
          (
            await ctx.deps.database.executeSql(
              `select count(*)::int as n from pg_locks
                where locktype = 'advisory' and granted and objsubid = 2
                  and database = (select oid from pg_database where datname = current_database())
                  and classid = $1::oid and objid = $2::oid`,
              [CONVERSION_NAMESPACE, video.id],
            )
          ).rows[0]!.n,
        ) === 0,
      30_000,
      'every conversion run of the video over',
      50,
    );
    expect(renders.inFlight).toBe(0);
    renders.delayMs = 0;

    const row = (await videoRow(ctx, video.id))!;
    expect(row.state).toBe('ready');
    expect(Math.abs((await playableSeconds(video.id)) - 2)).toBeLessThan(0.15);
    // Exactly the ready video's files are stored, and no two conversions of it ever ran at once.
    const folder = `videos/${video.id}`;
    expect(await filesUnder(path.join(ctx.dataDir, 'media', folder))).toEqual(
      [row.mediaKey!, row.thumbnailKey!].map((key) => path.relative(folder, key)).sort(),
    );
    expect(renders.mostAtOnce).toBe(1);
    expect(await jobStates(video.id)).not.toContain('failed');
    // A real conversion run twice: 19 s seen beside two other suites.
  }, 120_000);

  it('removes temporary leftovers older than a day on start, and keeps younger ones', async () => {
    await stopWorkers?.();
    stopWorkers = undefined;
    const tmp = path.join(ctx.dataDir, 'tmp');
    await fs.mkdir(path.join(tmp, 'job-7-crashed'), { recursive: true });
    await fs.writeFile(path.join(tmp, 'job-7-crashed', 'input-0'), 'half a conversion');
    await fs.writeFile(path.join(tmp, 'upload-crashed'), 'half an upload');
    await fs.writeFile(path.join(tmp, 'upload-in-flight'), 'an upload going on now');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const name of ['job-7-crashed', 'upload-crashed'])
      await fs.utimes(path.join(tmp, name), twoDaysAgo, twoDaysAgo);

    stopWorkers = await startWorkers(ctx.composition);
    expect(await fs.readdir(tmp)).toEqual(['upload-in-flight']);

    // An API process cleans up on start too.
    await fs.writeFile(path.join(tmp, 'upload-api-crashed'), 'half an upload');
    await fs.utimes(path.join(tmp, 'upload-api-crashed'), twoDaysAgo, twoDaysAgo);
    const api = await buildApp(ctx.composition);
    await api.ready();
    await api.close();
    expect(await fs.readdir(tmp)).toEqual(['upload-in-flight']);
  });
});
