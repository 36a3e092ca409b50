import { describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../../test/helpers';
import { signUpUser } from '../../accounts/accounts.fixtures';
import { FakeClock } from '../../../platform/clock';
import { createSandboxPaymentProvider } from '../../../platform/payments/sandbox';
import type { PaymentProvider } from '../../../platform/payments/provider';
import { buyPlan, planIds, subscriptionsOf } from '../payments.fixtures';

describe('the subscriptions job after a crash halfway', () => {
  const sandbox = createSandboxPaymentProvider(new FakeClock());
  let crashAfterCharge = true;
  // The charge is made, then the process "dies" before the transaction commits.
  const provider: PaymentProvider = {
    name: sandbox.name,
    charge: (request) => sandbox.charge(request),
    async chargeStored(request) {
      const result = await sandbox.chargeStored(request);
      if (crashAfterCharge) {
        crashAfterCharge = false;
        throw new Error('connection lost after the charge');
      }
      return result;
    },
  };

  const ctx = contextForSuite({}, { payments: provider });

  it('the next run completes the renewal with the same charge: charged once, one new term', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, (await planIds(ctx))['Monthly Membership']!);
    const [first] = await subscriptionsOf(ctx, user.id);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    await expect(ctx.deps.plansHeld.expireSubscriptions()).rejects.toThrow('connection lost');
    expect((await subscriptionsOf(ctx, user.id)).map((row) => row.status)).toEqual(['active']);
    await ctx.deps.plansHeld.expireSubscriptions();
    expect((await subscriptionsOf(ctx, user.id)).map((row) => row.status)).toEqual(['expired', 'active']);
    expect(sandbox.charges().filter((charge) => charge.storedReference)).toHaveLength(1);
  });
});
