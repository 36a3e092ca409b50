import { ACCEPTED_FORMATS, type MediaInfo } from './probe';

/**
 * Pure builders of ffmpeg/ffprobe argument lists: no process, no file system, so every rule of the
 * pipeline (which inputs are copied, how clips are normalised before joining) is unit-tested.
 */

export interface EncodeSettings {
  /** x264 preset: `veryfast` keeps a 60 s 720p clip well above 2× real time on two cores (bench). */
  preset: string;
  crf: number;
  fps: number;
  audioRate: number;
  audioBitrate: string;
  /** Longest side × shortest side the output may have (landscape; portrait is the same box turned). */
  maxLong: number;
  maxShort: number;
}

export const DEFAULT_ENCODE: EncodeSettings = {
  preset: 'veryfast',
  crf: 23,
  fps: 30,
  audioRate: 48000,
  audioBitrate: '128k',
  maxLong: 1280,
  maxShort: 720,
};

export interface MediaInput {
  path: string;
  info: MediaInfo;
  /** The clip's length in seconds (probed, or measured by a packet scan); for a trimmed clip, the part kept. */
  durationSeconds: number;
  /** A trimmed clip: where the part kept starts, in seconds of the clip (it lasts `durationSeconds`). */
  startSeconds?: number;
}

/**
 * The demuxers an upload may be opened with: the accepted containers, none of which opens the files it
 * names. HLS, DASH, concat lists and image sequences do, so a crafted upload read as one of them could
 * pull another account's media, or any file of the server, into a video (docs/decisions/0081).
 */
export const DEMUXER_ALLOW_LIST: readonly string[] = Object.keys(ACCEPTED_FORMATS);

/**
 * Before every input, for ffprobe and ffmpeg alike: only the `file` protocol (no http, `concat:`,
 * `subfile:`, `data:`…, also for anything a demuxer opens), and only allow-listed demuxers, checked
 * after probing as well, so a file that probes as a playlist is refused instead of followed.
 */
export const UNTRUSTED_INPUT_OPTIONS: readonly string[] = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  DEMUXER_ALLOW_LIST.join(','),
];

/** `file:` names the protocol outright: no name is ever read as another protocol (`concat:a|b`, `http:`). */
export const fileUrl = (file: string) => `file:${file}`;

/**
 * The demuxer probing found, given to ffmpeg with `-f`: ffmpeg reads the file as what ffprobe checked
 * instead of guessing again (older builds guess a playlist where newer ones see MPEG-TS).
 */
export function demuxerOf(info: MediaInfo): string {
  const name = info.formatNames.find((format) => DEMUXER_ALLOW_LIST.includes(format));
  if (!name) throw new Error(`No accepted demuxer among ${info.formatNames.join(',')}`);
  return name;
}

/** One input of ffmpeg: its demuxer, the untrusted-input options, then the file. */
function inputArgs(input: Pick<MediaInput, 'path' | 'info'>): string[] {
  return ['-f', demuxerOf(input.info), ...UNTRUSTED_INPUT_OPTIONS, '-i', fileUrl(input.path)];
}

/**
 * A trimmed clip is read from its start for its kept length. Converted, ffmpeg decodes from the keyframe
 * before the start and drops the frames before it, so the first frame is the one at the start exactly.
 */
function convertedInputArgs(input: MediaInput): string[] {
  const trim =
    input.startSeconds === undefined
      ? []
      : ['-ss', input.startSeconds.toFixed(3), '-t', input.durationSeconds.toFixed(3)];
  return [...trim, ...inputArgs(input)];
}

export function probeArgs(file: string): string[] {
  return [
    '-v',
    'error',
    ...UNTRUSTED_INPUT_OPTIONS,
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    fileUrl(file),
  ];
}

/**
 * Lists every packet's stream, time and length: what a player plays, read from the streams themselves.
 * The header's duration fields are a claim anyone can edit; the packets' timestamps are the video.
 */
export function packetScanArgs(file: string, info: MediaInfo): string[] {
  return [
    '-v',
    'error',
    '-f',
    demuxerOf(info),
    ...UNTRUSTED_INPUT_OPTIONS,
    '-show_entries',
    'packet=stream_index,pts_time,duration_time',
    '-of',
    'csv=p=0',
    fileUrl(file),
  ];
}

const COPYABLE_CONTAINERS = ['mov', 'mp4', 'matroska'];
const BROWSER_PIXEL_FORMATS = ['yuv420p', 'yuvj420p'];

/**
 * A single clip that is already H.264 (8-bit 4:2:0) with AAC or no audio, in an MP4/QuickTime or Matroska
 * container, plays everywhere once remuxed with the index first: no re-encode, so it is ready in
 * well under a second.
 */
export function canCopy(inputs: readonly MediaInput[]): boolean {
  if (inputs.length !== 1) return false;
  const { info } = inputs[0]!;
  return (
    info.formatNames.some((name) => COPYABLE_CONTAINERS.includes(name)) &&
    info.video.codec === 'h264' &&
    info.video.pixFmt !== null &&
    BROWSER_PIXEL_FORMATS.includes(info.video.pixFmt) &&
    (info.audio === null || info.audio.codec === 'aac')
  );
}

/**
 * Clips that can be joined end to end without a re-encode: each would be copied on its own, in an
 * MP4/QuickTime container (the pipeline's own output), and all carry the same streams with the same
 * parameters, so the first clip's header describes every packet of the joined file.
 */
export function canJoinByCopy(inputs: readonly MediaInput[]): boolean {
  if (inputs.length < 2) return false;
  const [first, ...rest] = inputs.map((input) => input.info);
  const single = (info: MediaInfo) =>
    canCopy([{ path: '', info, durationSeconds: 0 }]) && info.formatNames.includes('mov');
  return single(first!) && rest.every((info) => single(info) && sameStreams(first!, info));
}

/** Same stream count, and the same picture and sound parameters ffprobe reports. */
export function sameStreams(a: MediaInfo, b: MediaInfo): boolean {
  const video = (info: MediaInfo) => [
    info.video.codec,
    info.video.width,
    info.video.height,
    info.video.pixFmt,
    info.video.frameRate,
    info.video.timeBase,
    info.video.profile,
    info.video.level,
    info.video.rotation,
  ];
  const audio = (info: MediaInfo) =>
    info.audio ? [info.audio.codec, info.audio.sampleRate, info.audio.channels] : [];
  const known = (values: unknown[]) => values.every((value) => value !== null);
  const [va, vb, aa, ab] = [video(a), video(b), audio(a), audio(b)];
  return (
    a.playedIndexes.length === b.playedIndexes.length &&
    known(va) &&
    known(aa) &&
    JSON.stringify(va) === JSON.stringify(vb) &&
    JSON.stringify(aa) === JSON.stringify(ab)
  );
}

/**
 * The concat demuxer's list for clips in the job folder. Only names the pipeline chose ("input-0"…) are
 * written; anything else is a programming error, refused, so a list can never point outside the folder.
 */
export function concatList(names: readonly string[]): string {
  for (const name of names)
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`Unsafe clip name ${name}`);
  return `ffconcat version 1.0\n${names.map((name) => `file '${name}'\n`).join('')}`;
}

/**
 * Joins the clips named in `list` (see `concatList`) by stream copy into an MP4 with its index first,
 * like a remux. `-safe 1` keeps the list to plain relative names; the protocol and demuxer allow-lists
 * carry over to the clips the list opens, so only local files of the accepted types are read.
 */
export function concatCopyArgs(list: string, output: string, maxSeconds?: number): string[] {
  return [
    '-y',
    '-v',
    'error',
    '-nostdin',
    '-f',
    'concat',
    '-safe',
    '1',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    ['concat', ...DEMUXER_ALLOW_LIST].join(','),
    '-i',
    fileUrl(list),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...mp4Output(output, maxSeconds),
  ];
}

/** `-t`: the output ends at the paid length, whatever the input holds beyond it. */
const cutAt = (maxSeconds: number | undefined) =>
  maxSeconds === undefined ? [] : ['-t', maxSeconds.toFixed(3)];

/** How a remux and a conversion end: cut at the paid length, an MP4 with its index up front, to `output`. */
const mp4Output = (output: string, maxSeconds: number | undefined) => [
  ...cutAt(maxSeconds),
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  fileUrl(output),
];

export function remuxArgs(input: MediaInput, output: string, maxSeconds?: number): string[] {
  return [
    '-y',
    '-v',
    'error',
    '-nostdin',
    ...inputArgs(input),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...mp4Output(output, maxSeconds),
  ];
}

/** The first clip's upright size, scaled down to fit the box (never up), even numbers for x264. */
export function targetSize(
  first: MediaInfo,
  settings: EncodeSettings = DEFAULT_ENCODE,
): { width: number; height: number } {
  const turned = first.video.rotation === 90 || first.video.rotation === 270;
  const width = turned ? first.video.height : first.video.width;
  const height = turned ? first.video.width : first.video.height;
  const [boxW, boxH] =
    width >= height ? [settings.maxLong, settings.maxShort] : [settings.maxShort, settings.maxLong];
  const scale = Math.min(1, boxW / width, boxH / height);
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

const seconds = (value: number) => value.toFixed(3);

/**
 * Joins the clips in order into one H.264/AAC MP4 with the index first. Every clip is brought to the same
 * frame (scaled into the first clip's size, letterboxed, square pixels), the same frame rate, and the same
 * audio (48 kHz stereo AAC); a clip without sound gets silence of its own length, and audio is padded or
 * cut to the clip's length so sound and picture stay together across the joins.
 */
export function transcodeArgs(
  inputs: readonly MediaInput[],
  output: string,
  settings: EncodeSettings = DEFAULT_ENCODE,
  maxSeconds?: number,
): string[] {
  if (inputs.length === 0) throw new Error('transcodeArgs needs at least one input');
  const { width, height } = targetSize(inputs[0]!.info, settings);
  const audioFormat = `aresample=${settings.audioRate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const chains: string[] = [];
  const joined: string[] = [];
  inputs.forEach((input, i) => {
    const length = seconds(input.durationSeconds);
    chains.push(
      `[${i}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${settings.fps},format=yuv420p,` +
        `trim=duration=${length},setpts=PTS-STARTPTS[v${i}]`,
    );
    chains.push(
      input.info.audio
        ? `[${i}:a:0]${audioFormat},apad,atrim=duration=${length},asetpts=PTS-STARTPTS[a${i}]`
        : `anullsrc=r=${settings.audioRate}:cl=stereo,atrim=duration=${length},asetpts=PTS-STARTPTS[a${i}]`,
    );
    joined.push(`[v${i}][a${i}]`);
  });
  const graph = `${chains.join(';')};${joined.join('')}concat=n=${inputs.length}:v=1:a=1[v][a]`;
  return [
    '-y',
    '-v',
    'error',
    '-nostdin',
    ...inputs.flatMap(convertedInputArgs),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    settings.preset,
    '-crf',
    String(settings.crf),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    settings.audioBitrate,
    '-ar',
    String(settings.audioRate),
    '-ac',
    '2',
    '-max_muxing_queue_size',
    '1024',
    ...mp4Output(output, maxSeconds),
  ];
}

/** One JPEG frame from early in the video (1 s in, or the middle of a shorter one), at most 640 px wide. */
export function thumbnailArgs(video: MediaInput, output: string): string[] {
  const at = Math.max(0, Math.min(1, video.durationSeconds / 2));
  return [
    '-y',
    '-v',
    'error',
    '-nostdin',
    '-ss',
    seconds(at),
    ...inputArgs(video),
    '-frames:v',
    '1',
    '-vf',
    "scale='min(640,iw)':-2",
    '-q:v',
    '3',
    '-f',
    'image2',
    fileUrl(output),
  ];
}

/**
 * The sound of a stored MP4 (the pipeline's own output) as automatic captions read it: 16 kHz mono 32-bit
 * float samples, raw, the shape the voice-activity model and the recognizer take.
 */
export function speechAudioArgs(video: string, output: string): string[] {
  return [
    '-y',
    '-v',
    'error',
    '-nostdin',
    '-f',
    'mp4',
    ...UNTRUSTED_INPUT_OPTIONS,
    '-i',
    fileUrl(video),
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    'f32le',
    fileUrl(output),
  ];
}
