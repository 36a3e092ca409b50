import { describe, expect, it } from 'vitest';
import { spokenLength, unsavedSentence } from './recovery';

describe('the recovery offer in words', () => {
  it('says a length in hours, minutes and seconds, leaving out the empty parts', () => {
    expect(spokenLength(192)).toBe('3 min 12 s');
    expect(spokenLength(45.4)).toBe('45 s');
    expect(spokenLength(120)).toBe('2 min');
    expect(spokenLength(3725)).toBe('1 h 2 min 5 s');
    expect(spokenLength(0)).toBe('0 s');
  });

  it("names the local start time, and the day when it was not today's", () => {
    const started = new Date(2026, 10, 29, 14, 2, 30);
    const meta = { startedAt: started.toISOString(), seconds: 192 };
    expect(unsavedSentence(meta, new Date(2026, 10, 29, 18, 0))).toBe(
      'You have a recording from 14:02 (3 min 12 s) that was not saved.',
    );
    const later = unsavedSentence(meta, new Date(2026, 11, 1, 9, 0));
    expect(later).toMatch(/^You have a recording from .*2026, 14:02 \(3 min 12 s\) that was not saved\.$/);
    expect(later).not.toBe('You have a recording from 14:02 (3 min 12 s) that was not saved.');
  });
});
