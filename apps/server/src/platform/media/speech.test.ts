import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findSpeech, mergeForRecognition, SPEECH_SAMPLE_RATE, type SpeechSegment } from './speech';

/**
 * Real recorded speech: Debian's pocketsphinx-testdata ships LibriVox readings of Sense and Sensibility,
 * one sentence per file, read without leading silence. Laid end to end with known pauses between them,
 * each sentence's place in the whole is known to the sample.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIPS = ['0870', '0880', '0890', '0920', '0930'].map(
  (id) => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`,
);

/** A 16-bit PCM WAV file's samples in [-1, 1]. */
function wavSamples(file: string): Float32Array {
  const bytes = readFileSync(file);
  expect(bytes.readUInt32LE(24), `${file}: sample rate`).toBe(SPEECH_SAMPLE_RATE);
  const data = bytes.indexOf('data', 12);
  const count = bytes.readUInt32LE(data + 4) / 2;
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(data + 8 + 2 * i) / 32768;
  return samples;
}

/** The clips with `pause` seconds of quiet room noise before, between and after them, and where each is. */
function readingWithPauses(pause: number) {
  const clips = CLIPS.map(wavSamples);
  const gap = Math.round(pause * SPEECH_SAMPLE_RATE);
  const total = clips.reduce((sum, clip) => sum + clip.length + gap, gap);
  const samples = new Float32Array(total);
  // Faint noise rather than digital silence: a room is never silent.
  let seed = 7;
  for (let i = 0; i < total; i++)
    samples[i] = ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.002;
  const known: SpeechSegment[] = [];
  let at = gap;
  for (const clip of clips) {
    samples.set(clip, at);
    known.push({ start: at / SPEECH_SAMPLE_RATE, end: (at + clip.length) / SPEECH_SAMPLE_RATE });
    at += clip.length + gap;
  }
  return { samples, known };
}

describe('speech segments', () => {
  it('the test recordings are installed (apt-get install pocketsphinx-testdata)', () => {
    for (const clip of CLIPS) expect(existsSync(clip), clip).toBe(true);
  });

  it('finds each read sentence within half a second of where it is, and nothing in the pauses', () => {
    const { samples, known } = readingWithPauses(2.5);
    const found = findSpeech(samples);
    expect(found).toHaveLength(known.length);
    found.forEach((segment, index) => {
      expect(
        Math.abs(segment.start - known[index]!.start),
        `start of sentence ${index + 1}`,
      ).toBeLessThanOrEqual(0.5);
      expect(Math.abs(segment.end - known[index]!.end), `end of sentence ${index + 1}`).toBeLessThanOrEqual(
        0.5,
      );
    });
  });

  it('finds nothing in a recording of a quiet room', () => {
    const { samples } = readingWithPauses(1);
    expect(findSpeech(samples.subarray(0, Math.round(0.9 * SPEECH_SAMPLE_RATE)))).toEqual([]);
    expect(findSpeech(new Float32Array(10 * SPEECH_SAMPLE_RATE))).toEqual([]);
  });

  it('joins neighbouring sentences into pieces of at most 25 s for the recognizer', () => {
    const { samples } = readingWithPauses(2.5);
    const found = findSpeech(samples);
    const pieces = mergeForRecognition(found);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.length).toBeLessThan(found.length);
    for (const piece of pieces) expect(piece.end - piece.start).toBeLessThanOrEqual(25);
    // Every sentence is inside exactly one piece, in order, and nothing is dropped.
    for (const segment of found)
      expect(pieces.filter((piece) => piece.start <= segment.start && segment.end <= piece.end)).toHaveLength(
        1,
      );
    expect(pieces[0]!.start).toBe(found[0]!.start);
    expect(pieces.at(-1)!.end).toBe(found.at(-1)!.end);
  });

  it('merges by span, not by count', () => {
    const at = (start: number, end: number) => ({ start, end });
    expect(mergeForRecognition([at(0, 10), at(11, 20), at(21, 26), at(27, 30)])).toEqual([
      at(0, 20),
      at(21, 30),
    ]);
    expect(mergeForRecognition([at(0, 40)])).toEqual([at(0, 40)]);
    expect(mergeForRecognition([])).toEqual([]);
  });
});
