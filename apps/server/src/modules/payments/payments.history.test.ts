import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, type ApiRoute, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import {
  bearer,
  get,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';

const CARD = { card_holder_name: 'Jane Doe', card_no: '4242424242424242', expiry_date: '12/39', cvv: '123' };

describe('payment history and the admin payment log', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let other: SignedIn;
  let home: SignedIn;

  const url = (route: ApiRoute, query?: Record<string, string>) => routeUrl(route, {} as never, query);
  const pay = (route: ApiRoute, token: string, body: object, id?: number) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(route, (id === undefined ? {} : { id }) as never),
      headers: bearer(token),
      payload: body,
    });

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    [user, other, home] = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpFuneralHome(ctx)]);
    expect((await pay(paymentRoutes.userPlanPayment, user.token, CARD, 1)).statusCode).toBe(200); // Monthly Membership
    ctx.clock.advance(60_000);
    expect(
      (await pay(paymentRoutes.extraTimePayment, user.token, { ...CARD, duration: '00:01:00' })).statusCode,
    ).toBe(200);
    expect((await pay(paymentRoutes.funeralHomePlanPayment, home.token, CARD, 7)).statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it("lists a user's own payments, newest first, with the subscription log row's fields", async () => {
    const response = await get(ctx, url(paymentRoutes.userHistory), user.token);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta.total).toBe(2);
    expect(data[0]).toMatchObject({
      amount_paid: '0.99',
      expiry_date: null,
      status_detail: 'Active',
      payable: { title: 'Extra video time', plan_category: { id: 5, title: 'One-Time Purchase' } },
    });
    expect(data[1]).toMatchObject({
      amount_paid: '4.99',
      status: 1,
      payable: {
        id: 1,
        title: 'Monthly Membership',
        duration: 'monthly',
        price: '4.99',
        status_detail: 'Active',
        plan_category: { id: 1, title: 'Membership' },
      },
    });
    expect(data[1].expiry_date).not.toBeNull();
    // Another user sees none of it.
    expect((await get(ctx, url(paymentRoutes.userHistory), other.token)).json().meta.total).toBe(0);
  });

  it('filters by purchase date and pages', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const none = await get(ctx, url(paymentRoutes.userHistory, { to_date: '2000-01-01' }), user.token);
    expect(none.json().meta.total).toBe(0);
    const todays = await get(
      ctx,
      url(paymentRoutes.userHistory, { from_date: today, per_page: '10' }),
      user.token,
    );
    expect(todays.json().meta.total).toBe(2);
    const bad = await get(ctx, url(paymentRoutes.userHistory, { from_date: 'yesterday' }), user.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('from_date');
  });

  it("lists a funeral home's own payments", async () => {
    const { data } = (await get(ctx, url(paymentRoutes.funeralHomeHistory), home.token)).json();
    expect(data).toHaveLength(1);
    expect(data[0].payable).toMatchObject({ title: 'Funeral Home Monthly', plan_category: { id: 3 } });
  });

  it('gives the admin every payment, filtered by user type and category', async () => {
    const all = (await get(ctx, url(paymentRoutes.adminLog), admin.token)).json();
    expect(all.meta.total).toBe(3);
    expect(all.data[0]).toMatchObject({
      name: 'Evergreen Funeral Home',
      type: 'funeral-home',
      subscription_type: 'Funeral Home',
      price: '29.99',
    });
    const homes = (
      await get(ctx, url(paymentRoutes.adminLog, { user_type: 'funeral-home' }), admin.token)
    ).json();
    expect(homes.meta.total).toBe(1);
    const extra = (
      await get(ctx, url(paymentRoutes.adminLog, { subscription_type: '5' }), admin.token)
    ).json();
    expect(extra.data.map((row: { plan_name: string }) => row.plan_name)).toEqual(['Extra video time']);
    const bad = await get(ctx, url(paymentRoutes.adminLog, { subscription_type: '9' }), admin.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('subscription_type');
    const categories = (await get(ctx, url(paymentRoutes.adminCategories), admin.token)).json();
    // The call takes no query: a stray or oversized one changes nothing in the answer.
    const odd = await get(
      ctx,
      `${url(paymentRoutes.adminCategories)}?id=1%27%20or%201=1&x=${'y'.repeat(4000)}`,
      admin.token,
    );
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual(categories);
    expect(categories.data).toEqual([
      { id: 1, title: 'Membership' },
      { id: 2, title: 'Ad-Free' },
      { id: 3, title: 'Funeral Home' },
      { id: 4, title: 'Banner Ad' },
      { id: 5, title: 'One-Time Purchase' },
    ]);
  });

  it('searches names, e-mails and plan titles, filters a plan category, and sorts by price', async () => {
    const list = async (query: Record<string, string>) =>
      (await get(ctx, url(paymentRoutes.adminLog, query), admin.token)).json();
    const byPlan = await list({ search: 'funeral home monthly' });
    expect(byPlan.data.map((row: { plan_name: string }) => row.plan_name)).toEqual(['Funeral Home Monthly']);
    const byEmail = await list({ search: user.email.toUpperCase() });
    expect(byEmail.meta.total).toBe(2);
    expect((await list({ search: 'nobody-paid-with-this' })).meta.total).toBe(0);
    const members = await list({ subscription_type: '1' });
    expect(members.data.map((row: { plan_name: string }) => row.plan_name)).toEqual(['Monthly Membership']);
    const byPrice = await list({ sort: 'price', order: 'asc' });
    expect(byPrice.data.map((row: { price: string }) => row.price)).toEqual(['0.99', '4.99', '29.99']);
    const dearestFirst = await list({ sort: 'price', order: 'desc' });
    expect(dearestFirst.data.map((row: { price: string }) => row.price)).toEqual(['29.99', '4.99', '0.99']);
  });

  it("filters an account's history by expiry date", async () => {
    const nextMonth = new Date(ctx.clock.now().getTime() + 31 * 86_400_000).toISOString().slice(0, 10);
    const expiring = await get(
      ctx,
      url(paymentRoutes.userHistory, { expiry_from: '2000-01-01', expiry_to: nextMonth }),
      user.token,
    );
    // Only the membership expires; extra time has no expiry and is left out by an expiry filter.
    expect(expiring.json().data.map((row: { payable: { title: string } }) => row.payable.title)).toEqual([
      'Monthly Membership',
    ]);
    const later = await get(ctx, url(paymentRoutes.userHistory, { expiry_from: '2999-01-01' }), user.token);
    expect(later.json().meta.total).toBe(0);
  });

  it("gives the admin each kind's purchase log, with status and date filters", async () => {
    const members = (await get(ctx, url(paymentRoutes.membershipLogs), admin.token)).json();
    expect(members.meta.total).toBe(1);
    expect(members.data[0]).toMatchObject({
      email: user.email,
      plan_title: 'Monthly Membership',
      status: 1,
      status_detail: 'Active',
      price: '4.99',
    });
    expect(members.data[0].expiry_date).not.toBeNull();
    const homes = (await get(ctx, url(paymentRoutes.funeralHomeLogs), admin.token)).json();
    expect(homes.data.map((row: { email: string }) => row.email)).toEqual([home.email]);
    // 'Funeral Home Name' is the home's, and the search finds it by that name.
    expect(homes.data[0].name).toBe('Evergreen Funeral Home');
    const byHome = await get(ctx, url(paymentRoutes.funeralHomeLogs, { search: 'Evergreen' }), admin.token);
    expect(byHome.json().meta.total).toBe(1);
    expect((await get(ctx, url(paymentRoutes.adFreeLogs), admin.token)).json().meta.total).toBe(0);
    const expired = await get(ctx, url(paymentRoutes.membershipLogs, { status: '0' }), admin.token);
    expect(expired.json().meta.total).toBe(0);
    const later = await get(ctx, url(paymentRoutes.membershipLogs, { expiry_to: '2000-01-01' }), admin.token);
    expect(later.json().meta.total).toBe(0);
    const bad = await get(ctx, url(paymentRoutes.membershipLogs, { status: '7' }), admin.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('status');
  });

  it('guards every list: 401 without a credential, 403 for another role', async () => {
    for (const route of [
      paymentRoutes.userHistory,
      paymentRoutes.funeralHomeHistory,
      paymentRoutes.adminLog,
      paymentRoutes.adminCategories,
    ])
      expect((await get(ctx, url(route))).statusCode).toBe(401);
    expect((await get(ctx, url(paymentRoutes.userHistory), home.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.funeralHomeHistory), user.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.adminLog), user.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.adminCategories), home.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.adminCategories), user.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.membershipLogs), user.token)).statusCode).toBe(403);
    expect((await get(ctx, url(paymentRoutes.funeralHomeLogs), home.token)).statusCode).toBe(403);
    for (const route of [
      paymentRoutes.membershipLogs,
      paymentRoutes.adFreeLogs,
      paymentRoutes.funeralHomeLogs,
    ])
      expect((await get(ctx, url(route))).statusCode, route.path).toBe(401);
    expect((await get(ctx, url(paymentRoutes.adFreeLogs), home.token)).statusCode).toBe(403);
  });

  it('refuses a bad query on every list with 422 naming the field', async () => {
    const cases: Array<[ApiRoute, string]> = [
      [paymentRoutes.userHistory, user.token],
      [paymentRoutes.funeralHomeHistory, home.token],
      [paymentRoutes.adminLog, admin.token],
      [paymentRoutes.membershipLogs, admin.token],
      [paymentRoutes.adFreeLogs, admin.token],
      [paymentRoutes.funeralHomeLogs, admin.token],
    ];
    for (const [route, token] of cases) {
      const bad = await get(ctx, url(route, { per_page: '7' }), token);
      expect(bad.statusCode, route.path).toBe(422);
      expect(bad.json().errors, route.path).toHaveProperty('per_page');
    }
  });

  // Last: it moves the clock past every session.
  it('shows a monthly plan as Expired a month and a day later', async () => {
    ctx.clock.advance(32 * 86_400_000);
    const fresh = await signInAdmin(ctx);
    const lapsed = (await get(ctx, url(paymentRoutes.membershipLogs, { status: '0' }), fresh.token)).json();
    expect(lapsed.data.map((row: { status_detail: string }) => row.status_detail)).toEqual(['Expired']);
  });
});
