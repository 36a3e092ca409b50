import { describe, expect, it } from 'vitest';
import { REPEAT_MESSAGES } from '@pw/contracts';
import { AppError } from '../../../platform/errors';
import { scheduleFrom } from './delivery.schedule';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const body = {
  email: 'kin@example.test',
  share_at_date: '2030-07-01',
  share_at_time: '09:30',
  timezone: 'Europe/Paris',
};

/** The 422 `scheduleFrom` throws, as the form reads it (status, field errors). */
function refusal(fields: Partial<Parameters<typeof scheduleFrom>[0]>, now = NOW) {
  try {
    scheduleFrom({ ...body, ...fields }, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, errors: error.errors };
  }
  throw new Error('the schedule was accepted');
}

describe('a schedule from the form', () => {
  it('the instant is the date and time on the clock of the zone; the chosen wall clock is kept for repeats', () => {
    expect(scheduleFrom(body, NOW)).toEqual({
      recipientEmail: 'kin@example.test',
      fallbackEmail: null,
      dueAt: new Date('2030-07-01T07:30:00.000Z'),
      timezone: 'Europe/Paris',
      localAt: '2030-07-01T09:30:00',
      repeat: 'none',
      repeatUntil: null,
      receipts: true,
    });
    expect(scheduleFrom({ ...body, share_at_time: '09:30:15' }, NOW).localAt).toBe('2030-07-01T09:30:15');
  });

  it('trims what was typed and writes addresses in lower case', () => {
    const schedule = scheduleFrom(
      {
        email: '  Kin@Example.TEST ',
        fallback_email: ' Cousin@Example.test ',
        share_at_date: ' 2030-07-01 ',
        share_at_time: ' 09:30 ',
        timezone: ' Europe/Paris ',
      },
      NOW,
    );
    expect(schedule).toMatchObject({
      recipientEmail: 'kin@example.test',
      fallbackEmail: 'cousin@example.test',
      timezone: 'Europe/Paris',
      localAt: '2030-07-01T09:30:00',
      dueAt: new Date('2030-07-01T07:30:00.000Z'),
    });
  });

  it('an empty or blank second address is none', () => {
    expect(scheduleFrom({ ...body, fallback_email: '' }, NOW).fallbackEmail).toBeNull();
    expect(scheduleFrom({ ...body, fallback_email: '   ' }, NOW).fallbackEmail).toBeNull();
  });

  it('receipts stay on unless turned off', () => {
    expect(scheduleFrom({ ...body, receipts: false }, NOW).receipts).toBe(false);
    expect(scheduleFrom({ ...body, receipts: true }, NOW).receipts).toBe(true);
  });

  it('a date that does not exist is refused on the date field', () => {
    for (const share_at_date of ['2030-02-29', '2030-04-31', '2030-13-01'])
      expect(refusal({ share_at_date }), share_at_date).toEqual({
        status: 422,
        errors: { share_at_date: ['The share at date is not a valid date.'] },
      });
  });

  it('the instant must be after now: now itself is refused, a second later is not', () => {
    const past = {
      status: 422,
      errors: { share_at_date: ['The share date and time must be in the future.'] },
    };
    const dueAt = new Date('2030-07-01T07:30:00.000Z');
    expect(refusal({}, dueAt)).toEqual(past);
    expect(refusal({}, new Date(dueAt.getTime() + 1000))).toEqual(past);
    expect(scheduleFrom(body, new Date(dueAt.getTime() - 1000)).dueAt).toEqual(dueAt);
  });

  it("judges the future by the instant in the owner's zone, not by the date as written", () => {
    // 15 June, 08:00 in New York is 12:00 UTC: NOW itself, so already too late there; 08:01 is ahead.
    const newYork = { share_at_date: '2030-06-15', timezone: 'America/New_York' };
    expect(refusal({ ...newYork, share_at_time: '08:00' }).status).toBe(422);
    expect(scheduleFrom({ ...body, ...newYork, share_at_time: '08:01' }, NOW).dueAt).toEqual(
      new Date('2030-06-15T12:01:00.000Z'),
    );
    // The same wall clock in Tokyo (+09) was hours ago.
    expect(
      refusal({ share_at_date: '2030-06-15', share_at_time: '20:00', timezone: 'Asia/Tokyo' }).status,
    ).toBe(422);
  });

  it('a time a spring jump skips is moved forward, and the wall clock chosen is kept as typed', () => {
    const schedule = scheduleFrom({ ...body, share_at_date: '2031-03-30', share_at_time: '02:30' }, NOW);
    expect(schedule.dueAt).toEqual(new Date('2031-03-30T01:30:00.000Z')); // 03:30 CEST
    expect(schedule.localAt).toBe('2031-03-30T02:30:00');
  });
});

describe("a yearly schedule's last year", () => {
  const yearly = { ...body, repeat: 'yearly' as const };

  it('none by default; the year of the first delivery is allowed, a year before it is not', () => {
    expect(scheduleFrom(yearly, NOW)).toMatchObject({ repeat: 'yearly', repeatUntil: null });
    expect(scheduleFrom({ ...yearly, repeat_until: 2030 }, NOW).repeatUntil).toBe(2030);
    expect(refusal({ ...yearly, repeat_until: 2029 })).toEqual({
      status: 422,
      errors: { repeat_until: [REPEAT_MESSAGES.untilPast] },
    });
  });

  it("the first delivery's year is the owner's, not UTC's", () => {
    // 31 December, 20:00 in Los Angeles is already the next year in UTC: a series ending that year is fine.
    const evening = {
      ...yearly,
      share_at_date: '2030-12-31',
      share_at_time: '20:00',
      timezone: 'America/Los_Angeles',
    };
    const schedule = scheduleFrom({ ...evening, repeat_until: 2030 }, NOW);
    expect(schedule.dueAt).toEqual(new Date('2031-01-01T04:00:00.000Z'));
    expect(schedule.repeatUntil).toBe(2030);
  });

  it('ignored without a yearly repeat, whatever it says', () => {
    expect(scheduleFrom({ ...body, repeat: 'none', repeat_until: 2001 }, NOW)).toMatchObject({
      repeat: 'none',
      repeatUntil: null,
    });
    expect(scheduleFrom({ ...body, repeat_until: 2001 }, NOW).repeatUntil).toBeNull();
  });

  it('a date that does not exist is the first thing said, before the last year', () => {
    expect(refusal({ ...yearly, share_at_date: '2030-02-30', repeat_until: 2001 }).errors).toEqual({
      share_at_date: ['The share at date is not a valid date.'],
    });
  });
});
