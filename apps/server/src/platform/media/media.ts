import fs from 'node:fs/promises';
import path from 'node:path';
import {
  packetScanArgs,
  probeArgs,
  canCopy,
  canJoinByCopy,
  concatCopyArgs,
  concatList,
  remuxArgs,
  speechAudioArgs,
  thumbnailArgs,
  transcodeArgs,
  DEFAULT_ENCODE,
  type EncodeSettings,
  type MediaInput,
} from './args';
import { describeBinaries, resolveBinaries, type MediaToolsReport } from './binaries';
import { createPacketSpanReader, interpretProbe, UnsupportedMediaError, type MediaInfo } from './probe';
import { runMediaProcess, MediaProcessError } from './runner';

export { UnsupportedMediaError, MediaProcessError, resolveBinaries };
export type { MediaInfo, MediaInput, MediaToolsReport };

/**
 * A probed clip: what it is and how long it really is. Both lengths are measured from the timestamps of
 * the streams' packets (what a player plays), never from the header's duration fields, which anyone
 * can edit to claim a 3-minute video lasts 10 s.
 */
export interface ProbedMedia {
  info: MediaInfo;
  /** The whole file's length, sound and picture (what the allowance counts). */
  durationSeconds: number;
  /** The picture's length, used to keep sound and picture together when clips are joined. */
  videoSeconds: number;
}

/** A file and what probing found in it: ffmpeg opens it with that demuxer and no other. */
export interface ProbedFile {
  path: string;
  probed: ProbedMedia;
  /** Only this part of the clip is kept (seconds of the clip); the rest is cut off. */
  trim?: { start: number; end: number } | null;
}

/** The length of a clip that is kept, its trim applied. */
export function keptSeconds(
  clip: Pick<ProbedFile, 'probed' | 'trim'>,
  seconds = clip.probed.durationSeconds,
) {
  if (!clip.trim) return seconds;
  return Math.max(0, Math.min(seconds, clip.trim.end) - clip.trim.start);
}

/**
 * ffmpeg and ffprobe behind one small interface: the only part of the server that knows they exist.
 * ffmpeg runs in the folder of its output (the job's own folder) and reads only files of that folder.
 */
export interface MediaTools {
  /** Throws UnsupportedMediaError when the file is not one of the accepted video types. */
  probe(file: string, signal?: AbortSignal): Promise<ProbedMedia>;
  /**
   * Joins/converts the clips into one browser-playable MP4 at `output`; `copied` when no re-encode was
   * needed. The clips must be in the output's folder. With `maxSeconds` the output ends there (the
   * length paid for), whatever the clips hold beyond it.
   */
  render(
    clips: readonly ProbedFile[],
    output: string,
    signal?: AbortSignal,
    maxSeconds?: number,
  ): Promise<{ copied: boolean }>;
  /** A JPEG of the video at `output`, in the video's folder. */
  thumbnail(video: ProbedFile, output: string, signal?: AbortSignal): Promise<void>;
  /**
   * The sound of a stored MP4 (the pipeline's output) at `output`, in the video's folder: 16 kHz mono
   * 32-bit float samples, raw, as automatic captions read them. A video without sound gives no samples.
   */
  speechAudio(video: string, output: string, signal?: AbortSignal): Promise<void>;
  /** Which pair runs, its versions, and what an operator should fix: for the start log. */
  describe(): Promise<MediaToolsReport>;
}

export interface MediaToolsOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  encode?: Partial<EncodeSettings>;
}

const PROBE_TIMEOUT_MS = 60_000;
const THUMBNAIL_TIMEOUT_MS = 60_000;
/** Decoding the sound of the longest video kept takes seconds; a stuck ffmpeg must not hold a worker. */
const SPEECH_AUDIO_TIMEOUT_MS = 10 * 60_000;
/** Conversion may take a while on a busy machine, but a stuck ffmpeg must not hold a worker forever. */
const renderTimeoutMs = (seconds: number) => Math.max(120_000, seconds * 30_000);

/** Signals of a tool that crashed on what it read (e.g. the bundled ffprobe on MPEG-TS), not of a kill. */
const CRASH_SIGNALS: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT']);

/** ffprobe refusing, or crashing on, a file means "not a video we can read"; a timeout or a kill does not. */
function isRefusal(error: unknown): error is MediaProcessError {
  return (
    error instanceof MediaProcessError &&
    !error.timedOut &&
    (error.exitCode !== null || (error.signal !== null && CRASH_SIGNALS.has(error.signal)))
  );
}

/**
 * The names of `files` inside `folder`, the job folder ffmpeg runs in. Every file ffmpeg opens is named
 * on its command line by such a name; a file from elsewhere is a programming error, refused here.
 */
function inFolder(folder: string, files: readonly string[]): string[] {
  return files.map((file) => {
    const name = path.relative(folder, path.resolve(file));
    if (name === '' || name.startsWith('..') || path.isAbsolute(name) || name.includes(path.sep))
      throw new Error(`${file} is not in the job folder ${folder}`);
    return name;
  });
}

export function createMediaTools(options: MediaToolsOptions = {}): MediaTools {
  const bin = resolveBinaries(options);
  const encode = { ...DEFAULT_ENCODE, ...options.encode };

  const asInput = (clip: ProbedFile, name: string): MediaInput => ({
    path: name,
    info: clip.probed.info,
    durationSeconds: keptSeconds(clip, clip.probed.videoSeconds),
    ...(clip.trim ? { startSeconds: clip.trim.start } : {}),
  });

  return {
    async probe(file, signal) {
      const run = { timeoutMs: PROBE_TIMEOUT_MS, signal, cwd: path.dirname(path.resolve(file)) };
      let stdout: string;
      try {
        ({ stdout } = await runMediaProcess(bin.ffprobe, probeArgs(path.resolve(file)), run));
      } catch (error) {
        // ffprobe refuses files it cannot read as media, and those of a refused demuxer: "not a video".
        if (isRefusal(error)) throw new UnsupportedMediaError(error.message);
        throw error;
      }
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        throw new UnsupportedMediaError('ffprobe printed no JSON');
      }
      const info = interpretProbe(json);
      // Every packet's time, read as it streams: the length that counts is what the streams hold.
      const span = createPacketSpanReader(info);
      try {
        await runMediaProcess(bin.ffprobe, packetScanArgs(path.resolve(file), info), {
          ...run,
          onStdout: span.push,
        });
      } catch (error) {
        if (isRefusal(error)) throw new UnsupportedMediaError(error.message);
        throw error;
      }
      const { totalSeconds, videoSeconds } = span.result();
      if (totalSeconds === null) throw new UnsupportedMediaError('The video has no measurable length');
      return { info, durationSeconds: totalSeconds, videoSeconds: videoSeconds ?? totalSeconds };
    },

    async render(clips, output, signal, maxSeconds) {
      const folder = path.dirname(path.resolve(output));
      const [outputName, ...names] = inFolder(folder, [output, ...clips.map((clip) => clip.path)]);
      const inputs = clips.map((clip, i) => asInput(clip, names[i]!));
      const total = clips.reduce((sum, clip) => sum + clip.probed.durationSeconds, 0);
      const run = { timeoutMs: renderTimeoutMs(total), signal, cwd: folder };
      // A copy can only start and end at a packet, which with reordered frames may be most of a second
      // from the cut: a trimmed clip, or one longer than it may be, is converted, so the cut is exact.
      const trimmed = clips.some((clip) => clip.trim);
      if (!trimmed && canCopy(inputs) && (maxSeconds === undefined || total <= maxSeconds)) {
        await runMediaProcess(bin.ffmpeg, remuxArgs(inputs[0]!, outputName!, maxSeconds), run);
        return { copied: true };
      }
      // Drafts the pipeline made alike (same codecs, size, rate, sound) are joined packet for packet.
      if (!trimmed && canJoinByCopy(inputs) && (maxSeconds === undefined || total <= maxSeconds)) {
        const list = path.join(folder, 'join.ffconcat');
        await fs.writeFile(list, concatList(names), { mode: 0o600 });
        try {
          await runMediaProcess(bin.ffmpeg, concatCopyArgs('join.ffconcat', outputName!, maxSeconds), run);
        } finally {
          await fs.rm(list, { force: true });
        }
        return { copied: true };
      }
      await runMediaProcess(bin.ffmpeg, transcodeArgs(inputs, outputName!, encode, maxSeconds), run);
      return { copied: false };
    },

    async thumbnail(video, output, signal) {
      const folder = path.dirname(path.resolve(output));
      const [outputName, videoName] = inFolder(folder, [output, video.path]);
      const input = {
        path: videoName!,
        info: video.probed.info,
        durationSeconds: video.probed.durationSeconds,
      };
      await runMediaProcess(bin.ffmpeg, thumbnailArgs(input, outputName!), {
        timeoutMs: THUMBNAIL_TIMEOUT_MS,
        signal,
        cwd: folder,
      });
    },

    async speechAudio(video, output, signal) {
      const folder = path.dirname(path.resolve(output));
      const [outputName, videoName] = inFolder(folder, [output, video]);
      await runMediaProcess(bin.ffmpeg, speechAudioArgs(videoName!, outputName!), {
        timeoutMs: SPEECH_AUDIO_TIMEOUT_MS,
        signal,
        cwd: folder,
      });
    },

    describe: () => describeBinaries(bin),
  };
}

/**
 * The longest the media steps of one conversion may run by their own timeouts: each clip's and the
 * output's probe (with its packet scan), the render of `totalSeconds` of clips, and the thumbnail. A job
 * running a conversion must be given longer than this (docs/decisions/0035).
 */
export function conversionTimeoutMs(clipCount: number, totalSeconds: number): number {
  return (clipCount + 1) * 2 * PROBE_TIMEOUT_MS + renderTimeoutMs(totalSeconds) + THUMBNAIL_TIMEOUT_MS;
}
