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
  time_base: z.string().optional(),
  profile: z.string().optional().catch(undefined),
  level: z.number().int().optional().catch(undefined),
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
  /** Frame rate and time base as ffprobe writes them ("30/1", "1/15360"), the codec profile and level. */
  frameRate: string | null;
  timeBase: string | null;
  profile: string | null;
  level: number | null;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number | null;
  channels: number | null;
}

export interface MediaInfo {
  formatNames: string[];
  /**
   * What the container's header claims, in seconds; null when it does not say (a browser recording
   * streamed as WebM). Only a claim: anyone can edit it, so no length that counts is taken from it.
   */
  durationSeconds: number | null;
  /** ffprobe's index of the picture stream, and of every sound and picture stream a player would play. */
  videoIndex: number;
  playedIndexes: number[];
  video: VideoStreamInfo;
  audio: AudioStreamInfo | null;
}

/**
 * The contract's list of accepted types (mp4, webm, ogg, avi, mpeg, quicktime, x-matroska, x-ms-wmv,
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
  const played = streams.filter(
    (s) => (s.codec_type === 'video' && !s.disposition?.attached_pic) || s.codec_type === 'audio',
  );
  return {
    formatNames,
    durationSeconds: duration,
    videoIndex: video.index,
    playedIndexes: played.map((s) => s.index),
    video: {
      codec: video.codec_name ?? 'unknown',
      width: video.width ?? 0,
      height: video.height ?? 0,
      pixFmt: video.pix_fmt ?? null,
      durationSeconds: positive(video.duration),
      rotation: rotationOf(video),
      frameRate: video.r_frame_rate ?? null,
      timeBase: video.time_base ?? null,
      profile: video.profile ?? null,
      level: video.level ?? null,
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

export interface PacketSpan {
  /** From the earliest packet of any counted stream to the end of the latest one, in seconds. */
  totalSeconds: number | null;
  /** The same for the picture stream alone. */
  videoSeconds: number | null;
}

/**
 * Reads a packet scan (`packetScanArgs`: csv lines `stream_index,pts_time,duration_time`) as it streams
 * in, keeping only the earliest start and latest end of each counted stream: memory stays constant
 * however many packets a file holds, and no line is dropped from the middle or the end.
 */
export function createPacketSpanReader(info: Pick<MediaInfo, 'videoIndex' | 'playedIndexes'>) {
  const spans = new Map<number, { start: number; end: number }>();
  let rest = '';
  const line = (text: string) => {
    const [index, pts, duration] = text.split(',');
    const stream = Number(index);
    const start = Number(pts);
    if (!info.playedIndexes.includes(stream) || pts === '' || !Number.isFinite(start)) return;
    const length = Number(duration);
    const end = start + (Number.isFinite(length) && length > 0 ? length : 0);
    const span = spans.get(stream);
    if (!span) spans.set(stream, { start, end });
    else {
      span.start = Math.min(span.start, start);
      span.end = Math.max(span.end, end);
    }
  };
  const length = (list: Array<{ start: number; end: number }>) => {
    if (list.length === 0) return null;
    const seconds = Math.max(...list.map((s) => s.end)) - Math.min(...list.map((s) => s.start));
    return seconds > 0 ? seconds : null;
  };
  return {
    push(chunk: string) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const text of lines) line(text.trim());
    },
    result(): PacketSpan {
      if (rest) line(rest.trim());
      rest = '';
      const video = spans.get(info.videoIndex);
      return { totalSeconds: length([...spans.values()]), videoSeconds: length(video ? [video] : []) };
    },
  };
}

/** A whole packet scan at once (tests, small outputs). */
export function packetSpanOf(csv: string, info: Pick<MediaInfo, 'videoIndex' | 'playedIndexes'>): PacketSpan {
  const reader = createPacketSpanReader(info);
  reader.push(csv);
  return reader.result();
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
