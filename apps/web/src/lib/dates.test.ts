import { describe, expect, it } from 'vitest';
import { formatDate, localDateIso, localTimeHm, toTimeInput } from './dates';

describe('schedule dates', () => {
  const now = new Date(2027, 2, 12, 14, 30);

  it('formats local dates and times for inputs', () => {
    expect(localDateIso(now)).toBe('2027-03-12');
    expect(localTimeHm(now)).toBe('14:30');
    expect(toTimeInput('09:05:00')).toBe('09:05');
    expect(toTimeInput(null)).toBe('');
  });

  it('writes a date for people', () => {
    expect(formatDate('2027-03-12')).toBe('12 March 2027');
  });
});
