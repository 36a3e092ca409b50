import { dashboardRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, gt, sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import {
  get,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { bannerAds } from '../banner-ads/banner-ads.schema';
import { scheduledDeliveries } from '../delivery/delivery.schema';
import { payments, subscriptions } from '../payments/payments.schema';
import { plans } from '../plans/plans.schema';
import { queries } from '../queries/queries.schema';
import { dashboardPaymentBuckets } from './dashboard.schema';

const NOW = new Date('2026-06-15T12:07:00Z');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('admin dashboard', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let home: SignedIn;
  let owner: number;

  const call = (route: ApiRoute, query = '', token = admin.token) =>
    get(ctx, `${routeUrl(route)}${query}`, token);
  const counts = async () => {
    const response = await call(dashboardRoutes.counts);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const chart = async (query: string) => {
    const response = await call(dashboardRoutes.userChart, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const revenue = async (query: string) => {
    const response = await call(dashboardRoutes.subscription, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  /** A series' points that are not all zero, as `period: figures`. */
  const nonZero = (
    series: Array<{ period: string; purchases: Record<string, number>; revenue: Record<string, string> }>,
  ) =>
    Object.fromEntries(
      series
        .map((point) => [
          point.period,
          Object.fromEntries(
            Object.entries(point.purchases)
              .filter(([, n]) => n > 0)
              .map(([kind, n]) => [kind, `${n} / ${point.revenue[kind]}`]),
          ),
        ])
        .filter(([, kinds]) => Object.keys(kinds as object).length > 0),
    );

  const addUser = async (type: 'user' | 'funeral-home', createdAt: string, status = 1) => {
    const [row] = await ctx.deps.db
      .insert(users)
      .values({
        type,
        email: `${type}-${randomBytes(4).toString('hex')}@dashboard.test`,
        passwordHash: 'not-a-real-hash',
        firstName: 'Seeded',
        lastName: type,
        homeName: type === 'funeral-home' ? 'Seeded Home' : null,
        status,
        createdAt: at(createdAt),
      })
      .returning({ id: users.id });
    return row!.id;
  };
  const planOf = async (kind: string) => {
    const [row] = await ctx.deps.db.select({ id: plans.id }).from(plans).where(eq(plans.kind, kind)).limit(1);
    return row!.id;
  };
  const pay = async (planId: number | null, cents: number, createdAt: string) => {
    const key = randomBytes(6).toString('hex');
    const [row] = await ctx.deps.db
      .insert(payments)
      .values({
        accountId: owner,
        planId,
        extraSeconds: planId === null ? 60 : null,
        amountCents: cents,
        currency: 'usd',
        provider: 'sandbox',
        providerReference: `ref-${key}`,
        brand: 'visa',
        last4: '4242',
        status: 'succeeded',
        idempotencyKey: key,
        purpose: planId === null ? 'seconds:60' : `plan:${planId}`,
        createdAt: at(createdAt),
      })
      .returning({ id: payments.id });
    return row!.id;
  };

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext(NOW));
    // Signed up through the real calls, so stamped now (2026-06-15 12:07).
    user = await signUpUser(ctx);
    home = await signUpFuneralHome(ctx);

    owner = await addUser('user', '2026-06-01T00:00:00Z'); // 06-01 in UTC, 05-31 in New York
    await addUser('user', '2026-06-01T23:59:59Z');
    await addUser('user', '2026-06-02T12:00:00Z', 0); // inactive: still counted
    await addUser('user', '2026-06-08T12:00:00Z');
    await addUser('user', '2026-05-31T23:59:59Z');
    await addUser('funeral-home', '2026-06-02T09:00:00Z');
    await addUser('funeral-home', '2026-04-10T09:00:00Z');

    const [membership, adFree, funeralHome, banner] = await Promise.all(
      ['membership', 'ad-free', 'funeral-home', 'banner-ad'].map(planOf),
    );
    const p1 = await pay(membership!, 1000, '2026-06-01T10:00:00Z');
    const p2 = await pay(membership!, 1500, '2026-06-01T10:20:00Z');
    const p3 = await pay(adFree!, 300, '2026-06-02T23:45:00Z'); // 06-03 05:15 in Kolkata
    await pay(null, 99, '2026-06-02T18:40:00Z'); // 06-03 00:10 in Kolkata: a quarter-hour piece
    const p5 = await pay(funeralHome!, 5000, '2026-06-15T11:55:00Z'); // after the watermark (11:45)
    const p6 = await pay(banner!, 2500, '2026-06-15T11:30:00Z');
    await pay(membership!, 700, '2026-05-31T23:59:00Z');

    const subscription = (
      paymentId: number,
      planId: number,
      kind: string,
      status: string,
      expiresAt: Date | null,
    ) => ({
      accountId: owner,
      planId,
      paymentId,
      kind,
      startsAt: at('2026-06-01T00:00:00Z'),
      expiresAt,
      status,
    });
    await ctx.deps.db.insert(subscriptions).values([
      subscription(p1, membership!, 'membership', 'active', new Date(NOW.getTime() + 10 * DAY)),
      subscription(p1, membership!, 'membership', 'cancelled', new Date(NOW.getTime() + DAY)), // runs to its end
      subscription(p1, membership!, 'membership', 'expired', new Date(NOW.getTime() + DAY)),
      subscription(p3, adFree!, 'ad-free', 'active', new Date(NOW.getTime() - 1000)), // ended, job not run yet
      subscription(p5, funeralHome!, 'funeral-home', 'active', null), // life-time
      // A banner plan makes no subscription row (docs/product.md §8.5); a stray one is not counted.
      subscription(p6, banner!, 'banner-ad', 'active', new Date(NOW.getTime() + 7 * DAY)),
    ]);

    const ad = (
      status: 'pending' | 'approved' | 'rejected',
      live?: { from: number; until: number | null; paymentId: number },
    ) => ({
      accountId: owner,
      brandName: 'Brand',
      brandEmail: 'brand@dashboard.test',
      brandUrl: 'https://brand.example',
      status,
      startsAt: live ? new Date(NOW.getTime() + live.from) : null,
      endsAt: live && live.until !== null ? new Date(NOW.getTime() + live.until) : null,
      paymentId: live?.paymentId ?? null,
    });
    await ctx.deps.db.insert(bannerAds).values([
      ad('pending'),
      ad('pending'),
      ad('rejected'),
      ad('approved'), // approved, not paid (no run dates)
      ad('approved', { from: -DAY, until: DAY, paymentId: p6 }), // live
      ad('approved', { from: -DAY, until: null, paymentId: p2 }), // live: a life-time banner plan
      ad('approved', { from: -2 * DAY, until: -DAY, paymentId: p3 }), // ended
      ad('approved', { from: DAY, until: 2 * DAY, paymentId: p5 }), // not started
    ]);

    await ctx.deps.db.insert(queries).values(
      [10, 29.9, 30.1].map((days) => ({
        name: 'Asker',
        email: 'asker@dashboard.test',
        subject: `Asked ${days} days ago`,
        message: '…',
        userType: 'guest',
        createdAt: new Date(NOW.getTime() - days * DAY),
      })),
    );

    const statuses = ['pending', 'sending', 'sent', 'sent', 'failed', 'cancelled'] as const;
    for (const status of statuses) {
      const videoId = await insertVideo(ctx.deps.db, owner);
      const key = randomBytes(6).toString('hex');
      await ctx.deps.db.insert(scheduledDeliveries).values({
        videoId,
        ownerId: owner,
        recipientEmail: 'family@dashboard.test',
        dueAt: NOW,
        nextAttemptAt: NOW,
        status,
        tokenHash: `hash-${key}`,
        messageId: `<${key}@dashboard.test>`,
      });
    }
  });
  afterAll(() => ctx.close());

  it('counts accounts, running plans of each kind, live ads, waiting requests, open queries and deliveries', async () => {
    expect(await counts()).toEqual({
      users: 6, // five seeded (one inactive) and one signed up; the admin is not counted
      funeral_homes: 3,
      active_subscriptions: { membership: 2, 'ad-free': 0, 'funeral-home': 1, 'banner-ad': 2 },
      live_ads: 2,
      pending_ad_requests: 2,
      open_queries: 2,
      deliveries_scheduled: 2,
      deliveries_delivered: 2,
      damaged_media: 0,
    });
  });

  it('charts sign-ups by day in UTC and in the admin’s zone, users and funeral homes apart', async () => {
    const utc = await chart('?from_date=2026-06-01&to_date=2026-06-03&group_by=day');
    expect(utc).toEqual({
      from_date: '2026-06-01',
      to_date: '2026-06-03',
      group_by: 'day',
      tz: 'UTC',
      series: [
        { period: '2026-06-01', users: 2, funeral_homes: 0 },
        { period: '2026-06-02', users: 1, funeral_homes: 1 },
        { period: '2026-06-03', users: 0, funeral_homes: 0 },
      ],
      totals: { users: 3, funeral_homes: 1 },
    });
    const newYork = await chart('?from_date=2026-06-01&to_date=2026-06-03&tz=America/New_York');
    expect(newYork.series).toEqual([
      { period: '2026-06-01', users: 1, funeral_homes: 0 },
      { period: '2026-06-02', users: 1, funeral_homes: 1 },
      { period: '2026-06-03', users: 0, funeral_homes: 0 },
    ]);
  });

  it('groups sign-ups by week (from Monday) and by month, clipping the first period to the range', async () => {
    const weeks = await chart('?from_date=2026-06-01&to_date=2026-06-14&group_by=week');
    expect(weeks.series).toEqual([
      { period: '2026-06-01', users: 3, funeral_homes: 1 },
      { period: '2026-06-08', users: 1, funeral_homes: 0 },
    ]);
    // From a Wednesday: the week is labelled by its Monday, and counts only the days asked for.
    const fromWednesday = await chart('?from_date=2026-06-03&to_date=2026-06-09&group_by=week');
    expect(fromWednesday.series).toEqual([
      { period: '2026-06-01', users: 0, funeral_homes: 0 },
      { period: '2026-06-08', users: 1, funeral_homes: 0 },
    ]);
    const months = await chart('?from_date=2026-04-15&to_date=2026-06-30&group_by=month');
    expect(months.series).toEqual([
      { period: '2026-04-01', users: 0, funeral_homes: 0 }, // the home of 04-10 is before the range
      { period: '2026-05-01', users: 1, funeral_homes: 0 },
      { period: '2026-06-01', users: 5, funeral_homes: 2 }, // with the two signed up on the 15th
    ]);
    expect(months.totals).toEqual({ users: 6, funeral_homes: 2 });
  });

  it('sums revenue and purchases by kind, the recent quarter-hour read from payments themselves', async () => {
    const data = await revenue('?from_date=2026-06-01&to_date=2026-06-15');
    expect(data.series).toHaveLength(15);
    expect(nonZero(data.series)).toEqual({
      '2026-06-01': { membership: '2 / 25.00' },
      '2026-06-02': { 'ad-free': '1 / 3.00', 'one-time': '1 / 0.99' },
      '2026-06-15': { 'funeral-home': '1 / 50.00', 'banner-ad': '1 / 25.00' },
    });
    expect(data.totals).toEqual({
      purchases: { membership: 2, 'ad-free': 1, 'funeral-home': 1, 'banner-ad': 1, 'one-time': 1 },
      revenue: {
        membership: '25.00',
        'ad-free': '3.00',
        'funeral-home': '50.00',
        'banner-ad': '25.00',
        'one-time': '0.99',
      },
    });
    // The rollup stopped at 11:45 (now less ten minutes, to the quarter): the 11:55 payment is not in it.
    const rolled = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dashboardPaymentBuckets)
      .where(gt(dashboardPaymentBuckets.centsFuneralHome, 0));
    expect(rolled).toEqual([{ n: 0 }]);
    const banner = await ctx.deps.db
      .select({ width: dashboardPaymentBuckets.width, startsAt: dashboardPaymentBuckets.startsAt })
      .from(dashboardPaymentBuckets)
      .where(gt(dashboardPaymentBuckets.centsBannerAd, 0))
      .orderBy(dashboardPaymentBuckets.width);
    // The 11:30 banner payment: in its quarter (ended by 11:45), not yet in its hour (11:00–12:00).
    expect(banner).toEqual([{ width: 15, startsAt: at('2026-06-15T11:30:00Z') }]);
  });

  it('cuts days at the zone’s midnight, half-hour zones included (Kolkata, +05:30)', async () => {
    const data = await revenue('?from_date=2026-06-01&to_date=2026-06-03&tz=Asia/Kolkata');
    expect(nonZero(data.series)).toEqual({
      '2026-06-01': { membership: '3 / 32.00' },
      '2026-06-03': { 'ad-free': '1 / 3.00', 'one-time': '1 / 0.99' },
    });
    const byMonth = await revenue(
      '?from_date=2026-05-01&to_date=2026-06-30&group_by=month&tz=America/New_York',
    );
    expect(nonZero(byMonth.series)).toEqual({
      '2026-05-01': { membership: '1 / 7.00' },
      '2026-06-01': {
        membership: '2 / 25.00',
        'ad-free': '1 / 3.00',
        'one-time': '1 / 0.99',
        'funeral-home': '1 / 50.00',
        'banner-ad': '1 / 25.00',
      },
    });
  });

  it('answers the same figures once the clock moves on and the rollup covers more, and counts a new payment once', async () => {
    const before = await revenue('?from_date=2026-05-01&to_date=2026-06-15&tz=Asia/Kolkata');
    ctx.clock.advance(3_600_000); // 13:07: the rollup now reaches 12:45
    const planId = await planOf('ad-free');
    await pay(planId, 450, '2026-06-15T13:00:00Z');
    const after = await revenue('?from_date=2026-05-01&to_date=2026-06-15&tz=Asia/Kolkata');
    expect(after.totals.purchases).toEqual({ ...before.totals.purchases, 'ad-free': 2 });
    expect(after.totals.revenue).toEqual({ ...before.totals.revenue, 'ad-free': '7.50' });
    // Asked twice at once: the rollup runs once (the lock), and both answers agree.
    ctx.clock.advance(3_600_000);
    const [a, b] = await Promise.all([
      revenue('?from_date=2026-05-01&to_date=2026-06-15'),
      revenue('?from_date=2026-05-01&to_date=2026-06-15'),
    ]);
    expect(a.totals).toEqual(b.totals);
    expect(a.totals.revenue).toEqual(after.totals.revenue);
    ctx.clock.set(NOW);
  });

  it('defaults to the 30 days ending today in the zone, or 30 days from or to the one date given', async () => {
    const plain = await chart('');
    expect(plain).toMatchObject({
      from_date: '2026-05-17',
      to_date: '2026-06-15',
      group_by: 'day',
      tz: 'UTC',
    });
    expect(plain.series).toHaveLength(30);
    // At 12:07 UTC it is already the 16th at UTC+14.
    expect(await chart('?tz=Pacific/Kiritimati')).toMatchObject({
      from_date: '2026-05-18',
      to_date: '2026-06-16',
    });
    expect(await chart('?from_date=2026-01-01')).toMatchObject({
      from_date: '2026-01-01',
      to_date: '2026-01-30',
    });
    expect(await revenue('?to_date=2026-03-01')).toMatchObject({
      from_date: '2026-01-31',
      to_date: '2026-03-01',
    });
  });

  it('takes the widest ranges allowed: 366 days by day, 157 weeks by week, 120 months by month', async () => {
    expect((await chart('?from_date=2024-01-01&to_date=2024-12-31')).series).toHaveLength(366);
    expect((await revenue('?from_date=2024-01-01&to_date=2027-01-03&group_by=week')).series).toHaveLength(
      157,
    );
    const decade = await revenue('?from_date=2017-01-01&to_date=2026-12-31&group_by=month');
    expect(decade.series).toHaveLength(120);
    expect(decade.totals.purchases.membership).toBe(3);
  });

  it('refuses bad ranges and groupings with a 422 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?group_by=year', 'group_by'],
      ['?group_by=', 'group_by'],
      ['?from_date=2026-06-10&to_date=2026-06-01', 'to_date'],
      ['?from_date=2024-01-01&to_date=2025-01-01', 'to_date'], // 367 days by day
      ['?from_date=2024-01-01&to_date=2027-01-04&group_by=week', 'to_date'], // 158 weeks
      ['?from_date=2017-01-01&to_date=2027-01-01&group_by=month', 'to_date'], // 121 months
      ['?from_date=1926-06-01&to_date=2026-06-01&group_by=day', 'from_date'], // a hundred years
      ['?from_date=2026-02-31', 'from_date'],
      ['?to_date=20260601', 'to_date'],
      ['?to_date=9999-12-31', 'to_date'],
      ['?from_date=2026-06-01&to_date=2026-06-01&tz=Mars/Olympus_Mons', 'tz'],
      [`?tz=${'A'.repeat(5000)}`, 'tz'],
      ['?from_date=2026-06-01&from_date=2026-06-02', 'from_date'],
    ];
    for (const [query, field] of cases) {
      for (const route of [dashboardRoutes.subscription, dashboardRoutes.userChart]) {
        const path = route.path;
        const response = await call(route, query);
        expect(response.statusCode, `${path}${query}`).toBe(422);
        expect(Object.keys(response.json().errors), `${path}${query}`).toContain(field);
      }
    }
  });

  it('is the admin’s only: 401 without a valid credential, 403 for users and funeral homes', async () => {
    for (const route of Object.values(dashboardRoutes)) {
      const path = route.path;
      expect((await get(ctx, routeUrl(route))).statusCode, path).toBe(401);
      expect((await get(ctx, routeUrl(route), 'forged-token')).statusCode, path).toBe(401);
      for (const who of [user, home]) {
        const refused = await get(ctx, routeUrl(route), who.token);
        expect(refused.statusCode, `${path} as ${who.user.type}`).toBe(403);
      }
    }
  });
});
