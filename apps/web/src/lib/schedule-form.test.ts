import { describe, expect, it } from 'vitest';
import { scheduleFields, validateSchedule } from './schedule-form';

describe('validateSchedule', () => {
  const now = new Date(2027, 2, 12, 14, 30);
  const valid = { email: 'kin@example.com', date: '2027-03-12', time: '14:31' };

  it('accepts a later time today and any time on a later day', () => {
    expect(validateSchedule(valid, now)).toEqual({});
    expect(validateSchedule({ ...valid, date: '2027-03-13', time: '00:00' }, now)).toEqual({});
  });

  it('names every field in error at once', () => {
    expect(validateSchedule({ email: 'kin@', date: '2027-03-11', time: '' }, now)).toEqual({
      email: 'Please enter a valid e-mail address.',
      date: 'The date must be today or later.',
      time: 'The time field is required.',
    });
    expect(validateSchedule({ ...valid, time: '14:30' }, now)).toEqual({
      time: 'Please choose a time later than now.',
    });
  });

  it("checks a yearly repeat's last year only with a yearly repeat: a year, not before the first", () => {
    const yearly = { ...valid, repeat: 'yearly' as const };
    expect(validateSchedule({ ...yearly, until: '2027' }, now)).toEqual({});
    expect(validateSchedule({ ...yearly, until: '' }, now)).toEqual({});
    expect(validateSchedule({ ...yearly, until: '2026' }, now)).toEqual({
      until: 'The repeat until year must not be before the year of the first delivery.',
    });
    expect(validateSchedule({ ...yearly, until: '20301' }, now)).toEqual({
      until: 'The repeat until field must be a year (e.g. 2030).',
    });
    expect(validateSchedule({ ...valid, repeat: 'none', until: '2026' }, now)).toEqual({});
  });
});

describe('scheduleFields', () => {
  it('is what both the store call and the schedule dialog send', () => {
    const input = { email: ' kin@example.com ', date: '2027-03-12', time: '09:30' };
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
        { ...input, fallback: 'cousin@example.com', repeat: 'yearly', until: ' 2030 ' },
        'Europe/Paris',
      ),
    ).toMatchObject({ fallback_email: 'cousin@example.com', repeat: 'yearly', repeat_until: 2030 });
    // A last year typed before switching back to once is not sent.
    expect(scheduleFields({ ...input, repeat: 'none', until: '2030' }, 'UTC').repeat_until).toBeNull();
  });
});
