import { describe, expect, it } from 'vitest';
import { instantToZoned, isValidTimeZone, zonedToInstant } from './time-zone';

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

describe('dates and times that exist on a calendar', () => {
  it('takes 29 February in leap years only (2100 is not one, 2000 was)', () => {
    expect(zonedToInstant('2028-02-29', '10:00', 'UTC')?.toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(zonedToInstant('2000-02-29', '10:00', 'UTC')?.toISOString()).toBe('2000-02-29T10:00:00.000Z');
    expect(zonedToInstant('2027-02-29', '10:00', 'UTC')).toBeNull();
    expect(zonedToInstant('2100-02-29', '10:00', 'UTC')).toBeNull();
  });

  it('refuses a 31st in a 30-day month, day or month zero, and is never lenient about it', () => {
    for (const date of ['2030-04-31', '2030-06-31', '2030-00-10', '2030-01-00', '2030-02-30'])
      expect(zonedToInstant(date, '10:00', 'UTC'), date).toBeNull();
  });

  it('refuses times past the end of the day: 24:00, minute 60, second 60', () => {
    expect(zonedToInstant('2030-07-15', '24:00', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-07-15', '09:60', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-07-15', '23:59:60', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-07-15', '23:59:59', 'UTC')?.toISOString()).toBe('2030-07-15T23:59:59.000Z');
  });

  it('reads only yyyy-mm-dd and HH:MM[:SS], with no spaces around them', () => {
    for (const [date, time] of [
      ['2030/07/15', '09:30'],
      ['15-07-2030', '09:30'],
      [' 2030-07-15', '09:30'],
      ['2030-07-15', '9:30'],
      ['2030-07-15', '09:30:5'],
      ['2030-07-15', '09:30 '],
      ['2030-07-15', '09h30'],
    ])
      expect(zonedToInstant(date!, time!, 'UTC'), `${date} ${time}`).toBeNull();
  });
});

describe('zones far from UTC and their changes', () => {
  it('quarter-hour and whole-day offsets put the instant on the other side of midnight', () => {
    // Kathmandu is +05:45; Kiritimati +14; Pago Pago -11.
    expect(zonedToInstant('2030-01-01', '00:00', 'Asia/Kathmandu')?.toISOString()).toBe(
      '2029-12-31T18:15:00.000Z',
    );
    expect(zonedToInstant('2030-01-01', '00:00', 'Pacific/Kiritimati')?.toISOString()).toBe(
      '2029-12-31T10:00:00.000Z',
    );
    expect(zonedToInstant('2030-01-01', '00:00', 'Pacific/Pago_Pago')?.toISOString()).toBe(
      '2030-01-01T11:00:00.000Z',
    );
  });

  it('the southern hemisphere: the spring gap is in October, the doubled hour in April (Australia/Sydney)', () => {
    // 2030-10-06: 02:00 → 03:00; 02:30 is read as 03:30 summer time (+11).
    expect(zonedToInstant('2030-10-06', '02:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2030-10-05T16:30:00.000Z',
    );
    // 2030-04-07: 02:00–03:00 happens twice; the first is summer time (+11).
    expect(zonedToInstant('2030-04-07', '02:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2030-04-06T15:30:00.000Z',
    );
  });

  it('shows both instants of a doubled hour as the same clock time, and drops milliseconds', () => {
    const first = instantToZoned(new Date('2030-10-27T00:30:00Z'), 'Europe/Paris');
    const second = instantToZoned(new Date('2030-10-27T01:30:00Z'), 'Europe/Paris');
    expect(first).toEqual({ date: '2030-10-27', time: '02:30:00' });
    expect(second).toEqual(first);
    expect(instantToZoned(new Date('2030-07-15T13:30:45.999Z'), 'America/New_York')).toEqual({
      date: '2030-07-15',
      time: '09:30:45',
    });
  });

  it('a date and time read back from its instant is the one the owner chose, seconds included', () => {
    for (const [date, time, zone] of [
      ['2030-03-31', '01:59:59', 'Europe/Paris'],
      ['2030-11-03', '01:15:00', 'America/New_York'],
      ['2028-02-29', '23:45:30', 'Asia/Kathmandu'],
      ['2030-12-31', '23:59:00', 'Pacific/Kiritimati'],
    ]) {
      const instant = zonedToInstant(date!, time!, zone!)!;
      expect(instantToZoned(instant, zone!), `${date} ${time} ${zone}`).toEqual({ date, time });
    }
  });

  it('an unknown zone is an error, not UTC; a valid zone is known whatever its case', () => {
    expect(() => zonedToInstant('2030-07-15', '09:30', 'Mars/Olympus')).toThrow(RangeError);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Etc/GMT+5')).toBe(true);
    expect(zonedToInstant('2030-07-15', '09:30', 'europe/paris')?.toISOString()).toBe(
      '2030-07-15T07:30:00.000Z',
    );
  });
});
