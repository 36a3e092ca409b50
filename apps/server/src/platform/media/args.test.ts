import { describe, expect, it } from 'vitest';
import {
  canCopy,
  canJoinByCopy,
  concatCopyArgs,
  concatList,
  demuxerOf,
  DEMUXER_ALLOW_LIST,
  packetScanArgs,
  probeArgs,
  remuxArgs,
  targetSize,
  thumbnailArgs,
  transcodeArgs,
  type MediaInput,
} from './args';
import {
  createPacketSpanReader,
  interpretProbe,
  packetSpanOf,
  UnsupportedMediaError,
  type MediaInfo,
} from './probe';

const info = (
  overrides: Omit<Partial<MediaInfo>, 'video'> & { video?: Partial<MediaInfo['video']> } = {},
): MediaInfo => ({
  formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
  durationSeconds: 3,
  videoIndex: 0,
  playedIndexes: [0, 1],
  audio: { codec: 'aac', sampleRate: 44100, channels: 1 },
  ...overrides,
  video: {
    codec: 'h264',
    width: 640,
    height: 360,
    pixFmt: 'yuv420p',
    rotation: 0,
    frameRate: '30/1',
    timeBase: '1/15360',
    profile: 'High',
    level: 31,
    durationSeconds: 3,
    ...overrides.video,
  },
});
const input = (i: MediaInfo, path = '/in.mp4', durationSeconds = 3): MediaInput => ({
  path,
  info: i,
  durationSeconds,
});

describe('canCopy', () => {
  it('copies a single H.264/AAC MP4 and a single H.264 clip without sound', () => {
    expect(canCopy([input(info())])).toBe(true);
    expect(canCopy([input(info({ audio: null }))])).toBe(true);
    expect(canCopy([input(info({ formatNames: ['matroska', 'webm'] }))])).toBe(true);
  });

  it('re-encodes anything else: two clips, other codecs, 4:4:4 pixels, other containers', () => {
    expect(canCopy([input(info()), input(info())])).toBe(false);
    expect(canCopy([input(info({ video: { codec: 'vp8' } }))])).toBe(false);
    expect(canCopy([input(info({ audio: { codec: 'opus', sampleRate: 48000, channels: 2 } }))])).toBe(false);
    expect(canCopy([input(info({ video: { pixFmt: 'yuv444p' } }))])).toBe(false);
    expect(canCopy([input(info({ formatNames: ['avi'] }))])).toBe(false);
  });
});

describe('argument builders', () => {
  it('remuxes with stream copy and the index first', () => {
    const args = remuxArgs(input(info(), 'input-0'), 'video.mp4');
    expect(args.join(' ')).toContain(
      '-i file:input-0 -map 0:v:0 -map 0:a:0? -c copy -movflags +faststart -f mp4 file:video.mp4',
    );
  });

  it('cuts the output at the paid length, copied or converted', () => {
    const copied = remuxArgs(input(info(), 'input-0'), 'video.mp4', 120);
    expect(copied.join(' ')).toContain('-c copy -t 120.000 -movflags +faststart -f mp4 file:video.mp4');
    const converted = transcodeArgs([input(info(), 'input-0')], 'video.mp4', undefined, 60);
    expect(converted.join(' ')).toContain('-t 60.000 -movflags +faststart -f mp4 file:video.mp4');
    expect(transcodeArgs([input(info(), 'input-0')], 'video.mp4')).not.toContain('-t');
  });

  it('reads a trimmed clip from its start for its kept length, before the input, and only that clip', () => {
    const trimmed = { ...input(info(), 'input-0'), durationSeconds: 7, startSeconds: 5 };
    const args = transcodeArgs([trimmed, input(info(), 'input-1')], 'video.mp4').join(' ');
    expect(args).toContain('-ss 5.000 -t 7.000 -f ');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('file:input-0'));
    expect(args.match(/-ss /g)).toHaveLength(1);
    expect(args).toContain('trim=duration=7.000');
  });

  it('keeps the first clip size when it fits in 1280x720, scales down otherwise, keeps portrait upright', () => {
    expect(targetSize(info({ video: { width: 640, height: 360 } }))).toEqual({ width: 640, height: 360 });
    expect(targetSize(info({ video: { width: 1920, height: 1080 } }))).toEqual({ width: 1280, height: 720 });
    expect(targetSize(info({ video: { width: 1080, height: 1920 } }))).toEqual({ width: 720, height: 1280 });
    // A phone's portrait video stored as rotated landscape.
    expect(targetSize(info({ video: { width: 1920, height: 1080, rotation: 90 } }))).toEqual({
      width: 720,
      height: 1280,
    });
    expect(targetSize(info({ video: { width: 321, height: 241 } }))).toEqual({ width: 322, height: 242 });
  });

  it('joins clips in order with one normalised chain each and silence for a clip without sound', () => {
    const args = transcodeArgs(
      [
        input(info(), '/one.mp4', 3),
        input(info({ audio: null, video: { width: 320, height: 240 } }), '/two.webm', 2.5),
      ],
      '/out.mp4',
    );
    expect(args.filter((a, i) => args[i - 1] === '-i')).toEqual(['file:/one.mp4', 'file:/two.webm']);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[0:v:0]scale=640:360:force_original_aspect_ratio=decrease,pad=640:360');
    expect(graph).toContain('[1:v:0]scale=640:360');
    expect(graph).toContain('fps=30');
    expect(graph).toContain(
      '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=duration=3.000',
    );
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=duration=2.500');
    expect(graph).not.toContain('[1:a:0]');
    expect(graph.endsWith('[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]')).toBe(true);
    const joined = args.join(' ');
    expect(joined).toContain('-c:v libx264 -preset veryfast -crf 23');
    expect(joined).toContain('-c:a aac -b:a 128k -ar 48000 -ac 2');
    expect(joined).toContain('-movflags +faststart -f mp4 file:/out.mp4');
  });

  it('takes the thumbnail 1 s in, or halfway through a shorter clip', () => {
    expect(thumbnailArgs(input(info(), 'video.mp4', 30), 'thumbnail.jpg').slice(0, 8)).toContain('1.000');
    expect(thumbnailArgs(input(info(), 'video.mp4', 0.5), 'thumbnail.jpg')).toContain('0.250');
  });
});

describe('untrusted inputs', () => {
  const mp4 = info();
  const webm = info({ formatNames: ['matroska', 'webm'] });
  const mpeg = info({ formatNames: ['mpeg'] });
  const builders: Array<[string, string[]]> = [
    ['probe', probeArgs('/tmp/upload-1')],
    ['packet scan', packetScanArgs('/tmp/upload-1', webm)],
    ['remux', remuxArgs(input(mp4, 'input-0'), 'video.mp4')],
    [
      'transcode',
      transcodeArgs([input(webm, 'input-0'), input(mpeg, 'input-1'), input(mp4, 'input-2')], 'video.mp4'),
    ],
    ['thumbnail', thumbnailArgs(input(mp4, 'video.mp4'), 'thumbnail.jpg')],
  ];
  const allowList = DEMUXER_ALLOW_LIST.join(',');

  it.each(builders)(
    '%s: every input only through the file protocol, only with allow-listed demuxers',
    (_name, args) => {
      // ffprobe names its input last; ffmpeg after -i.
      const inputs =
        args[0] === '-y' ? args.flatMap((a, i) => (a === '-i' ? [i + 1] : [])) : [args.length - 1];
      expect(inputs.length).toBeGreaterThan(0);
      for (const at of inputs) {
        expect(args[at]).toMatch(/^file:/);
        const options = args.slice(0, at).join(' ');
        expect(options).toContain(`-protocol_whitelist file -format_whitelist ${allowList}`);
      }
      // Every output is a file: URL too, so no name is read as another protocol.
      expect(args.at(-1)).toMatch(/^file:/);
    },
  );

  it('opens each ffmpeg input with the demuxer probing found', () => {
    const demuxersOf = (args: string[]) =>
      args.flatMap((a, i) => (a === '-i' ? [args[args.lastIndexOf('-f', i) + 1]] : []));
    expect(demuxersOf(transcodeArgs([input(webm, 'input-0'), input(mpeg, 'input-1')], 'video.mp4'))).toEqual([
      'matroska',
      'mpeg',
    ]);
    expect(demuxersOf(remuxArgs(input(mp4, 'input-0'), 'video.mp4'))).toEqual(['mov']);
    expect(demuxersOf(thumbnailArgs(input(mp4, 'video.mp4'), 'thumbnail.jpg'))).toEqual(['mov']);
    expect(packetScanArgs('/x', webm).join(' ')).toContain('-f matroska -protocol_whitelist file');
  });

  it('names the first accepted demuxer, never one that opens the files a playlist or list names', () => {
    expect(demuxerOf(info())).toBe('mov');
    expect(demuxerOf(info({ formatNames: ['mpegts'] }))).toBe('mpegts');
    expect(() => demuxerOf(info({ formatNames: ['hls'] }))).toThrow();
    for (const referring of ['hls', 'applehttp', 'concat', 'dash', 'image2', 'image2pipe', 'tee', 'lavfi']) {
      expect(DEMUXER_ALLOW_LIST).not.toContain(referring);
    }
  });
});

describe('probe interpretation', () => {
  const raw = (format_name: string, streams: object[], duration?: string) => ({
    format: { format_name, ...(duration ? { duration } : {}) },
    streams,
  });
  const video = {
    index: 0,
    codec_type: 'video',
    codec_name: 'vp8',
    width: 320,
    height: 240,
    pix_fmt: 'yuv420p',
  };

  it('accepts the spec containers that hold a video stream', () => {
    for (const name of ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg', 'avi', 'mpeg', 'asf']) {
      expect(interpretProbe(raw(name, [video], '2.5')).durationSeconds).toBe(2.5);
    }
  });

  it('refuses other containers, audio-only files and cover art', () => {
    expect(() => interpretProbe(raw('gif', [video], '1'))).toThrow(UnsupportedMediaError);
    expect(() =>
      interpretProbe(raw('mp3', [{ index: 0, codec_type: 'audio', codec_name: 'mp3' }], '1')),
    ).toThrow(UnsupportedMediaError);
    const cover = { ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(() => interpretProbe(raw('mov,mp4,m4a,3gp,3g2,mj2', [cover], '1'))).toThrow(UnsupportedMediaError);
    expect(() => interpretProbe({ nonsense: true })).toThrow(UnsupportedMediaError);
  });

  it('leaves the duration open when the container has none, and reads rotation', () => {
    expect(interpretProbe(raw('matroska,webm', [video])).durationSeconds).toBeNull();
    const turned = { ...video, side_data_list: [{ rotation: -90 }] };
    expect(interpretProbe(raw('mov,mp4,m4a,3gp,3g2,mj2', [turned], '1')).video.rotation).toBe(90);
    expect(
      interpretProbe(raw('mov,mp4,m4a,3gp,3g2,mj2', [{ ...video, tags: { rotate: '270' } }], '1')).video
        .rotation,
    ).toBe(270);
  });

  it('measures the span of the played streams from a packet scan, in any chunking', () => {
    const streams = { videoIndex: 0, playedIndexes: [0, 1] };
    const scan =
      '0,1.400000,0.040000\n1,1.390000,0.021000\n0,4.360000,0.040000\n2,99.0,1\n1,4.420000,0.021000\n';
    expect(packetSpanOf(scan, streams).totalSeconds).toBeCloseTo(3.051);
    expect(packetSpanOf(scan, streams).videoSeconds).toBeCloseTo(3);
    // Split mid-line, as a pipe delivers it.
    const reader = createPacketSpanReader(streams);
    for (let at = 0; at < scan.length; at += 7) reader.push(scan.slice(at, at + 7));
    expect(reader.result().totalSeconds).toBeCloseTo(3.051);
    expect(packetSpanOf('', streams).totalSeconds).toBeNull();
    expect(packetSpanOf('0,N/A,N/A\n', streams).totalSeconds).toBeNull();
  });
});

describe('canJoinByCopy', () => {
  it('joins MP4 clips whose streams match, with or without sound', () => {
    expect(canJoinByCopy([input(info()), input(info())])).toBe(true);
    expect(canJoinByCopy([input(info({ audio: null })), input(info({ audio: null }))])).toBe(true);
  });

  it('re-encodes one clip, a differing stream, an unknown value, or a non-MP4 container', () => {
    expect(canJoinByCopy([input(info())])).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ video: { width: 1280 } }))])).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ video: { frameRate: '25/1' } }))])).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ video: { timeBase: '1/12800' } }))])).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ video: { profile: 'Main' } }))])).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ video: { level: 40 } }))])).toBe(false);
    expect(
      canJoinByCopy([
        input(info()),
        input(info({ audio: { codec: 'aac', sampleRate: 48000, channels: 1 } })),
      ]),
    ).toBe(false);
    expect(
      canJoinByCopy([
        input(info()),
        input(info({ audio: { codec: 'aac', sampleRate: 44100, channels: 2 } })),
      ]),
    ).toBe(false);
    expect(canJoinByCopy([input(info()), input(info({ audio: null, playedIndexes: [0] }))])).toBe(false);
    expect(
      canJoinByCopy([input(info({ video: { pixFmt: null } })), input(info({ video: { pixFmt: null } }))]),
    ).toBe(false);
    const mkv = info({ formatNames: ['matroska', 'webm'] });
    expect(canJoinByCopy([input(mkv), input(mkv)])).toBe(false);
  });
});

describe('concat list and arguments', () => {
  it('lists only plain names of the job folder', () => {
    expect(concatList(['input-0', 'input-1'])).toBe("ffconcat version 1.0\nfile 'input-0'\nfile 'input-1'\n");
    for (const name of ['../secret', '/etc/passwd', "a'b", 'x\nfile y', '.hidden'])
      expect(() => concatList([name])).toThrow();
  });

  it('reads the list as local files of accepted types only, copies, and puts the index first', () => {
    const args = concatCopyArgs('join.ffconcat', 'video.mp4');
    expect(args.join(' ')).toContain('-f concat -safe 1 -protocol_whitelist file -format_whitelist concat,');
    expect(args.join(' ')).toContain('-c copy -movflags +faststart -f mp4 file:video.mp4');
    expect(args).toContain('file:join.ffconcat');
  });
});
