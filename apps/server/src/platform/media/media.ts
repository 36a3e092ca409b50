import { createRequire } from 'node:module';
import {
  packetScanArgs,
  probeArgs,
  canCopy,
  remuxArgs,
  thumbnailArgs,
  transcodeArgs,
  DEFAULT_ENCODE,
  type EncodeSettings,
  type MediaInput,
} from './args';
import { durationFromPacketScan, interpretProbe, UnsupportedMediaError, type MediaInfo } from './probe';
import { runMediaProcess, MediaProcessError } from './runner';

export { UnsupportedMediaError, MediaProcessError };
export type { MediaInfo, MediaInput };

/** A probed clip: what it is and how long it really is. */
export interface ProbedMedia {
  info: MediaInfo;
  /** The whole file's length (what the allowance counts). */
  durationSeconds: number;
  /** The picture's length, used to keep sound and picture together when clips are joined. */
  videoSeconds: number;
}

/** ffmpeg and ffprobe behind one small interface: the only part of the server that knows they exist. */
export interface MediaTools {
  /** Throws UnsupportedMediaError when the file is not one of the accepted video types. */
  probe(file: string, signal?: AbortSignal): Promise<ProbedMedia>;
  /** Joins/converts the clips into one browser-playable MP4 at `output`; `copied` when no re-encode was needed. */
  render(
    clips: ReadonlyArray<{ path: string; probed: ProbedMedia }>,
    output: string,
    signal?: AbortSignal,
  ): Promise<{ copied: boolean }>;
  thumbnail(video: string, output: string, durationSeconds: number, signal?: AbortSignal): Promise<void>;
}

export interface MediaToolsOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  encode?: Partial<EncodeSettings>;
}

const require = createRequire(import.meta.url);

/** FFMPEG_PATH / FFPROBE_PATH, else the binaries shipped by the npm packages. */
export function resolveBinaries(options: { ffmpegPath?: string; ffprobePath?: string }) {
  return {
    ffmpeg: options.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: options.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
}

const PROBE_TIMEOUT_MS = 60_000;
const THUMBNAIL_TIMEOUT_MS = 60_000;
/** Conversion may take a while on a busy machine, but a stuck ffmpeg must not hold a worker forever. */
const renderTimeoutMs = (seconds: number) => Math.max(120_000, seconds * 30_000);

export function createMediaTools(options: MediaToolsOptions = {}): MediaTools {
  const bin = resolveBinaries(options);
  const encode = { ...DEFAULT_ENCODE, ...options.encode };

  return {
    async probe(file, signal) {
      let stdout: string;
      try {
        ({ stdout } = await runMediaProcess(bin.ffprobe, probeArgs(file), {
          timeoutMs: PROBE_TIMEOUT_MS,
          signal,
        }));
      } catch (error) {
        // ffprobe refuses files it cannot read as media: to the user that is "not a video".
        if (error instanceof MediaProcessError && !error.timedOut && error.exitCode !== null)
          throw new UnsupportedMediaError(error.message);
        throw error;
      }
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        throw new UnsupportedMediaError('ffprobe printed no JSON');
      }
      const info = interpretProbe(json);
      let duration = info.durationSeconds;
      if (duration === null) {
        // Browser recordings streamed as WebM carry no duration: measure it from the packets.
        const scan = await runMediaProcess(bin.ffprobe, packetScanArgs(file), {
          timeoutMs: PROBE_TIMEOUT_MS,
          signal,
        });
        duration = durationFromPacketScan(scan.stdout);
      }
      if (duration === null) throw new UnsupportedMediaError('The video has no measurable length');
      return { info, durationSeconds: duration, videoSeconds: info.video.durationSeconds ?? duration };
    },

    async render(clips, output, signal) {
      const inputs: MediaInput[] = clips.map((clip) => ({
        path: clip.path,
        info: clip.probed.info,
        durationSeconds: clip.probed.videoSeconds,
      }));
      const total = clips.reduce((sum, clip) => sum + clip.probed.durationSeconds, 0);
      const timeoutMs = renderTimeoutMs(total);
      if (canCopy(inputs)) {
        await runMediaProcess(bin.ffmpeg, remuxArgs(inputs[0]!.path, output), { timeoutMs, signal });
        return { copied: true };
      }
      await runMediaProcess(bin.ffmpeg, transcodeArgs(inputs, output, encode), { timeoutMs, signal });
      return { copied: false };
    },

    async thumbnail(video, output, durationSeconds, signal) {
      await runMediaProcess(bin.ffmpeg, thumbnailArgs(video, output, durationSeconds), {
        timeoutMs: THUMBNAIL_TIMEOUT_MS,
        signal,
      });
    },
  };
}

/**
 * The longest the media steps of one conversion may run by their own timeouts: each clip's and the
 * output's probe (with its packet scan), the render of `totalSeconds` of clips, and the thumbnail. A job
 * running a conversion must be given longer than this (docs/decisions/0085).
 */
export function conversionTimeoutMs(clipCount: number, totalSeconds: number): number {
  return (clipCount + 1) * 2 * PROBE_TIMEOUT_MS + renderTimeoutMs(totalSeconds) + THUMBNAIL_TIMEOUT_MS;
}
