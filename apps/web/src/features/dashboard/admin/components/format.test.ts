import { describe, expect, it } from 'vitest';
import { periodLabel } from './format';

describe("the dashboard's periods, written day first like every date", () => {
  it('in words: the day, the week and the month whole', () => {
    expect(periodLabel('2026-11-03', 'day', true)).toBe('3 November 2026');
    expect(periodLabel('2026-11-03', 'week', true)).toBe('Week of 3 November 2026');
    expect(periodLabel('2026-11-01', 'month', true)).toBe('November 2026');
  });

  it('on the axis, short of room: the month abbreviated', () => {
    expect(periodLabel('2026-11-03', 'day')).toBe('3 Nov');
    expect(periodLabel('2026-11-03', 'week')).toBe('Week of 3 Nov');
    expect(periodLabel('2026-11-01', 'month')).toBe('Nov 2026');
  });
});
