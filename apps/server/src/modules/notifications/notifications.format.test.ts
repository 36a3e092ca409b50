import { describe, expect, it } from 'vitest';
import { formatDateTime } from './notifications.format';

/**
 * formatDateTime remembers the minutes it formatted (docs/operations.md §Request pipeline): the memory must
 * never mix answers.
 */
describe('formatDateTime, remembered by minute and zone', () => {
  it('gives each zone and each minute its own text, again and again', () => {
    const instant = new Date('2026-03-08T06:59:30Z');
    for (let round = 0; round < 3; round += 1) {
      expect(formatDateTime(instant)).toBe('Mar 8, 2026 6:59 AM');
      expect(formatDateTime(instant, 'America/New_York')).toBe('Mar 8, 2026 1:59 AM');
      expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('Mar 8, 2026 12:29 PM');
      // The next minute: New York's clocks jump from 2:00 to 3:00 at 07:00 UTC.
      expect(formatDateTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(
        'Mar 8, 2026 3:00 AM',
      );
      // Seconds within one minute share the text.
      expect(formatDateTime(new Date('2026-03-08T06:59:00Z'))).toBe('Mar 8, 2026 6:59 AM');
    }
  });

  it('stays right past its bound of remembered minutes', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let minute = 0; minute < 10_050; minute += 1) formatDateTime(new Date(start + minute * 60_000));
    expect(formatDateTime(new Date(start))).toBe('Jan 1, 2026 12:00 AM');
    expect(formatDateTime(new Date(start + 10_049 * 60_000))).toBe('Jan 7, 2026 11:29 PM');
  });
});
