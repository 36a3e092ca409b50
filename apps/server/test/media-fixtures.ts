import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
}

const videoEncoders: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
  // `-live 1` writes no duration and no index, like a browser's MediaRecorder.
  webm: ['-c:v', 'libvpx', '-c:a', 'libvorbis', '-f', 'webm', '-live', '1'],
  mov: ['-c:v', 'mpeg4', '-c:a', 'pcm_s16le', '-f', 'mov'],
  avi: ['-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-f', 'avi'],
  mkv: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'libvorbis', '-f', 'matroska'],
  wmv: ['-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf'],
  mpeg: ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpeg'],
  ogv: ['-c:v', 'libtheora', '-c:a', 'libvorbis', '-f', 'ogg'],
};

export type ClipKind = keyof typeof videoEncoders;

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
    `testsrc=size=${size}:rate=${rate}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`] : []),
    ...(audio ? [] : ['-an']),
    ...encoder,
    file,
  ];
  await runMediaProcess(ffmpeg, args, { timeoutMs: 120_000 });
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
