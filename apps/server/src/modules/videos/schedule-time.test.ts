import { describe, expect, it } from 'vitest';
import { instantToZoned, isValidTimeZone, zonedToInstant } from './schedule-time';

describe('zoned date and time', () => {
  it('turns a wall-clock date and time into the instant, and back', () => {
    expect(zonedToInstant('2030-01-15', '09:30:00', 'Europe/Paris')?.toISOString()).toBe(
      '2030-01-15T08:30:00.000Z',
    );
    expect(zonedToInstant('2030-07-15', '09:30', 'Europe/Paris')?.toISOString()).toBe(
      '2030-07-15T07:30:00.000Z',
    );
    expect(zonedToInstant('2030-07-15', '09:30:00', 'America/New_York')?.toISOString()).toBe(
      '2030-07-15T13:30:00.000Z',
    );
    expect(zonedToInstant('2030-07-15', '23:59:59', 'UTC')?.toISOString()).toBe('2030-07-15T23:59:59.000Z');
    expect(zonedToInstant('2030-07-15', '09:30:00', 'Asia/Kolkata')?.toISOString()).toBe(
      '2030-07-15T04:00:00.000Z',
    );
    expect(instantToZoned(new Date('2030-07-15T13:30:00Z'), 'America/New_York')).toEqual({
      date: '2030-07-15',
      time: '09:30:00',
    });
    expect(instantToZoned(new Date('2030-01-01T02:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2029-12-31',
      time: '18:00:00',
    });
  });

  it('moves a time skipped by the spring jump forward and takes the first of a doubled time', () => {
    // Europe/Paris jumps from 02:00 to 03:00 on 2030-03-31.
    expect(zonedToInstant('2030-03-31', '02:30:00', 'Europe/Paris')?.toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    // 02:30 happens twice on 2030-10-27: the first (summer time, UTC+2).
    expect(zonedToInstant('2030-10-27', '02:30:00', 'Europe/Paris')?.toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );
  });

  it('refuses dates that do not exist and unknown zones', () => {
    expect(zonedToInstant('2030-02-30', '10:00', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-13-01', '10:00', 'UTC')).toBeNull();
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
