import { describe, expect, it } from 'vitest';
import { adPaymentPath, awaitsPayment, BANNER_AREAS, idFrom, isApproved } from './banner-areas';

describe('banner areas', () => {
  it('offers the payment step only for an approved request (any case) not yet paid', () => {
    expect(isApproved({ status_detail: 'approved' })).toBe(true);
    expect(isApproved({ status_detail: 'Approved' })).toBe(true);
    expect(isApproved({ status_detail: 'APPROVED' })).toBe(true);
    expect(isApproved({ status_detail: 'pending' })).toBe(false);
    expect(isApproved({ status_detail: 'rejected' })).toBe(false);
    expect(awaitsPayment({ status_detail: 'Approved', plan: null })).toBe(true);
    expect(awaitsPayment({ status_detail: 'approved', plan: { id: 1 } })).toBe(false);
  });

  it('keeps each role in its own area and calls', () => {
    expect(BANNER_AREAS.user.calls.slot.path).toBe('/web/user/banner-ad/slot');
    expect(BANNER_AREAS['funeral-home'].plans.path).toBe('/web/funeral-home/plan/banner-ads');
    expect(adPaymentPath(BANNER_AREAS['funeral-home'], 4, 9)).toBe('/funeral/banner-ads/4/payment?plan=9');
    expect(idFrom('12')).toBe(12);
    for (const bad of [null, '', '1e3', '-1', '12a', '9999999999']) expect(idFrom(bad)).toBeNull();
  });
});
