import { describe, expect, it } from 'vitest';
import { afterPaymentPath, planDetailsPath, planPaymentPath } from './plan-flow';

describe('plan flow paths', () => {
  it('keeps each flow under its own base, and ends the plans flow on the profile', () => {
    expect(planDetailsPath('subscription-plans', 1)).toBe('/user/subscription-plans/plan-details?category=1');
    expect(planPaymentPath('subscription-logs', 7)).toBe(
      '/user/subscription-logs/plan-details/payment?plan=7',
    );
    expect(afterPaymentPath('subscription-plans')).toBe('/user/profile');
    expect(afterPaymentPath('subscription-logs')).toBe('/user/subscription-logs');
  });
});
