import { describe, expect, it } from 'vitest';
import { addDays, waitUnitMs } from './legacy.units';

describe('LEGACY_WAIT_UNIT', () => {
  it('counts a "day" as a day, a minute or ten seconds, and adds days in that unit', () => {
    expect(waitUnitMs('day')).toBe(86_400_000);
    expect(waitUnitMs('minute')).toBe(60_000);
    expect(waitUnitMs('ten-seconds')).toBe(10_000);
    const from = new Date('2026-03-28T12:00:00Z');
    // Days are whole 24-hour spans of the instant, whatever a zone's clocks do that weekend.
    expect(addDays(from, 3, waitUnitMs('day')).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(addDays(from, 3, waitUnitMs('ten-seconds')).toISOString()).toBe('2026-03-28T12:00:30.000Z');
  });
});
