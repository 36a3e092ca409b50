import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPlanRoutesByKind, planRoutes, type ApiRoute, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import {
  bearer,
  get,
  post,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';

const path = (
  route: ApiRoute,
  params: Record<string, string | number> = {},
  query?: Record<string, string>,
) => routeUrl(route, params as never, query);

describe('plans (the kinds of plan, their offers and the per-minute rate)', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let home: SignedIn;

  const send = (
    route: ApiRoute,
    token: string | undefined,
    options: { params?: object; body?: object } = {},
  ) =>
    ctx.app.inject({
      method: route.method,
      url: path(route, (options.params ?? {}) as Record<string, number>),
      headers: token ? bearer(token) : {},
      ...(options.body ? { payload: options.body } : {}),
    });
  const read = (
    route: ApiRoute,
    token: string,
    params: Record<string, string | number> = {},
    query?: Record<string, string>,
  ) => get(ctx, path(route, params, query), token);
  const write = (
    route: ApiRoute,
    body: object,
    params: Record<string, string | number> = {},
    token = admin.token,
  ) => post(ctx, path(route, params), { payload: body, headers: bearer(token) });
  const fields = {
    title: 'Family Plan',
    duration: 'yearly',
    price: '79.50',
    description: 'For the whole family.',
  };

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    user = await signUpUser(ctx);
    home = await signUpFuneralHome(ctx);
  });
  afterAll(() => ctx.close());

  it('starts a fresh install with plans of every kind and a per-minute rate', async () => {
    const titles = async (kind: keyof typeof adminPlanRoutesByKind) => {
      const body = (
        await read(adminPlanRoutesByKind[kind].list, admin.token, {}, { sort: 'price', order: 'asc' })
      ).json();
      return body.data.map((plan: { title: string; duration: string; price: string }) => [
        plan.duration,
        plan.price,
      ]);
    };
    expect(await titles('membership')).toEqual([
      ['monthly', '4.99'],
      ['yearly', '49.99'],
      ['life-time', '149.00'],
    ]);
    expect(await titles('ad-free')).toHaveLength(3);
    expect(await titles('funeral-home')).toHaveLength(3);
    expect((await titles('banner-ad'))[0]).toEqual(['weekly', '9.99']);
    expect(await titles('banner-ad')).toHaveLength(4);
    const rate = (await read(planRoutes.oneTimeRate, admin.token)).json();
    expect(rate.current).toMatchObject({ rate: '0.99' });
    expect(rate.meta.total).toBe(1);
  });

  it('offers users the membership and ad-free categories with their plans, cheapest first', async () => {
    const response = await read(planRoutes.userHomePlans, user.token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((category: { id: number; title: string }) => [category.id, category.title])).toEqual([
      [1, 'Membership'],
      [2, 'Ad-Free'],
    ]);
    expect(data[0].plans[0]).toEqual({
      id: expect.any(Number),
      title: 'Monthly Membership',
      price: '4.99',
      duration: 'monthly',
      description: expect.any(String),
    });
    const offer = (await read(planRoutes.userPlans, user.token)).json().data;
    expect(offer.categories).toEqual(data);
    expect(offer.one_time_rate).toMatchObject({ rate: '0.99' });
  });

  it('offers funeral-home plans to funeral homes and banner plans to both roles', async () => {
    const homePlans = (await read(planRoutes.funeralHomePlans, home.token)).json().data;
    expect(homePlans.map((plan: { duration: string }) => plan.duration)).toEqual([
      'monthly',
      'yearly',
      'life-time',
    ]);
    const forUser = (await read(planRoutes.userBannerAdPlans, user.token)).json().data;
    const forHome = (await read(planRoutes.funeralHomeBannerAdPlans, home.token)).json().data;
    expect(forUser).toHaveLength(4);
    expect(forHome).toEqual(forUser);
  });

  it('refuses every call without a credential (401), and admin calls to users and funeral homes (403)', async () => {
    for (const route of Object.values(planRoutes)) {
      const response = await send(route, undefined, { params: { id: 1 }, body: {} });
      expect(response.statusCode, route.path).toBe(401);
    }
    const adminOnly = Object.values(planRoutes).filter((route) => route.path.startsWith('/admin/'));
    expect(adminOnly).toHaveLength(22);
    for (const route of adminOnly)
      for (const token of [user.token, home.token]) {
        const response = await send(route, token, { params: { id: 1 }, body: fields });
        expect(response.statusCode, route.path).toBe(403);
      }
    expect((await read(planRoutes.funeralHomePlans, user.token)).statusCode).toBe(403);
    expect((await read(planRoutes.userHomePlans, home.token)).statusCode).toBe(403);
    expect((await read(planRoutes.userHomePlans, admin.token)).statusCode).toBe(403);
    expect((await read(planRoutes.userPlans, home.token)).statusCode).toBe(403);
    expect((await read(planRoutes.userBannerAdPlans, home.token)).statusCode).toBe(403);
    expect((await read(planRoutes.funeralHomeBannerAdPlans, user.token)).statusCode).toBe(403);
  });

  it('creates a plan (201, active, monthly unless a duration is sent) and reads it back', async () => {
    const response = await write(planRoutes.membershipCreate, { ...fields, duration: undefined, price: 12 });
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe('Subscription Plan Created Successfully.');
    expect(data).toEqual({
      id: expect.any(Number),
      title: 'Family Plan',
      duration: 'monthly',
      price: '12.00',
      description: 'For the whole family.',
      status: 1,
      status_detail: 'Active',
      created_at: ctx.clock.now().toISOString(),
      updated_at: ctx.clock.now().toISOString(),
    });
    const detail = await read(planRoutes.membershipDetail, admin.token, { id: data.id });
    expect(detail.json()).toEqual({ data });
    // The banner form's Weekly option sends '1 week'.
    const banner = await write(planRoutes.bannerAdCreate, { ...fields, duration: '1 week' });
    expect(banner.json().data).toMatchObject({ duration: 'weekly', price: '79.50' });
  });

  it('answers 422 naming each field a plan form got wrong', async () => {
    const empty = await write(planRoutes.adFreeCreate, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      title: ['The title field is required.'],
      price: ['The price field is required.'],
      description: ['The description field is required.'],
    });
    const update = await write(planRoutes.adFreeUpdate, {}, { id: 1 });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors.duration).toEqual(['The duration field is required.']);
    const cases: Array<[object, string, string]> = [
      [{ price: 'abc' }, 'price', 'The price must be a number.'],
      [{ price: '1.999' }, 'price', 'The price must be between 0.01 and 999999.99, with at most 2 decimals.'],
      [{ price: 0 }, 'price', 'The price must be between 0.01 and 999999.99, with at most 2 decimals.'],
      // A price below zero says so, whether typed or sent as a number.
      [{ price: '-5' }, 'price', 'The price cannot be negative: it must be 0.01 or more (up to 999999.99).'],
      [{ price: -0.5 }, 'price', 'The price cannot be negative: it must be 0.01 or more (up to 999999.99).'],
      [{ duration: 'weekly' }, 'duration', 'The duration must be one of: monthly, yearly, life-time.'],
      [{ title: '   ' }, 'title', 'The title field is required.'],
    ];
    for (const [change, field, text] of cases) {
      const response = await write(planRoutes.funeralHomePlanCreate, { ...fields, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors).toEqual({ [field]: [text] });
    }
  });

  it('updates a plan, and answers 404 for an unknown id, an id of another kind or a non-numeric one', async () => {
    const created = (await write(planRoutes.funeralHomePlanCreate, fields)).json().data;
    ctx.clock.advance(60_000);
    const response = await write(
      planRoutes.funeralHomePlanUpdate,
      { ...fields, title: 'Family Plan Plus', price: '99', duration: 'life-time' },
      { id: created.id },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Subscription Plan Updated Successfully.',
      data: {
        ...created,
        title: 'Family Plan Plus',
        price: '99.00',
        duration: 'life-time',
        updated_at: ctx.clock.now().toISOString(),
      },
    });
    for (const id of [999_999, 'abc']) {
      const missing = await read(planRoutes.funeralHomePlanDetail, admin.token, { id });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Plan not found.');
      expect((await write(planRoutes.funeralHomePlanUpdate, fields, { id })).statusCode).toBe(404);
      expect((await write(planRoutes.funeralHomePlanStatus, { status: 0 }, { id })).statusCode).toBe(404);
    }
    expect((await read(planRoutes.membershipDetail, admin.token, { id: created.id })).statusCode).toBe(404);
  });

  it('deactivates and activates a plan; only active plans are offered', async () => {
    const offered = async () =>
      (await read(planRoutes.funeralHomePlans, home.token))
        .json()
        .data.map((plan: { id: number }) => plan.id);
    const created = (await write(planRoutes.funeralHomePlanCreate, { ...fields, title: 'Toggled' })).json()
      .data;
    expect(await offered()).toContain(created.id);

    const off = await write(planRoutes.funeralHomePlanStatus, { status: 0 }, { id: created.id });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Subscription Plan has been Deactivated Successfully.');
    expect(off.json().data).toMatchObject({ status: 0, status_detail: 'Inactive' });
    expect(await offered()).not.toContain(created.id);

    const on = await write(planRoutes.funeralHomePlanStatus, { status: '1' }, { id: created.id });
    expect(on.json().message).toBe('Subscription Plan has been Activated Successfully.');
    expect(on.json().data).toMatchObject({ status: 1, status_detail: 'Active' });
    expect(await offered()).toContain(created.id);

    for (const body of [{}, { status: 2 }]) {
      const bad = await write(planRoutes.funeralHomePlanStatus, body, { id: created.id });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['status']);
    }
  });

  it('leaves out a category with nothing active on offer', async () => {
    const adFree = (await read(planRoutes.adFreeList, admin.token, {}, { per_page: '50' })).json().data;
    for (const plan of adFree) await write(planRoutes.adFreeStatus, { status: 0 }, { id: plan.id });
    const titles = (await read(planRoutes.userHomePlans, user.token))
      .json()
      .data.map((c: { title: string }) => c.title);
    expect(titles).toEqual(['Membership']);
    for (const plan of adFree) await write(planRoutes.adFreeStatus, { status: 1 }, { id: plan.id });
  });

  it('lists plans with search, status filter, paging and sort', async () => {
    for (let i = 1; i <= 11; i += 1)
      await write(planRoutes.bannerAdCreate, { ...fields, title: `Spring ${i}`, price: String(i) });
    const list = (query: Record<string, string>) => read(planRoutes.bannerAdList, admin.token, {}, query);

    const first = (await list({ search: 'spring', sort: 'price', order: 'asc' })).json();
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, from: 1, to: 10, total: 11, per_page: 10 });
    expect(first.data[0]).toMatchObject({ title: 'Spring 1', price: '1.00' });
    expect(first.links.next).toContain('page=2');
    expect((await list({ search: 'spring', per_page: '25' })).json().data).toHaveLength(11);

    const spring = first.data[0];
    await write(planRoutes.bannerAdStatus, { status: 0 }, { id: spring.id });
    const inactive = (await list({ status: '0' })).json();
    expect(inactive.data.map((plan: { id: number }) => plan.id)).toEqual([spring.id]);
    expect((await list({ status: '1', search: 'spring' })).json().meta.total).toBe(10);

    const bad = await list({ status: 'yes', per_page: '7', sort: 'secret' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'sort', 'status']);
  });

  it('every kind’s five admin calls: each succeeds, and each refuses a bad body or query with 422', async () => {
    for (const [kind, calls] of Object.entries(adminPlanRoutesByKind)) {
      const plan = { ...fields, duration: kind === 'banner-ad' ? 'weekly' : 'monthly' };
      const created = await write(calls.create, plan);
      expect(created.statusCode, kind).toBe(201);
      const id = created.json().data.id as number;
      expect((await read(calls.detail, admin.token, { id })).json().data, kind).toMatchObject({ id });
      const updated = await write(calls.update, { ...plan, title: 'Renamed' }, { id });
      expect(updated.json().data, kind).toMatchObject({ id, title: 'Renamed' });
      const status = await write(calls.status, { status: 0 }, { id });
      expect(status.json().data, kind).toMatchObject({ id, status: 0 });
      const list = await read(calls.list, admin.token, {}, { search: 'Renamed', status: '0' });
      expect(
        list.json().data.map((row: { id: number }) => row.id),
        kind,
      ).toContain(id);

      expect((await write(calls.create, {})).statusCode, kind).toBe(422);
      expect((await write(calls.update, { ...plan, price: 'abc' }, { id })).statusCode, kind).toBe(422);
      expect((await write(calls.status, { status: 2 }, { id })).statusCode, kind).toBe(422);
      expect((await read(calls.list, admin.token, {}, { per_page: '7' })).statusCode, kind).toBe(422);
      // Nothing refused changed the plan.
      expect((await read(calls.detail, admin.token, { id })).json().data, kind).toMatchObject({
        title: 'Renamed',
        status: 0,
      });
    }
  });

  it('keeps the rate’s history: the newest is the rate in force', async () => {
    ctx.clock.advance(60_000);
    const first = await write(planRoutes.oneTimeRateCreate, { rate: '1.25' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Updated',
      data: { id: expect.any(Number), rate: '1.25', updated_at: ctx.clock.now().toISOString() },
    });
    ctx.clock.advance(60_000);
    await write(planRoutes.oneTimeRateCreate, { rate: 2 });

    const read1 = (await read(planRoutes.oneTimeRate, admin.token)).json();
    expect(read1.current).toMatchObject({ rate: '2.00' });
    expect(read1.data.map((row: { rate: string }) => row.rate)).toEqual(['2.00', '1.25', '0.99']);
    expect((await read(planRoutes.userPlans, user.token)).json().data.one_time_rate.rate).toBe('2.00');
    const badQuery = await read(planRoutes.oneTimeRate, admin.token, {}, { per_page: '7', order: 'up' });
    expect(badQuery.statusCode).toBe(422);
    const oldestFirst = (
      await read(planRoutes.oneTimeRate, admin.token, {}, { order: 'asc', per_page: '10' })
    ).json();
    expect(oldestFirst.data[0].rate).toBe('0.99');
    expect(oldestFirst.current.rate).toBe('2.00');

    for (const [body, text] of [
      [{}, 'The rate field is required.'],
      [{ rate: 'cheap' }, 'The rate must be a number.'],
      [{ rate: '-0.25' }, 'The rate cannot be negative: it must be 0.01 or more (up to 999999.99).'],
    ] as const) {
      const response = await write(planRoutes.oneTimeRateCreate, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ rate: [text] });
    }
  });
});
