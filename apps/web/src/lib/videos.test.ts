import { describe, expect, it } from 'vitest';
import { creatorName, durationLabel, durationSeconds, formatSeconds } from './videos';

describe('video durations', () => {
  it('reads HH:MM:SS, MM:SS and seconds', () => {
    expect(durationSeconds('00:01:05')).toBe(65);
    expect(durationSeconds('01:00:00')).toBe(3600);
    expect(durationSeconds('02:03')).toBe(123);
    expect(durationSeconds('7')).toBe(7);
    expect(durationSeconds('00:00:02.5')).toBe(3);
  });

  it('returns null for missing or malformed text', () => {
    expect(durationSeconds(null)).toBeNull();
    expect(durationSeconds('')).toBeNull();
    expect(durationSeconds('ab:cd')).toBeNull();
    expect(durationSeconds('1:2:3:4')).toBeNull();
  });

  it('formats a short clock', () => {
    expect(formatSeconds(7)).toBe('0:07');
    expect(formatSeconds(65)).toBe('1:05');
    expect(formatSeconds(3723)).toBe('1:02:03');
    expect(durationLabel('00:00:42')).toBe('0:42');
    expect(durationLabel(null)).toBeNull();
  });

  it('names the creator', () => {
    expect(creatorName({ first_name: 'Ada', last_name: 'Lovelace', email: null })).toBe('Ada Lovelace');
    expect(creatorName(null)).toBe('');
  });
});
