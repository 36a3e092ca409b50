import { describe, expect, it } from 'vitest';
import { canRecord, pickMimeType, recordingName } from './use-recorder';

describe('recorder helpers', () => {
  it('names a recording after its local start time, as webm (mp4 only when that is all the browser records)', () => {
    const at = new Date(2026, 10, 22, 9, 5, 7);
    expect(recordingName(at)).toBe('recording-2026-11-22T09-05-07.webm');
    expect(recordingName(at, 'video/webm;codecs=vp8,opus')).toBe('recording-2026-11-22T09-05-07.webm');
    expect(recordingName(at, 'video/mp4')).toBe('recording-2026-11-22T09-05-07.mp4');
  });

  it('prefers WebM with VP9, then VP8, then any WebM, then MP4', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((type) => type !== 'video/webm;codecs=vp9,opus')).toBe('video/webm;codecs=vp8,opus');
    expect(pickMimeType((type) => type.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a');
    expect(pickMimeType(() => false)).toBeUndefined();
  });

  it('reports no recording support without MediaRecorder or a camera API (as in jsdom)', () => {
    expect(canRecord()).toBe(false);
  });
});
