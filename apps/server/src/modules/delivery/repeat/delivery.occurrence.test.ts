import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrenceAt } from './delivery.occurrence';

/** The instant of the series' occurrence in `year`, as ISO (the test fails on a null). */
const iso = (localAt: string, timeZone: string, year: number) =>
  occurrenceAt(localAt, timeZone, year)!.toISOString();

describe('yearly occurrences, by Temporal', () => {
  it('29 February falls on 28 February in other years, and on 29 February again in leap years', () => {
    const at = (year: number) => iso('2028-02-29T09:00:00', 'America/New_York', year);
    expect(at(2028)).toBe('2028-02-29T14:00:00.000Z');
    expect(at(2029)).toBe('2029-02-28T14:00:00.000Z');
    expect(at(2032)).toBe('2032-02-29T14:00:00.000Z');
  });

  it('keeps the wall-clock time across daylight-saving changes (America/New_York in March)', () => {
    const at = (year: number) => iso('2027-03-12T09:00:00', 'America/New_York', year);
    expect(at(2027)).toBe('2027-03-12T14:00:00.000Z'); // before the change (EST)
    expect(at(2028)).toBe('2028-03-12T13:00:00.000Z'); // the day of the change (EDT)
    // A time the jump skips moves forward by the jump that year only.
    const skipped = (year: number) => iso('2027-03-14T02:30:00', 'America/New_York', year);
    expect(skipped(2027)).toBe('2027-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(skipped(2028)).toBe('2028-03-14T06:30:00.000Z'); // 02:30 EDT
  });

  it('the next occurrence: the following year, never one already past, none after repeat_until', () => {
    const series = { localAt: '2027-06-01T10:00:00', timezone: 'Europe/Paris', repeatUntil: 2031 };
    const first = occurrenceAt(series.localAt, series.timezone, 2027)!;
    expect(nextOccurrence(series, first, first)!.toISOString()).toBe('2028-06-01T08:00:00.000Z');
    // Held for years: the next one is the first still ahead.
    expect(nextOccurrence(series, first, new Date('2029-07-01T00:00:00Z'))!.toISOString()).toBe(
      '2030-06-01T08:00:00.000Z',
    );
    expect(nextOccurrence(series, occurrenceAt(series.localAt, series.timezone, 2031)!, first)).toBeNull();
    expect(nextOccurrence({ ...series, repeatUntil: null }, first, first)).not.toBeNull();
  });
});

describe('29 February in the years between', () => {
  const leapDay = '2028-02-29T09:00:00';

  it('falls on 28 February in each of the three years after a leap year, in a century year too', () => {
    expect(iso(leapDay, 'UTC', 2029)).toBe('2029-02-28T09:00:00.000Z');
    expect(iso(leapDay, 'UTC', 2030)).toBe('2030-02-28T09:00:00.000Z');
    expect(iso(leapDay, 'UTC', 2031)).toBe('2031-02-28T09:00:00.000Z');
    // 2100 is divisible by 100 and not by 400: no 29 February.
    expect(iso(leapDay, 'UTC', 2100)).toBe('2100-02-28T09:00:00.000Z');
    // 2400 is divisible by 400: a leap year.
    expect(iso(leapDay, 'UTC', 2400)).toBe('2400-02-29T09:00:00.000Z');
  });

  it('never moves a 28 February series to the 29th in a leap year', () => {
    expect(iso('2027-02-28T09:00:00', 'UTC', 2028)).toBe('2028-02-28T09:00:00.000Z');
  });

  it('the series goes 29 → 28 → 28 → 28 → 29 February, one year at a time', () => {
    const series = { localAt: leapDay, timezone: 'Europe/London', repeatUntil: null };
    const chain: string[] = [];
    let dueAt = occurrenceAt(series.localAt, series.timezone, 2028)!;
    for (let i = 0; i < 4; i++) {
      dueAt = nextOccurrence(series, dueAt, dueAt)!;
      chain.push(dueAt.toISOString());
    }
    expect(chain).toEqual([
      '2029-02-28T09:00:00.000Z',
      '2030-02-28T09:00:00.000Z',
      '2031-02-28T09:00:00.000Z',
      '2032-02-29T09:00:00.000Z',
    ]);
  });
});

describe('the wall clock across changes of offset', () => {
  it('a time skipped in spring moves forward by the jump in the year it is skipped only (Europe/Paris)', () => {
    // Paris skips 02:00–03:00 on 2030-03-31 (the last Sunday of March); in 2031 that Sunday is the 30th.
    expect(iso('2030-03-31T02:30:00', 'Europe/Paris', 2030)).toBe('2030-03-31T01:30:00.000Z'); // 03:30 CEST
    expect(iso('2030-03-31T02:30:00', 'Europe/Paris', 2031)).toBe('2031-03-31T00:30:00.000Z'); // 02:30 CEST
  });

  it('a time that happens twice in autumn takes the first (summer time), and the usual one other years', () => {
    // New York's 01:00–02:00 happens twice on 2027-11-07; in 2028 the change is on the 5th.
    expect(iso('2027-11-07T01:30:00', 'America/New_York', 2027)).toBe('2027-11-07T05:30:00.000Z'); // EDT
    expect(iso('2027-11-07T01:30:00', 'America/New_York', 2028)).toBe('2028-11-07T06:30:00.000Z'); // EST
  });

  it('the southern hemisphere: summer time in January, standard time in July (Australia/Sydney)', () => {
    expect(iso('2027-01-15T09:00:00', 'Australia/Sydney', 2028)).toBe('2028-01-14T22:00:00.000Z'); // +11
    expect(iso('2027-07-15T09:00:00', 'Australia/Sydney', 2028)).toBe('2028-07-14T23:00:00.000Z'); // +10
  });

  it('a half-hour jump moves a skipped time forward by half an hour (Australia/Lord_Howe)', () => {
    // Lord Howe goes from +10:30 to +11 at 02:00 → 02:30 on the first Sunday of October (2027-10-03).
    expect(iso('2027-10-03T02:15:00', 'Australia/Lord_Howe', 2027)).toBe('2027-10-02T15:45:00.000Z'); // 02:45
    expect(iso('2027-10-03T02:15:00', 'Australia/Lord_Howe', 2028)).toBe('2028-10-02T15:15:00.000Z'); // 02:15
  });

  it('a day the zone skipped altogether moves to the next day at the same time (Pacific/Apia, 2011)', () => {
    // Samoa went from -10 to +14 at the end of 2011-12-29: 30 December 2011 never happened there.
    expect(iso('2010-12-30T12:00:00', 'Pacific/Apia', 2010)).toBe('2010-12-30T22:00:00.000Z');
    expect(iso('2010-12-30T12:00:00', 'Pacific/Apia', 2011)).toBe('2011-12-30T22:00:00.000Z'); // 31st, 12:00
    expect(iso('2010-12-30T12:00:00', 'Pacific/Apia', 2012)).toBe('2012-12-29T22:00:00.000Z'); // +14
  });
});

describe("the owner's local date and time as stored", () => {
  it('takes minutes without seconds, and keeps seconds when given', () => {
    expect(iso('2027-06-01T10:00', 'Europe/Paris', 2027)).toBe('2027-06-01T08:00:00.000Z');
    expect(iso('2027-06-01T10:00:59', 'Europe/Paris', 2027)).toBe('2027-06-01T08:00:59.000Z');
  });

  it('answers null for a value that is not yyyy-mm-ddThh:mm[:ss], and the series ends there', () => {
    for (const bad of ['', '2027-06-01 10:00', '2027-6-1T10:00', '2027-06-01T10', '2027-06-01T10:00:00Z'])
      expect(occurrenceAt(bad, 'UTC', 2027), bad).toBeNull();
    const broken = { localAt: '2027-06-01', timezone: 'UTC', repeatUntil: null };
    expect(
      nextOccurrence(broken, new Date('2027-06-01T10:00:00Z'), new Date('2027-06-01T10:00:00Z')),
    ).toBeNull();
  });

  it('refuses an unknown zone rather than guessing one', () => {
    expect(() => occurrenceAt('2027-06-01T10:00:00', 'Mars/Olympus', 2027)).toThrow(RangeError);
  });
});

describe('the next occurrence', () => {
  const series = { localAt: '2027-06-01T10:00:00', timezone: 'Europe/Paris', repeatUntil: null };
  const at = (year: number) => occurrenceAt(series.localAt, series.timezone, year)!;

  it('is strictly after now: an occurrence due at this very moment is passed over', () => {
    expect(nextOccurrence(series, at(2027), at(2028))!.toISOString()).toBe(at(2029).toISOString());
    expect(nextOccurrence(series, at(2027), new Date(at(2028).getTime() - 1))!.toISOString()).toBe(
      at(2028).toISOString(),
    );
  });

  it('includes the year repeat_until names, and nothing after it', () => {
    expect(nextOccurrence({ ...series, repeatUntil: 2028 }, at(2027), at(2027))!.toISOString()).toBe(
      at(2028).toISOString(),
    );
    expect(nextOccurrence({ ...series, repeatUntil: 2027 }, at(2027), at(2027))).toBeNull();
    // Held past the last year: nothing is left ahead.
    expect(
      nextOccurrence({ ...series, repeatUntil: 2030 }, at(2027), new Date('2031-01-01T00:00:00Z')),
    ).toBeNull();
  });

  it("counts years on the owner's clock, not on UTC's", () => {
    // 31 December, 20:00 in Los Angeles is already 1 January in UTC: the next occurrence is that
    // December's, not a year later; and a series ending in 2028 still has it.
    const evening = { localAt: '2027-12-31T20:00:00', timezone: 'America/Los_Angeles', repeatUntil: 2028 };
    const dueAt = occurrenceAt(evening.localAt, evening.timezone, 2027)!;
    expect(dueAt.toISOString()).toBe('2028-01-01T04:00:00.000Z');
    expect(nextOccurrence(evening, dueAt, dueAt)!.toISOString()).toBe('2029-01-01T04:00:00.000Z');
    // The same the other way round: 1 January, 08:00 in Auckland is still 31 December in UTC.
    const morning = { localAt: '2028-01-01T08:00:00', timezone: 'Pacific/Auckland', repeatUntil: 2029 };
    const first = occurrenceAt(morning.localAt, morning.timezone, 2028)!;
    expect(first.toISOString()).toBe('2027-12-31T19:00:00.000Z');
    expect(nextOccurrence(morning, first, first)!.toISOString()).toBe('2028-12-31T19:00:00.000Z');
    // Asked a minute before it is due, the occurrence after it is still the next year's, never itself.
    const early = new Date(first.getTime() - 60_000);
    expect(nextOccurrence(morning, first, early)!.toISOString()).toBe('2028-12-31T19:00:00.000Z');
  });
});
