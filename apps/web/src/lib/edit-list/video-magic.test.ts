import { describe, expect, it } from 'vitest';
import { isVideoSignature, looksLikeVideo } from './video-magic';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('a picked file is a video by its first bytes', () => {
  it.each([
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom')],
    ['QuickTime', bytes([0, 0, 0, 8], 'wide')],
    ['WebM / Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f])],
    ['Ogg', bytes('OggS', [0, 2])],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['MPEG', bytes([0, 0, 1, 0xba, 0x44])],
    ['WMV', bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6])],
  ])('%s is accepted', (_name, head) => {
    expect(isVideoSignature(head)).toBe(true);
  });

  it.each([
    ['text', bytes('not a video at all')],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['PDF', bytes('%PDF-1.7')],
    ['WAV (RIFF but not AVI)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['empty', bytes()],
  ])('%s is refused', (_name, head) => {
    expect(isVideoSignature(head)).toBe(false);
  });

  it('reads the file itself, whatever its name or claimed type', async () => {
    expect(await looksLikeVideo(new File(['just some notes'], 'holiday.mp4', { type: 'video/mp4' }))).toBe(
      false,
    );
    expect(await looksLikeVideo(new File([bytes([0, 0, 0, 0x18], 'ftypmp42')], 'x.mp4'))).toBe(true);
  });
});
