import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, NOTE_MAX, NOTE_MESSAGES, REPEAT_MESSAGES, REPEAT_UNTIL_MAX } from '@pw/contracts';
import {
  EMPTY_SCHEDULE,
  SCHEDULE_MESSAGES,
  optionsOf,
  scheduleFields,
  scheduleSchema,
  validateSchedule,
} from './schedule-form';

describe('validateSchedule', () => {
  const now = new Date(2027, 2, 12, 14, 30);
  const valid = { email: 'kin@example.com', share_at_date: '2027-03-12', share_at_time: '14:31' };

  it('accepts a later time today and any time on a later day', () => {
    expect(validateSchedule(valid, now)).toEqual({});
    expect(validateSchedule({ ...valid, share_at_date: '2027-03-13', share_at_time: '00:00' }, now)).toEqual(
      {},
    );
  });

  it('names every field in error at once', () => {
    expect(validateSchedule({ email: 'kin@', share_at_date: '2027-03-11', share_at_time: '' }, now)).toEqual({
      email: 'Please enter a valid e-mail address.',
      share_at_date: 'The date must be today or later.',
      share_at_time: 'The time field is required.',
    });
    expect(validateSchedule({ ...valid, share_at_time: '14:30' }, now)).toEqual({
      share_at_time: 'Please choose a time later than now.',
    });
  });

  it('refuses a day the calendar does not have, as the server would', () => {
    for (const date of ['2028-02-30', '2027-04-31', '2027-13-01'])
      expect(validateSchedule({ ...valid, share_at_date: date }, now), date).toEqual({
        share_at_date: 'This date does not exist in the calendar.',
      });
    expect(validateSchedule({ ...valid, share_at_date: '2028-02-29' }, now)).toEqual({});
  });

  it("checks a yearly repeat's last year only with a yearly repeat: a year, not before the first", () => {
    const yearly = { ...valid, repeat: 'yearly' as const };
    expect(validateSchedule({ ...yearly, repeat_until: '2027' }, now)).toEqual({});
    expect(validateSchedule({ ...yearly, repeat_until: '' }, now)).toEqual({});
    expect(validateSchedule({ ...yearly, repeat_until: '2026' }, now)).toEqual({
      repeat_until: 'The repeat until year must not be before the year of the first delivery.',
    });
    expect(validateSchedule({ ...yearly, repeat_until: '20301' }, now)).toEqual({
      repeat_until: 'The repeat until field must be a year (e.g. 2030).',
    });
    expect(validateSchedule({ ...valid, repeat: 'none', repeat_until: '2026' }, now)).toEqual({});
  });
});

describe('scheduleFields', () => {
  it('is what both the store call and the schedule dialog send', () => {
    const input = { email: ' kin@example.com ', share_at_date: '2027-03-12', share_at_time: '09:30' };
    expect(scheduleFields(input, 'Europe/Paris')).toEqual({
      email: 'kin@example.com',
      share_at_date: '2027-03-12',
      share_at_time: '09:30:00',
      timezone: 'Europe/Paris',
      fallback_email: '',
      repeat: 'none',
      repeat_until: null,
      // Receipts stay on unless the owner turned them off.
      receipts: true,
    });
    expect(scheduleFields({ ...input, receipts: false }, 'Europe/Paris')).toMatchObject({ receipts: false });
    expect(
      scheduleFields(
        { ...input, fallback_email: 'cousin@example.com', repeat: 'yearly', repeat_until: ' 2030 ' },
        'Europe/Paris',
      ),
    ).toMatchObject({ fallback_email: 'cousin@example.com', repeat: 'yearly', repeat_until: 2030 });
    // A last year typed before switching back to once is not sent.
    expect(scheduleFields({ ...input, repeat: 'none', repeat_until: '2030' }, 'UTC').repeat_until).toBeNull();
  });
});

describe('validateSchedule at the edges of a day and a year', () => {
  const email = 'kin@example.com';

  it('a minute before midnight: the rest of today is gone, tomorrow at 00:00 is fine', () => {
    const now = new Date(2027, 2, 12, 23, 59, 30);
    expect(validateSchedule({ email, share_at_date: '2027-03-12', share_at_time: '23:59' }, now)).toEqual({
      share_at_time: SCHEDULE_MESSAGES.timePast,
    });
    expect(validateSchedule({ email, share_at_date: '2027-03-13', share_at_time: '00:00' }, now)).toEqual({});
  });

  it('compares minutes: seconds typed or seconds of now do not change the answer', () => {
    const now = new Date(2027, 2, 12, 14, 30, 45);
    expect(validateSchedule({ email, share_at_date: '2027-03-12', share_at_time: '14:30:59' }, now)).toEqual({
      share_at_time: SCHEDULE_MESSAGES.timePast,
    });
    expect(validateSchedule({ email, share_at_date: '2027-03-12', share_at_time: '14:31:00' }, now)).toEqual(
      {},
    );
    expect(validateSchedule({ email, share_at_date: '2027-03-12', share_at_time: '14:31' }, now)).toEqual({});
  });

  it('on New Year’s Eve: next year’s first minute is fine, and a last year before it is refused', () => {
    const now = new Date(2027, 11, 31, 23, 30);
    const newYear = { email, share_at_date: '2028-01-01', share_at_time: '00:00', repeat: 'yearly' as const };
    expect(validateSchedule(newYear, now)).toEqual({});
    expect(validateSchedule({ ...newYear, repeat_until: '2027' }, now)).toEqual({
      repeat_until: REPEAT_MESSAGES.untilPast,
    });
    expect(validateSchedule({ ...newYear, repeat_until: '2028' }, now)).toEqual({});
  });

  it('a date earlier than today by a year is past even on a later month and day', () => {
    const now = new Date(2027, 2, 12, 9, 0);
    expect(validateSchedule({ email, share_at_date: '2026-12-31', share_at_time: '10:00' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.datePast,
    });
  });
});

describe('validateSchedule: what each field says', () => {
  const now = new Date(2027, 2, 12, 14, 30);
  const valid = { email: 'kin@example.com', share_at_date: '2027-03-13', share_at_time: '09:00' };

  it('a date that is not yyyy-mm-dd is refused as not today or later', () => {
    for (const date of ['2027-3-13', '13/03/2027', '2027-03-13T09:00', 'tomorrow'])
      expect(validateSchedule({ ...valid, share_at_date: date }, now), date).toEqual({
        share_at_date: SCHEDULE_MESSAGES.datePast,
      });
  });

  it('while the date is missing or wrong, the time is judged only for being there', () => {
    expect(validateSchedule({ ...valid, share_at_date: '', share_at_time: '00:00' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.dateRequired,
    });
    expect(validateSchedule({ ...valid, share_at_date: '2027-03-11', share_at_time: '00:00' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.datePast,
    });
    expect(validateSchedule({ ...valid, share_at_date: '', share_at_time: '' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.dateRequired,
      share_at_time: SCHEDULE_MESSAGES.timeRequired,
    });
  });

  it('the e-mail: required, then well formed; spaces around it do not count', () => {
    expect(validateSchedule({ ...valid, email: '' }, now)).toEqual({
      email: SCHEDULE_MESSAGES.emailRequired,
    });
    expect(validateSchedule({ ...valid, email: '   ' }, now)).toEqual({
      email: SCHEDULE_MESSAGES.emailRequired,
    });
    expect(validateSchedule({ ...valid, email: 'kin@example' }, now)).toEqual({
      email: SCHEDULE_MESSAGES.emailInvalid,
    });
    expect(validateSchedule({ ...valid, email: '  kin@example.com ' }, now)).toEqual({});
  });

  it('the second address: optional, well formed, and not the recipient again (whatever the case)', () => {
    expect(validateSchedule({ ...valid, fallback_email: '' }, now)).toEqual({});
    expect(validateSchedule({ ...valid, fallback_email: '   ' }, now)).toEqual({});
    expect(validateSchedule({ ...valid, fallback_email: 'cousin@' }, now)).toEqual({
      fallback_email: SCHEDULE_MESSAGES.emailInvalid,
    });
    expect(validateSchedule({ ...valid, fallback_email: ' KIN@Example.com ' }, now)).toEqual({
      fallback_email: DELIVERY_MESSAGES.fallbackSameAsRecipient,
    });
    // Against a recipient in error there is nothing to compare: only the recipient is named.
    expect(validateSchedule({ ...valid, email: 'kin@', fallback_email: 'kin@' }, now)).toEqual({
      email: SCHEDULE_MESSAGES.emailInvalid,
      fallback_email: SCHEDULE_MESSAGES.emailInvalid,
    });
    expect(validateSchedule({ ...valid, fallback_email: 'cousin@example.com' }, now)).toEqual({});
  });

  it('the last year of a yearly repeat: four digits between 1970 and the contracts’ maximum, spaces trimmed', () => {
    const yearly = { ...valid, repeat: 'yearly' as const };
    for (const until of ['1969', '2201', '20301', '203', '2030.5', 'abcd', '-2030'])
      expect(validateSchedule({ ...yearly, repeat_until: until }, now), until).toEqual({
        repeat_until: REPEAT_MESSAGES.untilInvalid,
      });
    expect(REPEAT_UNTIL_MAX).toBe(2200);
    expect(validateSchedule({ ...yearly, repeat_until: String(REPEAT_UNTIL_MAX) }, now)).toEqual({});
    expect(validateSchedule({ ...yearly, repeat_until: ' 2030 ' }, now)).toEqual({});
    // 1970 is a year, but before the first delivery's.
    expect(validateSchedule({ ...yearly, repeat_until: '1970' }, now)).toEqual({
      repeat_until: REPEAT_MESSAGES.untilPast,
    });
  });

  it('a last year is not compared with a date in error, only checked for being a year', () => {
    const yearly = { ...valid, repeat: 'yearly' as const, share_at_date: '2027-03-11' };
    expect(validateSchedule({ ...yearly, repeat_until: '2001' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.datePast,
    });
    expect(validateSchedule({ ...yearly, repeat_until: 'soon' }, now)).toEqual({
      share_at_date: SCHEDULE_MESSAGES.datePast,
      repeat_until: REPEAT_MESSAGES.untilInvalid,
    });
  });
});

describe("the form's schema", () => {
  const valid = { email: 'kin@example.com', share_at_date: '2027-03-12', share_at_time: '14:31' };
  const fieldsOf = (result: {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('reports each rule on its field, by the same words as validateSchedule', () => {
    const schema = scheduleSchema(() => new Date(2027, 2, 12, 14, 30));
    expect(schema.safeParse(valid).success).toBe(true);
    const input = {
      email: 'kin@',
      share_at_date: '2027-03-11',
      share_at_time: '',
      fallback_email: 'x',
      repeat: 'yearly',
      repeat_until: 'soon',
    };
    expect(fieldsOf(schema.safeParse(input))).toEqual(
      validateSchedule({ ...input, repeat: 'yearly' }, new Date(2027, 2, 12, 14, 30)),
    );
    expect(Object.keys(fieldsOf(schema.safeParse(input))).sort()).toEqual([
      'email',
      'fallback_email',
      'repeat_until',
      'share_at_date',
      'share_at_time',
    ]);
  });

  it('is judged at the moment of each check, not when the form was built', () => {
    let now = new Date(2027, 2, 12, 14, 29);
    const schema = scheduleSchema(() => now);
    expect(schema.safeParse(valid).success).toBe(true);
    // The form stayed open two minutes: 14:31 is no longer ahead.
    now = new Date(2027, 2, 12, 14, 31);
    expect(fieldsOf(schema.safeParse(valid))).toEqual({ share_at_time: SCHEDULE_MESSAGES.timePast });
  });

  it('refuses a repeat other than none or yearly', () => {
    const schema = scheduleSchema(() => new Date(2027, 2, 12, 14, 30));
    expect(schema.safeParse({ ...valid, repeat: 'monthly' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, repeat: 'none' }).success).toBe(true);
  });
});

describe("the sender's note, an option the form takes from the contract under its wire name", () => {
  const now = new Date(2027, 2, 12, 14, 30);
  const valid = { email: 'kin@example.com', share_at_date: '2027-03-13', share_at_time: '09:00' };

  it('is judged by the contract: up to the limit once trimmed, refused over it in its words', () => {
    expect(validateSchedule({ ...valid, note: ` ${'n'.repeat(NOTE_MAX)} ` }, now)).toEqual({});
    expect(validateSchedule({ ...valid, note: 'n'.repeat(NOTE_MAX + 1) }, now)).toEqual({
      note: NOTE_MESSAGES.tooLong,
    });
  });

  it('is sent trimmed, left out when blank, named as the server names it, and pre-filled from the delivery', () => {
    expect(scheduleFields({ ...valid, note: '  Happy birthday.  ' }, 'UTC').note).toBe('Happy birthday.');
    expect(scheduleFields({ ...valid, note: '   ' }, 'UTC').note).toBeUndefined();
    expect(EMPTY_SCHEDULE).toHaveProperty('note', '');
    expect(optionsOf(null)).toMatchObject({ note: '' });
    expect(optionsOf({ note: 'Kept' } as Parameters<typeof optionsOf>[0])).toMatchObject({ note: 'Kept' });
  });
});
