import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeClipDir, mediaPairs, topLevelBoxes } from '../../../test/media-fixtures';
import { createMediaTools, type ProbedFile } from './media';

/** Joining drafts the pipeline made: by stream copy when their streams match, re-encoded when not. */
describe.each(mediaPairs())('merging drafts, $name pair (real ffmpeg)', (pair) => {
  const media = createMediaTools(pair);
  let dir: string;
  beforeAll(async () => {
    dir = await makeClipDir();
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /** A draft as the pipeline stores it: a browser-like WebM converted by `render`. */
  const draft = async (name: string, seconds: number, size: string): Promise<ProbedFile> => {
    const source = await makeClip(dir, `${name}.webm`, 'webm', { seconds, size });
    const file = path.join(dir, `${name}.mp4`);
    const { copied } = await media.render([{ path: source, probed: await media.probe(source) }], file);
    expect(copied).toBe(false);
    return { path: file, probed: await media.probe(file) };
  };

  const videoPackets = async (file: string) => {
    const { stdout } = await promisify(execFile)(pair.ffprobePath, [
      '-v',
      'error',
      '-count_packets',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_packets',
      '-of',
      'csv=p=0',
      file,
    ]);
    return Number(stdout.trim());
  };

  it('joins two matching drafts by stream copy: lengths and packets add up, index first', async () => {
    const first = await draft('a', 3, '320x240');
    const second = await draft('b', 2, '320x240');
    const output = path.join(dir, 'joined.mp4');
    const { copied } = await media.render([first, second], output);
    expect(copied).toBe(true);
    const joined = await media.probe(output);
    expect(joined.info.video.codec).toBe('h264');
    expect(joined.info.audio?.codec).toBe('aac');
    const sum = first.probed.durationSeconds + second.probed.durationSeconds;
    expect(Math.abs(joined.durationSeconds - sum)).toBeLessThan(0.1);
    expect(await videoPackets(output)).toBe(
      (await videoPackets(first.path)) + (await videoPackets(second.path)),
    );
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The list the join read is not left in the job folder.
    await expect(fs.stat(path.join(dir, 'join.ffconcat'))).rejects.toThrow();
    // Two real conversions come first: minutes on a loaded machine.
  }, 180_000);

  it('re-encodes drafts of different sizes into a video of their joint length', async () => {
    const small = await draft('c', 2, '320x240');
    const large = await draft('d', 2, '640x480');
    const output = path.join(dir, 'mixed.mp4');
    const { copied } = await media.render([small, large], output);
    expect(copied).toBe(false);
    const joined = await media.probe(output);
    expect(joined.info.video.width).toBe(320);
    const sum = small.probed.durationSeconds + large.probed.durationSeconds;
    expect(Math.abs(joined.durationSeconds - sum)).toBeLessThan(0.1);
  }, 180_000);
});
