import { z } from 'zod';

/**
 * What ffprobe says about a file, validated: ffprobe's JSON is input from another program, and a
 * malformed or hostile file can make it print surprising things.
 */
const numberish = z
  .union([z.number(), z.string()])
  .transform((value) => Number(value))
  .pipe(z.number());

const probeStream = z.looseObject({
  index: z.number().int(),
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  pix_fmt: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: numberish.optional().catch(undefined),
  sample_rate: numberish.optional().catch(undefined),
  channels: z.number().int().optional(),
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
  tags: z.record(z.string(), z.string()).optional().catch(undefined),
  side_data_list: z
    .array(z.looseObject({ rotation: z.number().optional() }))
    .optional()
    .catch(undefined),
});

export const probeOutputSchema = z.object({
  streams: z.array(probeStream).default([]),
  format: z
    .looseObject({
      format_name: z.string(),
      duration: numberish.optional().catch(undefined),
    })
    .optional(),
});
export type ProbeOutput = z.infer<typeof probeOutputSchema>;

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
  pixFmt: string | null;
  /** The video stream's own length, when the container gives one. */
  durationSeconds: number | null;
  /** Clockwise rotation the player applies (phones record portrait as rotated landscape). */
  rotation: 0 | 90 | 180 | 270;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number | null;
  channels: number | null;
}

export interface MediaInfo {
  formatNames: string[];
  /** Seconds; null when the container does not say (e.g. a browser recording streamed as WebM). */
  durationSeconds: number | null;
  video: VideoStreamInfo;
  audio: AudioStreamInfo | null;
}

/**
 * The spec's list of accepted types (mp4, webm, ogg, avi, mpeg, quicktime, x-matroska, x-ms-wmv,
 * x-msvideo), as ffprobe names their containers. Judged by content: the file name is never looked at.
 */
export const ACCEPTED_FORMATS: Readonly<Record<string, string>> = {
  mov: 'quicktime',
  mp4: 'mp4',
  m4a: 'mp4',
  '3gp': 'mp4',
  '3g2': 'mp4',
  mj2: 'mp4',
  matroska: 'x-matroska',
  webm: 'webm',
  ogg: 'ogg',
  avi: 'x-msvideo',
  mpeg: 'mpeg',
  mpegts: 'mpeg',
  mpegvideo: 'mpeg',
  asf: 'x-ms-wmv',
};

export class UnsupportedMediaError extends Error {}

/** ffprobe's JSON → what the pipeline needs, or an UnsupportedMediaError when it is not an accepted video. */
export function interpretProbe(raw: unknown): MediaInfo {
  const parsed = probeOutputSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.format) throw new UnsupportedMediaError('Not a media file');
  const { streams, format } = parsed.data;
  const formatNames = format.format_name.split(',').map((name) => name.trim());
  if (!formatNames.some((name) => name in ACCEPTED_FORMATS)) {
    throw new UnsupportedMediaError(`Unsupported container: ${format.format_name}`);
  }
  // Cover art in an audio file is a "video" stream too: it does not make the file a video.
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  if (!video) throw new UnsupportedMediaError('No video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = positive(format.duration) ?? positive(video.duration);
  return {
    formatNames,
    durationSeconds: duration,
    video: {
      codec: video.codec_name ?? 'unknown',
      width: video.width ?? 0,
      height: video.height ?? 0,
      pixFmt: video.pix_fmt ?? null,
      durationSeconds: positive(video.duration),
      rotation: rotationOf(video),
    },
    audio: audio
      ? {
          codec: audio.codec_name ?? 'unknown',
          sampleRate: positive(audio.sample_rate),
          channels: audio.channels ?? null,
        }
      : null,
  };
}

/** The end of the last video packet, from `packetScanArgs` output (csv lines `pts_time,duration_time`). */
export function durationFromPacketScan(csv: string): number | null {
  let end = 0;
  for (const line of csv.split('\n')) {
    const [pts, duration] = line.split(',');
    const start = Number(pts);
    if (!Number.isFinite(start)) continue;
    const length = Number(duration);
    end = Math.max(end, start + (Number.isFinite(length) ? length : 0));
  }
  return end > 0 ? end : null;
}

function positive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

function rotationOf(stream: z.infer<typeof probeStream>): VideoStreamInfo['rotation'] {
  const fromTag = stream.tags?.rotate === undefined ? undefined : Number(stream.tags.rotate);
  const fromSideData = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  // Side data counts counter-clockwise (-90 = the player turns it 90° clockwise), the tag clockwise.
  const degrees = fromTag ?? (fromSideData === undefined ? 0 : -fromSideData);
  const normalised = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalised as VideoStreamInfo['rotation'];
}
