import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundledBinaries, systemBinaries } from '../src/platform/media/binaries';
import { resolveBinaries } from '../src/platform/media/media';
import { runMediaProcess } from '../src/platform/media/runner';

/**
 * Real clips made with ffmpeg's test sources, in a temporary folder: one per accepted container, so the
 * pipeline is tested on real files of each kind rather than on fixtures checked into the repository.
 */
export interface ClipSpec {
  seconds?: number;
  size?: string;
  rate?: number;
  audio?: boolean;
  /** A solid colour instead of the test pattern, to tell whose frames a result holds. */
  colour?: string;
  /** A sound file for the clip's sound instead of a tone (the clip lasts `seconds` all the same). */
  sound?: string;
}

/** The encoder and container arguments of each kind of clip. */
export const videoEncoders: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
  // `-live 1` writes no duration and no index, like a browser's MediaRecorder.
  webm: ['-c:v', 'libvpx', '-c:a', 'libvorbis', '-f', 'webm', '-live', '1'],
  mov: ['-c:v', 'mpeg4', '-c:a', 'pcm_s16le', '-f', 'mov'],
  avi: ['-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi'],
  mkv: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'libvorbis', '-f', 'matroska'],
  wmv: ['-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf'],
  mpeg: ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpeg'],
  ts: ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpegts'],
  ogv: ['-c:v', 'libtheora', '-c:a', 'libvorbis', '-f', 'ogg'],
};

export type ClipKind = keyof typeof videoEncoders;

/**
 * Where made clips are kept, by what made them: the suite asks for the same few clips again and again
 * (about half of its ~80 encodes repeat one), and each encode takes CPU the tests need. Under
 * node_modules/.cache, so a run on the same checkout makes none again; a clean clone starts empty.
 */
const CLIP_CACHE = path.resolve(import.meta.dirname, '../node_modules/.cache/test-clips');

/**
 * Runs ffmpeg to write `file` from `args` (which do not name it), or copies the clip the same ffmpeg made
 * from the same arguments before. The key holds the binary's size and time, so a changed ffmpeg makes
 * new clips; an input file named in `args` (a sound) is a fresh temporary path each time, so never hits.
 */
async function encodeOnce(ffmpeg: string, args: string[], file: string): Promise<void> {
  // A binary named without its path cannot be told from a changed one: no cache then.
  const binary = await fs.stat(ffmpeg).catch(() => null);
  if (!binary) return runMediaProcess(ffmpeg, [...args, file], { timeoutMs: 120_000 }).then(() => undefined);
  const key = createHash('sha256')
    .update(JSON.stringify([ffmpeg, binary.size, binary.mtimeMs, args]))
    .digest('hex');
  const kept = path.join(CLIP_CACHE, `${key}${path.extname(file)}`);
  try {
    await fs.copyFile(kept, file);
    return;
  } catch {
    // Not made yet.
  }
  await runMediaProcess(ffmpeg, [...args, file], { timeoutMs: 120_000 });
  await fs.mkdir(CLIP_CACHE, { recursive: true });
  // Written aside and renamed: a worker reading it never sees half a clip.
  const aside = `${kept}.${randomUUID()}`;
  await fs.copyFile(file, aside);
  await fs.rename(aside, kept);
}

export async function makeClipDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'pw-clips-'));
}

export async function makeClip(
  dir: string,
  name: string,
  kind: ClipKind,
  spec: ClipSpec = {},
): Promise<string> {
  const { ffmpeg } = resolveBinaries({ ffmpegPath: process.env.FFMPEG_PATH });
  const seconds = spec.seconds ?? 3;
  const size = spec.size ?? '320x240';
  const rate = spec.rate ?? 25;
  const file = path.join(dir, name);
  const audio = spec.audio ?? true;
  const encoder = [...videoEncoders[kind]!];
  const args = [
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    spec.colour
      ? `color=c=${spec.colour}:size=${size}:rate=${rate}:duration=${seconds}`
      : `testsrc=size=${size}:rate=${rate}:duration=${seconds}`,
    ...(audio && spec.sound ? ['-i', spec.sound] : []),
    ...(audio && !spec.sound
      ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`]
      : []),
    ...(audio ? [] : ['-an']),
    ...encoder,
  ];
  await encodeOnce(ffmpeg, args, file);
  return file;
}

/** The order of the top-level MP4 boxes, e.g. ['ftyp', 'moov', 'mdat']. */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    let offset = 0;
    const header = Buffer.alloc(16);
    while (offset + 8 <= size) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - offset;
      if (length < 8) break;
      boxes.push(type);
      offset += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/** Every ffmpeg/ffprobe pair the product may run on this machine: the bundled npm pair, and the system's. */
export function mediaPairs(): Array<{ name: string; ffmpegPath: string; ffprobePath: string }> {
  const pairs = [bundledBinaries(), systemBinaries()].flatMap((pair) => (pair ? [pair] : []));
  return pairs.map((pair) => ({ name: pair.source, ffmpegPath: pair.ffmpeg, ffprobePath: pair.ffprobe }));
}

/** The mean colour of every frame of a video (decoded at 1×1 pixel): tells whose frames it holds. */
export async function frameColours(file: string): Promise<Array<{ r: number; g: number; b: number }>> {
  const { ffmpeg } = resolveBinaries({});
  const args = ['-v', 'error', '-i', file, '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'];
  const { stdout } = await promisify(execFile)(ffmpeg, args, { encoding: 'buffer', maxBuffer: 1 << 20 });
  const frames = [];
  for (let at = 0; at + 3 <= stdout.length; at += 3)
    frames.push({ r: stdout[at]!, g: stdout[at + 1]!, b: stdout[at + 2]! });
  return frames;
}

export const isBlue = ({ r, b }: { r: number; b: number }) => b > 150 && r < 80;

/** A crafted upload: a file that names another file, and what it claims to be. */
export interface ReferringFile {
  label: string;
  name: string;
  content: Buffer;
}

const TS_PACKET = 188;
const SERVICE_DESCRIPTION_PID = 0x11;

/**
 * MPEG-TS without its service description packets. The bundled ffprobe crashes reading those (any muxer
 * writes them); an attacker leaves them out so that the file passes that probe as MPEG-TS.
 */
function withoutServiceDescription(ts: Buffer): Buffer {
  const packets: Buffer[] = [];
  for (let at = 0; at + TS_PACKET <= ts.length; at += TS_PACKET) {
    const pid = ((ts[at + 1]! & 0x1f) << 8) | ts[at + 2]!;
    if (pid !== SERVICE_DESCRIPTION_PID) packets.push(ts.subarray(at, at + TS_PACKET));
  }
  return Buffer.concat(packets);
}

/**
 * Uploads that make ffmpeg open the files they name, aimed at `target` (by relative and by absolute path),
 * each under a telling name and under a video's name: an HLS playlist followed by the attacker's own
 * MPEG-TS packets or MPEG-PS packs, and an ffconcat list followed by MPEG-TS. Unless the name ends in
 * .m3u8, the bundled 2023 ffprobe takes the playlists for plain MPEG-TS/PS, while the 2018 ffmpeg reads
 * them as playlists. The attacker's own frames are solid blue.
 */
export async function referringFiles(
  dir: string,
  target: { relative: string; absolute: string },
): Promise<ReferringFile[]> {
  const own = {
    ts: withoutServiceDescription(
      await fs.readFile(await makeClip(dir, 'own.ts', 'ts', { seconds: 2, colour: 'blue', audio: false })),
    ),
    ps: await fs.readFile(
      await makeClip(dir, 'own.mpg', 'mpeg', { seconds: 2, colour: 'blue', audio: false }),
    ),
  };
  const playlist = (entry: string) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:3.0,\n${entry}\n#EXT-X-ENDLIST\n`;
  const concatList = (entry: string) => `ffconcat version 1.0\nfile '${entry}'\n`;
  const kinds = [
    { kind: 'HLS playlist + MPEG-TS', telling: 'playlist.m3u8', text: playlist, packets: own.ts },
    { kind: 'HLS playlist + MPEG-PS', telling: 'playlist.m3u8', text: playlist, packets: own.ps },
    { kind: 'concat list + MPEG-TS', telling: 'list.ffconcat', text: concatList, packets: own.ts },
  ];
  return kinds.flatMap(({ kind, telling, text, packets }) =>
    (['relative', 'absolute'] as const).flatMap((by) =>
      [telling, 'holiday.mp4'].map((name) => ({
        label: `${kind}, ${by} path, named ${name}`,
        name,
        content: Buffer.concat([Buffer.from(text(target[by])), packets]),
      })),
    ),
  );
}

/** Boxes that only contain other boxes, on the way from the top to `mvhd`, `tkhd` and `mdhd`. */
const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia']);

/**
 * Edits an MP4's header in place so it claims to last `claimSeconds`: the duration fields of the movie
 * header (`mvhd`), every track header (`tkhd`) and every media header (`mdhd`), versions 0 and 1. The
 * samples and their timestamps are untouched: the file still plays for its real length. This is what an
 * attacker does to pass a long video off as a short, free one.
 */
export async function claimDuration(file: string, claimSeconds: number): Promise<void> {
  const data = await fs.readFile(file);
  let movieScale = 0;
  const write = (at: number, version: number, value: number) => {
    if (version === 1) data.writeBigUInt64BE(BigInt(Math.round(value)), at);
    else data.writeUInt32BE(Math.round(value), at);
  };
  const walk = (start: number, end: number) => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = data.readUInt32BE(offset);
      const type = data.toString('latin1', offset + 4, offset + 8);
      let body = offset + 8;
      if (size === 1) {
        size = Number(data.readBigUInt64BE(offset + 8));
        body += 8;
      } else if (size === 0) size = end - offset;
      if (size < 8) return;
      const version = data[body]!;
      // After version/flags: creation and modification times (4 or 8 bytes each).
      const times = version === 1 ? 16 : 8;
      if (type === 'mvhd') {
        movieScale = data.readUInt32BE(body + 4 + times);
        write(body + 4 + times + 4, version, claimSeconds * movieScale);
      } else if (type === 'tkhd') {
        // Track id and a reserved word, then the duration in the movie's time scale.
        write(body + 4 + times + 8, version, claimSeconds * movieScale);
      } else if (type === 'mdhd') {
        const scale = data.readUInt32BE(body + 4 + times);
        write(body + 4 + times + 4, version, claimSeconds * scale);
      } else if (CONTAINER_BOXES.has(type)) walk(body, offset + size);
      offset += size;
    }
  };
  walk(0, data.length);
  if (movieScale === 0) throw new Error(`${file} has no movie header`);
  await fs.writeFile(file, data);
}

/**
 * 20 s: red for 5 s, blue from 5 s to 12 s, red again to the end, with a tone; one keyframe at the start,
 * so a cut at 5 s must be re-encoded to start on the blue frame. A trim to 5–12 s keeps only blue.
 */
export async function colourBandsClip(dir: string, name: string, kind: 'webm' | 'mp4'): Promise<string> {
  const { ffmpeg } = resolveBinaries({ ffmpegPath: process.env.FFMPEG_PATH });
  const file = path.join(dir, name);
  const colour = (c: string, seconds: number) => [
    '-f',
    'lavfi',
    '-i',
    `color=c=${c}:size=64x64:rate=10:duration=${seconds}`,
  ];
  await encodeOnce(
    ffmpeg,
    [
      '-y',
      '-v',
      'error',
      ...colour('red', 5),
      ...colour('blue', 7),
      ...colour('red', 8),
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100:duration=20',
      '-filter_complex',
      '[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '3:a',
      '-g',
      '1000',
      ...videoEncoders[kind]!,
    ],
    file,
  );
  return file;
}
