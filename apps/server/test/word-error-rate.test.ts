import { describe, expect, it } from 'vitest';
import { librivoxTranscript } from './librivox';
import { wordErrorRate, wordsOf } from './word-error-rate';

describe('word error rate', () => {
  it('is 0 for the same words, whatever their case and punctuation', () => {
    expect(
      wordErrorRate('He was not an ill disposed young man.', 'he was NOT an ill-disposed young man'),
    ).toBe(0);
    expect(wordErrorRate("It's a day, a fine day!", "it's a day a fine day")).toBe(0);
  });

  it('counts a substitution, a deletion and an insertion once each, over the words said', () => {
    const said = 'he might even have been made amiable himself';
    expect(wordErrorRate(said, 'he might even have been made amiable herself')).toBe(1 / 8);
    expect(wordErrorRate(said, 'he might have been made amiable himself')).toBe(1 / 8);
    expect(wordErrorRate(said, 'and he might even have been made amiable himself')).toBe(1 / 8);
    expect(wordErrorRate(said, '')).toBe(1);
    // More words heard than said: the rate passes 1.
    expect(wordErrorRate('yes', 'no no no')).toBe(3);
  });

  it('needs a reference with words', () => {
    expect(() => wordErrorRate(' .. ', 'words')).toThrow(/reference/);
    expect(wordsOf('  ')).toEqual([]);
  });

  it("reads the LibriVox clips' reference words from the package's transcription", () => {
    const all = librivoxTranscript();
    expect(all.startsWith('and mister john dashwood had then leisure')).toBe(true);
    expect(all.endsWith('he might even have been made amiable himself')).toBe(true);
    expect(wordsOf(all)).toHaveLength(71);
    expect(librivoxTranscript(2)).toBe(
      'and mister john dashwood had then leisure to consider how much there might be prudently in his ' +
        'power to do for them he was not an ill disposed young man',
    );
  });
});
