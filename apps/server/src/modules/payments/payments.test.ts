import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, type ApiRoute, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { bearer, signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import type { SandboxPaymentProvider } from '../../platform/payments/sandbox';
import { plans } from '../plans/plans.schema';
import { payments, subscriptions } from './payments.schema';

const CARD = {
  card_holder_name: 'Jane Doe',
  card_no: '4242 4242 4242 4242',
  expiry_date: '12/39',
  cvv: '123',
};
const DECLINED = { ...CARD, card_no: '4000 0000 0000 0002' };

describe('payments (plans and extra time paid once, subscriptions started)', () => {
  let user: SignedIn;
  let other: SignedIn;
  let home: SignedIn;
  const planId: Record<string, number> = {};

  const pay = (
    route: ApiRoute,
    token: string | undefined,
    body: object,
    params: Record<string, number | string> = {},
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(route, params as never),
      headers: { ...(token ? bearer(token) : {}), ...headers },
      payload: body,
    });
  const charges = () => (ctx.deps.payments as SandboxPaymentProvider).charges().length;
  const subscriptionsOf = (accountId: number) =>
    ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));

  const ctx = contextForSuite();
  beforeAll(async () => {
    [user, other, home] = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpFuneralHome(ctx)]);
    for (const row of await ctx.deps.db.select().from(plans)) planId[row.title] = row.id;
  });

  describe('POST /web/{role}/plan/{id}/payment', () => {
    it('charges the plan, answers the payment id and starts the subscription', async () => {
      const response = await pay(paymentRoutes.userPlanPayment, user.token, CARD, {
        id: planId['Monthly Membership']!,
      });
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json();
      expect(message).toBe('Payment Successfully Made!');
      expect(data).toMatchObject({
        payment_id: String(data.id),
        amount: '4.99',
        currency: 'USD',
        last4: '4242',
      });
      const [subscription] = await subscriptionsOf(user.id);
      expect(subscription).toMatchObject({ paymentId: data.id, kind: 'membership', status: 'active' });
      const start = ctx.clock.now();
      expect(subscription!.startsAt.getTime()).toBe(start.getTime());
      const month = new Date(start);
      month.setUTCMonth(month.getUTCMonth() + 1);
      expect(Math.abs(subscription!.expiresAt!.getTime() - month.getTime())).toBeLessThan(4 * 86_400_000);
    });

    it('renewing ends the current plan of the kind at once; a life-time plan never expires', async () => {
      ctx.clock.advance(60_000);
      const response = await pay(paymentRoutes.userPlanPayment, user.token, CARD, {
        id: planId['Life-time Membership']!,
      });
      expect(response.statusCode).toBe(200);
      const rows = await subscriptionsOf(user.id);
      expect(rows.map((row) => [row.status, row.expiresAt === null])).toEqual([
        ['expired', false],
        ['active', true],
      ]);
    });

    it('lets a funeral home buy its plan, and refuses a plan of another kind with a 422', async () => {
      const ok = await pay(paymentRoutes.funeralHomePlanPayment, home.token, CARD, {
        id: planId['Funeral Home Monthly']!,
      });
      expect(ok.statusCode).toBe(200);
      const wrong = await pay(paymentRoutes.userPlanPayment, other.token, CARD, {
        id: planId['Funeral Home Monthly']!,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toHaveProperty('id');
      const banner = await pay(paymentRoutes.userPlanPayment, other.token, CARD, {
        id: planId['Banner Ad Week']!,
      });
      expect(banner.statusCode).toBe(422);
      expect(banner.json().errors).toHaveProperty('banner_ad_id');
      expect(await subscriptionsOf(other.id)).toEqual([]);
    });

    it('declines without charging or storing, saying why', async () => {
      const before = charges();
      const response = await pay(paymentRoutes.userPlanPayment, other.token, DECLINED, {
        id: planId['Ad-Free Monthly']!,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Your card was declined.');
      // The sandbox notes the refusal (never the number); nothing was charged and nothing stored.
      expect(
        (ctx.deps.payments as SandboxPaymentProvider)
          .charges()
          .slice(before)
          .map((c) => c.outcome),
      ).toEqual(['declined']);
      expect(await ctx.deps.db.select().from(payments).where(eq(payments.accountId, other.id))).toEqual([]);
    });

    it('names the field to change: an expired card under expiry_date, a declined one under card_no', async () => {
      const expired = await pay(
        paymentRoutes.userPlanPayment,
        other.token,
        { ...CARD, card_no: '4000 0000 0000 0069' },
        {
          id: planId['Ad-Free Monthly']!,
        },
      );
      expect(expired.statusCode).toBe(422);
      expect(expired.json().errors).toEqual({ expiry_date: ['Your card has expired.'] });
      const declined = await pay(paymentRoutes.userPlanPayment, other.token, DECLINED, {
        id: planId['Ad-Free Monthly']!,
      });
      expect(declined.json().errors).toEqual({ card_no: ['Your card was declined.'] });
    });

    it('names the missing card field, 404s an unknown plan, and guards by role', async () => {
      const missing = await pay(paymentRoutes.userPlanPayment, user.token, { ...CARD, cvv: '' }, { id: 1 });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toHaveProperty('cvv');
      expect((await pay(paymentRoutes.userPlanPayment, user.token, CARD, { id: 99999 })).statusCode).toBe(
        404,
      );
      expect((await pay(paymentRoutes.userPlanPayment, user.token, CARD, { id: 'x' })).statusCode).toBe(404);
      expect((await pay(paymentRoutes.userPlanPayment, undefined, CARD, { id: 1 })).statusCode).toBe(401);
      expect((await pay(paymentRoutes.userPlanPayment, home.token, CARD, { id: 1 })).statusCode).toBe(403);
      expect((await pay(paymentRoutes.funeralHomePlanPayment, user.token, CARD, { id: 7 })).statusCode).toBe(
        403,
      );
      // The funeral home's call: the same card check and the same guard.
      const noCard = await pay(
        paymentRoutes.funeralHomePlanPayment,
        home.token,
        { ...CARD, cvv: '' },
        { id: 7 },
      );
      expect(noCard.statusCode).toBe(422);
      expect(noCard.json().errors).toHaveProperty('cvv');
      expect((await pay(paymentRoutes.funeralHomePlanPayment, undefined, CARD, { id: 7 })).statusCode).toBe(
        401,
      );
    });
  });

  describe('charging once', () => {
    it('two identical requests in parallel: one charge, one subscription, the same answer', async () => {
      const buyer = await signUpUser(ctx);
      const before = charges();
      const [a, b] = await Promise.all(
        [1, 2].map(() =>
          pay(paymentRoutes.userPlanPayment, buyer.token, CARD, { id: planId['Ad-Free Yearly']! }),
        ),
      );
      expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
      expect(a!.json().data.payment_id).toBe(b!.json().data.payment_id);
      expect(charges()).toBe(before + 1);
      expect(await subscriptionsOf(buyer.id)).toHaveLength(1);
    });

    it('an Idempotency-Key retried later answers the first payment; a new key buys again', async () => {
      const buyer = await signUpUser(ctx);
      const headers = { 'idempotency-key': 'retry-1' };
      const first = await pay(
        paymentRoutes.extraTimePayment,
        buyer.token,
        { ...CARD, duration: '00:01:00' },
        {},
        headers,
      );
      ctx.clock.advance(60 * 60_000);
      const retry = await pay(
        paymentRoutes.extraTimePayment,
        buyer.token,
        { ...CARD, duration: '00:01:00' },
        {},
        headers,
      );
      expect(retry.json().data.payment_id).toBe(first.json().data.payment_id);
      const other = await pay(
        paymentRoutes.extraTimePayment,
        buyer.token,
        { ...CARD, duration: '00:02:00' },
        {},
        headers,
      );
      expect(other.statusCode).toBe(409);
      const again = await pay(paymentRoutes.extraTimePayment, buyer.token, { ...CARD, duration: '00:01:00' });
      expect(again.json().data.payment_id).not.toBe(first.json().data.payment_id);
    });

    it('without a key, the same purchase after the double-click window is a new payment', async () => {
      const buyer = await signUpUser(ctx);
      const body = { ...CARD, duration: '00:01:00' };
      const first = (await pay(paymentRoutes.extraTimePayment, buyer.token, body)).json().data.payment_id;
      ctx.clock.advance(11_000);
      const second = (await pay(paymentRoutes.extraTimePayment, buyer.token, body)).json().data.payment_id;
      expect(second).not.toBe(first);
    });
  });

  describe('POST /web/user/video/payment', () => {
    it('buys whole minutes at the current rate', async () => {
      const response = await pay(paymentRoutes.extraTimePayment, other.token, {
        ...CARD,
        duration: '00:02:00',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.amount).toBe('1.98');
      const [row] = await ctx.deps.db.select().from(payments).where(eq(payments.id, response.json().data.id));
      expect(row).toMatchObject({ extraSeconds: 120, planId: null, consumedAt: null });
    });

    it('names a bad duration, and is for users only', async () => {
      const bad = await pay(paymentRoutes.extraTimePayment, user.token, { ...CARD, duration: '1 minute' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toHaveProperty('duration');
      const none = await pay(paymentRoutes.extraTimePayment, user.token, CARD);
      expect(none.json().errors).toHaveProperty('duration');
      expect(
        (await pay(paymentRoutes.extraTimePayment, undefined, { ...CARD, duration: '00:01:00' })).statusCode,
      ).toBe(401);
      expect(
        (await pay(paymentRoutes.extraTimePayment, home.token, { ...CARD, duration: '00:01:00' })).statusCode,
      ).toBe(403);
    });
  });

  it('keeps neither the card number nor the CVV anywhere in the database', async () => {
    const card = { ...CARD, card_no: '5555 5555 5555 4444', cvv: '987' };
    expect(
      (await pay(paymentRoutes.userPlanPayment, other.token, card, { id: planId['Ad-Free Life-time']! }))
        .statusCode,
    ).toBe(200);
    const { executeSql } = ctx.deps.database;
    const tables = await executeSql(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    let dump = '';
    for (const { name } of tables.rows)
      dump += JSON.stringify((await executeSql(`select * from "${String(name)}"`)).rows);
    expect(dump).toContain('4444');
    expect(dump).not.toContain('5555555555554444');
    // The CVV as a stored value (three digits may well occur inside a hash).
    expect(dump).not.toMatch(/[":]987[",}]/);
  });
});
