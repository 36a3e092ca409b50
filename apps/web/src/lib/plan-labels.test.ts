import { describe, expect, it } from 'vitest';
import { durationLabel, priceLabel, subscriptionStatus } from './plan-labels';

describe('plan labels', () => {
  it("labels monthly 'Month', weekly 'Week', yearly 'Year' and capitalises the others", () => {
    expect(['monthly', 'weekly', 'yearly', 'life-time'].map(durationLabel)).toEqual([
      'Month',
      'Week',
      'Year',
      'Life-time',
    ]);
    expect(durationLabel('1 minute')).toBe('1 minute');
  });

  it("prefixes prices with '$' and reads 'Inactive' as 'Expired'", () => {
    expect(priceLabel('4.99')).toBe('$4.99');
    expect(subscriptionStatus({ status_detail: 'Inactive' })).toBe('Expired');
    expect(subscriptionStatus({ status_detail: 'Active' })).toBe('Active');
  });
});
