import { describe, expect, it } from 'vitest';
import { canCopy, remuxArgs, targetSize, thumbnailArgs, transcodeArgs, type MediaInput } from './args';
import { durationFromPacketScan, interpretProbe, UnsupportedMediaError, type MediaInfo } from './probe';

const info = (
  overrides: Omit<Partial<MediaInfo>, 'video'> & { video?: Partial<MediaInfo['video']> } = {},
): MediaInfo => ({
  formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
  durationSeconds: 3,
  audio: { codec: 'aac', sampleRate: 44100, channels: 1 },
  ...overrides,
  video: {
    codec: 'h264',
    width: 640,
    height: 360,
    pixFmt: 'yuv420p',
    rotation: 0,
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
    const args = remuxArgs('/a.mov', '/out.mp4');
    expect(args.join(' ')).toContain(
      '-i /a.mov -map 0:v:0 -map 0:a:0? -c copy -movflags +faststart -f mp4 /out.mp4',
    );
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
    expect(args.filter((a, i) => args[i - 1] === '-i')).toEqual(['/one.mp4', '/two.webm']);
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
    expect(joined).toContain('-movflags +faststart -f mp4 /out.mp4');
  });

  it('takes the thumbnail 1 s in, or halfway through a shorter clip', () => {
    expect(thumbnailArgs('/v.mp4', '/t.jpg', 30).slice(0, 8)).toContain('1.000');
    expect(thumbnailArgs('/v.mp4', '/t.jpg', 0.5)).toContain('0.250');
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

  it('measures the end of the last packet from a packet scan', () => {
    expect(durationFromPacketScan('0.000000,0.040000\n2.960000,0.040000\n1.000000,0.040000\n')).toBeCloseTo(
      3,
    );
    expect(durationFromPacketScan('')).toBeNull();
  });
});
