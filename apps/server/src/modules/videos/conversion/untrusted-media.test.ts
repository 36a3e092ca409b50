import { videoRoutes, routeUrl } from '@pw/contracts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, contextForSuite } from '../../../../test/helpers';
import {
  frameColours,
  isBlue,
  makeClip,
  makeClipDir,
  mediaPairs,
  referringFiles,
  type ReferringFile,
} from '../../../../test/media-fixtures';
import { clipsBody, createAccount, waitForVideo, type TestAccount } from '../../../../test/video-helpers';
import { startWorkers } from '../../../composition';

/**
 * A hostile media file sent through the real API and the real worker, with every ffmpeg/ffprobe pair the
 * product may run: a second account uploads files that name the first account's stored video (a
 * playlist followed by MPEG-TS or MPEG-PS packets, a concat list; by relative and absolute path; with and
 * without a telling name). Each upload must be refused, or end as a video of the attacker's own frames.
 */
/**
 * An installation from before encryption: an object stored in the clear before its first start, so it
 * still serves plaintext (only one known to hold none refuses it). That is the worst case these attacks
 * aim at: a victim's file readable as it is.
 */
function installationFromBeforeEncryption(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pw-untrusted-'));
  mkdirSync(path.join(dataDir, 'media', 'legacy'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'legacy', 'kept-in-the-clear.bin'), 'stored before encryption');
  return dataDir;
}

describe.each(mediaPairs())('crafted uploads that name other files, $name pair', (pair) => {
  let stopWorkers: () => Promise<void>;
  let dir: string;
  let attacker: TestAccount;
  let victimMedia: string;

  const store = (account: TestAccount, body: { payload: Buffer; headers: Record<string, string> }) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });

  const dataDir = installationFromBeforeEncryption();
  const ctx = contextForSuite({
    FFMPEG_PATH: pair.ffmpegPath,
    FFPROBE_PATH: pair.ffprobePath,
    DATA_DIR: dataDir,
  });
  beforeAll(async () => {
    stopWorkers = await startWorkers(ctx.composition);
    dir = await makeClipDir();
    const victim = await createAccount(ctx, 'user');
    attacker = await createAccount(ctx, 'user');
    // The first account's video: solid red, so a single stolen frame shows in the attacker's result.
    const red = await makeClip(dir, 'family.mp4', 'mp4', { seconds: 3, colour: 'red' });
    const response = await store(victim, await clipsBody({ type: 'draft', title: 'Family' }, [red]));
    expect(response.statusCode, response.body).toBe(201);
    const row = await waitForVideo(ctx, response.json().data.id);
    expect(row.state).toBe('ready');
    victimMedia = path.join(dataDir, 'media', row.mediaKey!);
    // Stored media is encrypted; the worst case is a file kept in the clear from before encryption
    // (still served as it is), so the victim's file is put back in the clear for these attacks.
    const clear = await bytesOf(await ctx.deps.storage.read(row.mediaKey!));
    await fs.writeFile(victimMedia, clear);
    expect(await ctx.deps.storage.stat(row.mediaKey!)).toEqual({ size: clear.length });
    // None of its frames passes for one of the attacker's: the colour check can tell them apart.
    expect((await frameColours(victimMedia)).filter(isBlue)).toEqual([]);
  });
  const bytesOf = async (stream: NodeJS.ReadableStream) => {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };
  afterAll(async () => {
    await stopWorkers?.();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const attack = async (file: ReferringFile): Promise<'refused' | 'failed' | 'own frames only'> => {
    const body = multipart({ type: 'draft', title: 'Mine' }, [
      { field: 'videos[]', filename: file.name, contentType: 'video/mp4', content: file.content },
    ]);
    const response = await store(attacker, body);
    if (response.statusCode === 422) {
      expect(response.json(), file.label).toEqual({
        message: 'Only Video File Allowed!',
        errors: { videos: ['Only Video File Allowed!'] },
      });
      return 'refused';
    }
    expect(response.statusCode, `${file.label}: ${response.body}`).toBe(201);
    const row = await waitForVideo(ctx, response.json().data.id, 120_000);
    if (row.state === 'failed') return 'failed';
    // What the attacker can watch: the video as the API serves it to them.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.detail, { id: row.id }),
      headers: attacker.headers,
    });
    const served = await ctx.app.inject({ method: 'GET', url: detail.json().data.video_link });
    expect(served.statusCode).toBe(200);
    const result = path.join(dir, `result-${row.id}.mp4`);
    await fs.writeFile(result, served.rawPayload);
    const frames = await frameColours(result);
    expect(frames.length, file.label).toBeGreaterThan(0);
    expect(
      frames.filter((frame) => !isBlue(frame)),
      file.label,
    ).toEqual([]);
    // The attacker's own packets last 2 s; the 3 s stolen video would make it longer.
    expect(row.durationMs!, file.label).toBeLessThan(2500);
    return 'own frames only';
  };

  it('refuses each one, or makes a video of the attacker’s own frames only', async () => {
    // Relative to the job's folder (DATA_DIR/tmp/job-…/), as ffmpeg resolves a playlist's entries.
    const crafted = await referringFiles(dir, {
      relative: `../../media/${path.relative(path.join(dataDir, 'media'), victimMedia)}`,
      absolute: victimMedia,
    });
    const outcomes: Record<string, string> = {};
    for (const file of crafted) outcomes[file.label] = await attack(file);
    expect(Object.keys(outcomes)).toHaveLength(12);
    // Twelve uploads one after the other, most converted: about 4 s idle, past 30 s on a busy machine.
  }, 300_000);
});
