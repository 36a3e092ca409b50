import { describe, expect, it } from 'vitest';
import { durationLabel, formatPrice, subscriptionStatus } from './plan-format';
import { afterPaymentPath, planDetailsPath, planPaymentPath } from './plan-flow';

describe('plan texts (spec 000 §9)', () => {
  it("labels monthly 'Month', weekly 'Week', yearly 'Year' and capitalises the others", () => {
    expect(durationLabel('monthly')).toBe('Month');
    expect(durationLabel('weekly')).toBe('Week');
    expect(durationLabel('yearly')).toBe('Year');
    expect(durationLabel('life-time')).toBe('Life-time');
    expect(durationLabel('1 minute')).toBe('1 minute');
  });

  it("prefixes prices with '$' and reads 'Inactive' as 'Expired' (spec 000 §4)", () => {
    expect(formatPrice('4.99')).toBe('$4.99');
    expect(subscriptionStatus({ status_detail: 'Inactive' })).toBe('Expired');
    expect(subscriptionStatus({ status_detail: 'Active' })).toBe('Active');
  });

  it('keeps each flow under its own base, and ends the plans flow on the profile', () => {
    expect(planDetailsPath('subscription-plans', 1)).toBe('/user/subscription-plans/plan-details?category=1');
    expect(planPaymentPath('subscription-logs', 7)).toBe(
      '/user/subscription-logs/plan-details/payment?plan=7',
    );
    expect(afterPaymentPath('subscription-plans')).toBe('/user/profile');
    expect(afterPaymentPath('subscription-logs')).toBe('/user/subscription-logs');
  });
});
