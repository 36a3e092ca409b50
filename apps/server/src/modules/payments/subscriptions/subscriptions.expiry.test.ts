import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../../test/helpers';
import { ADMIN_ENV, signInAdmin, signUpUser } from '../../accounts/accounts.fixtures';
import { notifications } from '../../notifications/notifications.schema';
import type { SandboxPaymentProvider } from '../../../platform/payments/sandbox';
import { startWorkers } from '../../../composition';
import { plans } from '../../plans/plans.schema';
import { payments, subscriptions } from '../payments.schema';
import { buyPlan, FAILS_LATER_CARD, planIds, subscriptionsOf } from '../payments.fixtures';

const DAY = 86_400_000;

describe('the subscriptions job: warning, renewal, expiry, by a moved clock', () => {
  let plan: Record<string, number>;
  let adminId: number;

  const noticesOf = async (accountId: number, kind?: string) =>
    (await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, accountId)))
      .filter((row) => kind === undefined || row.kind === kind)
      .map((row) => ({ kind: row.kind, title: row.title, body: row.body }));
  /** The stored (renewal) charges of one account: other tests' plans end on the moved clock too. */
  const storedCharges = (accountId: number) =>
    (ctx.deps.payments as SandboxPaymentProvider)
      .charges()
      .filter(
        (charge) => charge.storedReference && charge.idempotencyKey.startsWith(`account:${accountId}:`),
      );
  const run = () => ctx.deps.plansHeld.expireSubscriptions();

  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    plan = await planIds(ctx);
    adminId = (await signInAdmin(ctx)).id;
  });

  it('a payment tells the payer (in-app, e-mailed, no card number) and every admin (in-app)', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Monthly Membership']!);
    const [receipt] = await noticesOf(user.id, 'payment.made');
    expect(receipt!.body).toBe(
      'We received your payment of $4.99 for Monthly Membership, charged to your Visa card ending 4242.',
    );
    expect(receipt!.body).not.toContain('4242 4242');
    const rows = await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, 'payment.made'));
    expect(rows[0]!.emailedAt === null).toBe(true); // queued for the e-mail worker, not sent inline
    expect(await noticesOf(adminId, 'purchase.new')).toEqual([
      expect.objectContaining({
        title: 'New purchase',
        body: expect.stringContaining('bought Monthly Membership for $4.99'),
      }),
    ]);
  });

  it('warns once 7 days ahead, renews at expiry by charging the stored card once, however often it runs', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Monthly Membership']!);
    const [first] = await subscriptionsOf(ctx, user.id);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() - 8 * DAY));
    await run();
    expect(await noticesOf(user.id, 'subscription.expiring')).toEqual([]);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() - 6 * DAY));
    await Promise.all([run(), run()]);
    await run();
    expect(await noticesOf(user.id, 'subscription.expiring')).toEqual([
      expect.objectContaining({ title: 'Your plan renews soon' }),
    ]);

    const before = storedCharges(user.id).length;
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 60_000));
    await Promise.all([run(), run()]);
    await run();
    expect(storedCharges(user.id).length - before).toBe(1);
    const rows = await subscriptionsOf(ctx, user.id);
    expect(rows.map((row) => row.status)).toEqual(['expired', 'active']);
    expect(rows[1]!.startsAt.getTime()).toBe(first!.expiresAt!.getTime());
    expect(rows[1]!.expiresAt!.getTime()).toBeGreaterThan(ctx.clock.now().getTime() + 27 * DAY);
    const [renewal] = await ctx.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.accountId, user.id), eq(payments.idempotencyKey, `renewal:${first!.id}`)));
    expect(renewal).toMatchObject({ amountCents: 499, last4: '4242', planId: plan['Monthly Membership'] });
    expect(rows[1]!.paymentId).toBe(renewal!.id);
    const renewed = (await noticesOf(user.id, 'payment.made')).filter(
      (n) => n.title === 'Your plan was renewed',
    );
    expect(renewed).toHaveLength(1);
    expect(await noticesOf(user.id, 'subscription.expired')).toEqual([]);
  });

  it("renews at the plan's current price", async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Ad-Free Monthly']!);
    await ctx.deps.db.update(plans).set({ priceCents: 299 }).where(eq(plans.id, plan['Ad-Free Monthly']!));
    const [first] = await subscriptionsOf(ctx, user.id);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    await run();
    expect(storedCharges(user.id).at(-1)).toMatchObject({ amountCents: 299, outcome: 'succeeded' });
  });

  it('a refused renewal expires the plan and tells the holder once; nothing is recorded as paid', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Monthly Membership']!, FAILS_LATER_CARD);
    const [first] = await subscriptionsOf(ctx, user.id);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    await Promise.all([run(), run()]);
    await run();
    expect((await subscriptionsOf(ctx, user.id)).map((row) => row.status)).toEqual(['expired']);
    expect(await noticesOf(user.id, 'subscription.renewal_failed')).toEqual([
      expect.objectContaining({
        title: 'Your plan could not be renewed',
        body: expect.stringContaining('Your card was declined.'),
      }),
    ]);
    expect(await ctx.deps.db.select().from(payments).where(eq(payments.accountId, user.id))).toHaveLength(1);
  });

  it('a cancelled plan is not charged: it expires and its holder is told once', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Monthly Membership']!);
    const [first] = await subscriptionsOf(ctx, user.id);
    await ctx.deps.db
      .update(subscriptions)
      .set({ status: 'cancelled', autoRenew: false })
      .where(eq(subscriptions.id, first!.id));
    ctx.clock.set(new Date(first!.expiresAt!.getTime() - 3 * DAY));
    await run();
    expect(await noticesOf(user.id, 'subscription.expiring')).toEqual([
      expect.objectContaining({ title: 'Your plan expires soon' }),
    ]);
    const before = storedCharges(user.id).length;
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    await Promise.all([run(), run()]);
    expect(storedCharges(user.id).length).toBe(before);
    expect(await noticesOf(user.id, 'subscription.expired')).toEqual([
      expect.objectContaining({ title: 'Your plan has expired' }),
    ]);
    expect(await ctx.deps.plansHeld.hasRunningPlan(user.id, 'membership')).toBe(false);
  });

  it('the worker runs the job sent to its queue', async () => {
    const user = await signUpUser(ctx);
    await buyPlan(ctx, user, plan['Monthly Membership']!, FAILS_LATER_CARD);
    const [first] = await subscriptionsOf(ctx, user.id);
    ctx.clock.set(new Date(first!.expiresAt!.getTime() + 1000));
    const stop = await startWorkers(ctx.composition);
    try {
      await expect
        .poll(async () => (await subscriptionsOf(ctx, user.id))[0]!.status, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe('expired');
    } finally {
      await stop();
    }
    expect((await subscriptionsOf(ctx, user.id))[0]!.status).toBe('expired');
  });
});
