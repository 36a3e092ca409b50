import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatWhen, localDateIso, localTimeHm, NO_DATE, toTimeInput } from './dates';

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

describe('the one way dates are written (docs/product.md §12)', () => {
  // A moment built in the reader's zone, so the expected day and time hold in whatever zone the test runs.
  const moment = new Date(2026, 10, 22, 9, 5);
  const iso = moment.toISOString();

  it('a day reads "22 November 2026", in the reader\'s zone', () => {
    expect(formatDay(iso)).toBe('22 November 2026');
    // Just before midnight here is still that day, whatever the UTC date is.
    expect(formatDay(new Date(2026, 10, 22, 23, 59).toISOString())).toBe('22 November 2026');
  });

  it('a moment adds its 24-hour time: "22 November 2026 at 09:05"', () => {
    expect(formatWhen(iso)).toBe('22 November 2026 at 09:05');
    expect(formatWhen(new Date(2026, 10, 22, 18, 40).toISOString())).toBe('22 November 2026 at 18:40');
  });

  it('the calendar date of a schedule and the day of an instant read alike', () => {
    expect(formatDay(iso)).toBe(formatDate('2026-11-22'));
  });

  it('no date reads "—"; text that is no date is shown as it came', () => {
    for (const none of [null, undefined, '']) {
      expect(formatDay(none)).toBe(NO_DATE);
      expect(formatWhen(none)).toBe(NO_DATE);
    }
    expect(formatDay('soon')).toBe('soon');
    expect(formatWhen('soon')).toBe('soon');
  });
});
