import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frameColours,
  isBlue,
  makeClip,
  makeClipDir,
  mediaPairs,
  referringFiles,
  topLevelBoxes,
  type ClipKind,
} from '../../../test/media-fixtures';
import { createMediaTools, MediaProcessError, resolveBinaries, UnsupportedMediaError } from './media';
import { runMediaProcess } from './runner';

/** Real ffmpeg on clips made at test start, with every pair the product may run (bundled, system). */
describe.each(mediaPairs())('media tools, $name pair (real ffmpeg)', (pair) => {
  const media = createMediaTools(pair);
  let dir: string;
  beforeAll(async () => {
    dir = await makeClipDir();
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const playable = async (file: string) => {
    const probed = await media.probe(file);
    expect(probed.info.video.codec).toBe('h264');
    expect(probed.info.audio?.codec).toBe('aac');
    const boxes = await topLevelBoxes(file);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    return probed;
  };

  const kinds: Array<[ClipKind, boolean]> = [
    ['mp4', true],
    ['webm', false],
    ['mov', false],
    ['avi', false],
    ['mkv', false],
    ['wmv', false],
    ['mpeg', false],
    ['ogv', false],
  ];
  it.each(kinds)(
    'turns a %s clip into a playable MP4 of the same length (copied: %s)',
    async (kind, copied) => {
      const source = await makeClip(dir, `clip.${kind}`, kind);
      const probed = await media.probe(source);
      expect(probed.durationSeconds).toBeGreaterThan(2.9);
      expect(probed.durationSeconds).toBeLessThan(3.15);
      const output = path.join(dir, `out-${kind}.mp4`);
      const result = await media.render([{ path: source, probed }], output);
      expect(result.copied).toBe(copied);
      const out = await playable(output);
      expect(Math.abs(out.durationSeconds - probed.durationSeconds)).toBeLessThan(0.15);
      const thumb = path.join(dir, `thumb-${kind}.jpg`);
      await media.thumbnail({ path: output, probed: out }, thumb);
      const jpeg = await fs.readFile(thumb);
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    },
    // Making a webm or wmv clip and converting it is several encodes: on a busy machine, past 30 s.
    90_000,
  );

  it('joins clips of different sizes, rates and sound into one whose length is the sum', async () => {
    const a = await makeClip(dir, 'join-a.mp4', 'mp4', { seconds: 2, size: '640x360', rate: 30 });
    const b = await makeClip(dir, 'join-b.webm', 'webm', {
      seconds: 3,
      size: '320x240',
      rate: 25,
      audio: false,
    });
    const c = await makeClip(dir, 'join-c.avi', 'avi', { seconds: 1, size: '1920x1080', rate: 24 });
    const clips = await Promise.all([a, b, c].map(async (p) => ({ path: p, probed: await media.probe(p) })));
    const output = path.join(dir, 'joined.mp4');
    expect((await media.render(clips, output)).copied).toBe(false);
    const out = await playable(output);
    const sum = clips.reduce((s, c) => s + c.probed.durationSeconds, 0);
    expect(Math.abs(out.durationSeconds - sum)).toBeLessThan(0.25);
    expect(out.info.video.width).toBe(640);
    expect(out.info.video.height).toBe(360);
    // Three clips encoded, then joined: about 3 s idle, 20 s seen beside two other suites.
  }, 120_000);

  it('refuses a text file named .mp4 and an image, by content', async () => {
    const text = path.join(dir, 'notes.mp4');
    await fs.writeFile(text, 'this is not a video\n'.repeat(100));
    await expect(media.probe(text)).rejects.toBeInstanceOf(UnsupportedMediaError);
    const png = path.join(dir, 'image.mp4');
    await fs.writeFile(
      png,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await expect(media.probe(png)).rejects.toBeInstanceOf(UnsupportedMediaError);
  });

  it('converts MPEG-TS with the system pair; the bundled ffprobe crashes on it, so it is refused, not a 500', async () => {
    const source = await makeClip(dir, 'clip.ts', 'ts');
    if (pair.name === 'bundled') {
      await expect(media.probe(source)).rejects.toBeInstanceOf(UnsupportedMediaError);
      return;
    }
    const probed = await media.probe(source);
    const output = path.join(dir, 'out-ts.mp4');
    expect((await media.render([{ path: source, probed }], output)).copied).toBe(false);
    await playable(output);
  });

  it('opens none of the files a crafted upload names, neither probing nor converting', async () => {
    // The named file is a FIFO: opening it for writing completes only when ffprobe or ffmpeg opens it.
    const data = path.join(dir, 'fifo-data');
    const job = path.join(data, 'tmp', 'job-3-attack');
    await fs.mkdir(job, { recursive: true });
    // Named like a video: HLS opens only entries with a media extension.
    const fifo = path.join(data, 'media', 'video.mp4');
    await fs.mkdir(path.dirname(fifo), { recursive: true });
    await promisify(execFile)('mkfifo', [fifo]);
    const crafted = await referringFiles(dir, { relative: '../../media/video.mp4', absolute: fifo });
    for (const file of crafted) {
      const input = path.join(job, file.name);
      await fs.writeFile(input, file.content);
      let opened = false;
      // Closed at once, so a tool that did open it reads an empty file instead of waiting.
      const writer = fs.open(fifo, 'w').then(async (handle) => {
        opened = true;
        await handle.close();
      });
      try {
        const probed = await media.probe(input);
        await media.render([{ path: input, probed }], path.join(job, 'video.mp4'));
      } catch (error) {
        if (!(error instanceof UnsupportedMediaError || error instanceof MediaProcessError)) throw error;
      }
      const openedByTool = opened;
      if (!openedByTool) {
        // Let our own pending open finish: be the reader it waits for.
        const reader = await fs.open(fifo, 'r');
        await writer;
        await reader.close();
      }
      expect(openedByTool, file.label).toBe(false);
      await fs.rm(job, { recursive: true, force: true });
      await fs.mkdir(job);
    }
  });

  it('never reads the files a crafted upload names: refused at probe, or only its own frames', async () => {
    // Laid out like DATA_DIR: another account's video in media/, the job's folder in tmp/.
    const data = path.join(dir, 'data');
    const victim = path.join(data, 'media', 'videos', '1', 'video.mp4');
    await fs.mkdir(path.dirname(victim), { recursive: true });
    await makeClip(path.dirname(victim), 'video.mp4', 'mp4', { colour: 'red', audio: false });
    const job = path.join(data, 'tmp', 'job-2-attack');
    await fs.mkdir(job, { recursive: true });
    const crafted = await referringFiles(dir, {
      relative: '../../media/videos/1/video.mp4',
      absolute: victim,
    });
    const outcomes: string[] = [];
    for (const file of crafted) {
      // Here the telling name reaches ffprobe and ffmpeg (the server itself stores uploads without one).
      const input = path.join(job, file.name);
      await fs.writeFile(input, file.content);
      const output = path.join(job, 'video.mp4');
      try {
        const probed = await media.probe(input);
        await media.render([{ path: input, probed }], output);
        const frames = await frameColours(output);
        expect(frames.length, file.label).toBeGreaterThan(0);
        expect(
          frames.filter((frame) => !isBlue(frame)),
          file.label,
        ).toEqual([]);
        outcomes.push(`${file.label}: own frames only`);
      } catch (error) {
        if (!(error instanceof UnsupportedMediaError || error instanceof MediaProcessError)) throw error;
        outcomes.push(`${file.label}: refused`);
      } finally {
        await fs.rm(input, { force: true });
        await fs.rm(output, { force: true });
      }
    }
    expect(outcomes).toHaveLength(12);
  });
});

describe('the job folder', () => {
  it('gives ffmpeg no file from outside the folder of its output', async () => {
    const dir = await makeClipDir();
    try {
      const media = createMediaTools();
      const clip = await makeClip(dir, 'clip.webm', 'webm', { seconds: 1 });
      const probed = await media.probe(clip);
      const elsewhere = path.join(dir, 'job');
      await fs.mkdir(elsewhere);
      await expect(media.render([{ path: clip, probed }], path.join(elsewhere, 'video.mp4'))).rejects.toThrow(
        'is not in the job folder',
      );
      await expect(
        media.thumbnail({ path: clip, probed }, path.join(elsewhere, 'thumb.jpg')),
      ).rejects.toThrow('is not in the job folder');
      expect(await fs.readdir(elsewhere)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('media process runner', () => {
  it('kills a process that runs past its timeout and keeps its stderr', async () => {
    const { ffmpeg } = resolveBinaries({});
    const run = runMediaProcess(
      ffmpeg,
      ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=duration=30', '-f', 'null', '-'],
      {
        timeoutMs: 500,
      },
    );
    // Ended by the kill, not by the end of its 30 s input (that would be exit code 0): ffmpeg answers the
    // SIGTERM with 255, dies of it when it comes before ffmpeg has set its handler (a busy machine), or
    // dies of the SIGKILL that follows.
    const killed = await run.then(
      () => null,
      (error: unknown) => error as MediaProcessError,
    );
    expect(killed).toMatchObject({ timedOut: true });
    expect(killed!.exitCode === 255 || ['SIGTERM', 'SIGKILL'].includes(killed!.signal ?? '')).toBe(true);
    await expect(
      runMediaProcess(ffmpeg, ['-v', 'error', '-i', '/does/not/exist.mp4'], { timeoutMs: 5000 }),
    ).rejects.toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('No such file'),
    });
  });
});
