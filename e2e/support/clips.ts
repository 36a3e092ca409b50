import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test clips for every test file, made by the project's own ffmpeg: H.264/AAC with a 440 Hz tone, either a
 * test pattern or one plain colour (for specs that check which clip plays where).
 */

const FFMPEG = path.resolve(import.meta.dirname, '../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');

// One folder per worker process, removed when it exits; a clip is generated once per kind.
const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-clips-'));
process.on('exit', () => fs.rmSync(clipDir, { recursive: true, force: true }));

export interface ClipOptions {
  /** Length in seconds (2 unless told). */
  seconds?: number;
  /** Frame size, `WIDTHxHEIGHT` (320x240 unless told). */
  size?: string;
  /** One plain colour (an ffmpeg colour name) instead of the moving test pattern. */
  color?: string;
  /** The file's name, when a test shows or checks it (the upload screen lists clips by name). */
  name?: string;
}

/** The path of a clip as described (generated on first use, then reused). */
export function clipFile({ seconds = 2, size = '320x240', color, name }: ClipOptions = {}): string {
  const kind = `${color ?? 'pattern'}-${seconds}s-${size}`;
  const folder = path.join(clipDir, kind);
  const generated = path.join(folder, 'clip.mp4');
  if (!fs.existsSync(generated)) {
    fs.mkdirSync(folder, { recursive: true });
    const picture = color
      ? `color=c=${color}:s=${size}:r=25:d=${seconds}`
      : `testsrc=size=${size}:rate=25:duration=${seconds}`;
    execFileSync(
      FFMPEG,
      [
        ...['-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', picture],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        generated,
      ],
      { stdio: 'pipe' },
    );
  }
  if (!name) return generated;
  const named = path.join(folder, name);
  if (!fs.existsSync(named)) fs.copyFileSync(generated, named);
  return named;
}

/** The bytes of a clip as described, for uploads through the API. */
export function clipBytes(options: ClipOptions = {}): Buffer {
  return fs.readFileSync(clipFile(options));
}
