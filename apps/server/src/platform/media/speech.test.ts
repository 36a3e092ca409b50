import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIPS, readingWithPauses } from '../../../test/librivox';
import { findSpeech, mergeForRecognition, SPEECH_SAMPLE_RATE } from './speech';

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
