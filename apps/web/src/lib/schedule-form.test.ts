import { describe, expect, it } from 'vitest';
import { validateSchedule } from './schedule-form';

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
});
