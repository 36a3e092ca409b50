import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccountRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import {
  get,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { insertAccount, insertSubscription } from './admin-accounts.fixtures';

const DAY = 86_400_000;
type Query = Record<string, string | number | undefined>;

/**
 * The two lists over one world: users and homes with plans running, cancelled but running, expired,
 * and "active" past their end (not marked yet by the daily job), registered on known days.
 */
describe('admin users and funeral-homes lists', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let home: SignedIn;
  const id: Record<string, number> = {};

  const list = async (route: 'users' | 'funeralHomes', query: Query = {}, token = admin.token) =>
    get(ctx, routeUrl(adminAccountRoutes[route], {}, query), token);
  const ok = async (route: 'users' | 'funeralHomes', query: Query = {}) => {
    const response = await list(route, { per_page: 50, ...query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: Array<Record<string, unknown> & { id: number }>;
      meta: { total: number; last_page: number; from: number | null; to: number | null };
      links: { prev: string | null; next: string | null };
    };
  };
  const ids = async (route: 'users' | 'funeralHomes', query: Query = {}) =>
    (await ok(route, query)).data.map((row) => row.id).sort((a, b) => a - b);
  const sorted = (...names: string[]) => names.map((name) => id[name]!).sort((a, b) => a - b);

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    user = await signUpUser(ctx, { first_name: 'Signed', last_name: 'Upuser' });
    home = await signUpFuneralHome(ctx, {
      home_name: 'Signed Up Home',
      first_name: 'Hal',
      last_name: 'Home',
    });
    id.signedUser = user.id;
    id.signedHome = home.id;
    const db = ctx.deps.db;
    const now = ctx.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const ahead = (days: number) => new Date(now.getTime() + days * DAY);
    const account = (
      name: string,
      type: 'user' | 'funeral-home',
      fields: { firstName: string; lastName: string; homeName?: string; status?: number; created: string },
    ) =>
      insertAccount(db, {
        type,
        ...fields,
        email: `${name}@Lists.test`.toLowerCase(),
        createdAt: new Date(`${fields.created}T12:00:00Z`),
      }).then((value) => (id[name] = value));

    await account('ada', 'user', { firstName: 'Ada', lastName: 'Lovelace', created: '2026-01-10' });
    await account('bob', 'user', {
      firstName: 'Bob',
      lastName: 'Per%cent_',
      status: 0,
      created: '2026-02-15',
    });
    await account('cy', 'user', { firstName: 'Cy', lastName: 'Stale', created: '2026-03-20' });
    await account('dee', 'user', { firstName: 'Dee', lastName: 'Yearly', created: '2026-03-21' });
    await account('evergreen', 'funeral-home', {
      firstName: 'Eve',
      lastName: 'Green',
      homeName: 'Evergreen Funeral Home',
      created: '2026-01-05',
    });
    await account('quiet', 'funeral-home', {
      firstName: 'Quinn',
      lastName: 'Rest',
      homeName: 'Quiet Rest',
      status: 0,
      created: '2026-02-01',
    });
    await account('forever', 'funeral-home', {
      firstName: 'Fay',
      lastName: 'Ever',
      homeName: 'Forever Chapel',
      created: '2026-02-02',
    });
    await insertAccount(db, {
      type: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'second-admin@lists.test',
      createdAt: new Date('2026-01-10T12:00:00Z'),
    });

    // Ada: ad-free running; a yearly membership cancelled but running, an older monthly one expired.
    await insertSubscription(db, id.ada!, 'Ad-Free Monthly', { startsAt: ago(3), expiresAt: ahead(27) });
    await insertSubscription(db, id.ada!, 'Monthly Membership', {
      startsAt: ago(400),
      expiresAt: ago(370),
      status: 'expired',
    });
    await insertSubscription(db, id.ada!, 'Yearly Membership', {
      startsAt: ago(10),
      expiresAt: ahead(355),
      status: 'cancelled',
    });
    // Bob: life-time membership; his ad-free plan expired.
    await insertSubscription(db, id.bob!, 'Life-time Membership', { startsAt: ago(50), expiresAt: null });
    await insertSubscription(db, id.bob!, 'Ad-Free Yearly', {
      startsAt: ago(400),
      expiresAt: ago(35),
      status: 'expired',
    });
    // Cy: "active" but its end has passed (the daily job has not run): not running.
    await insertSubscription(db, id.cy!, 'Monthly Membership', { startsAt: ago(40), expiresAt: ago(10) });
    await insertSubscription(db, id.dee!, 'Yearly Membership', { startsAt: ago(5), expiresAt: ahead(360) });
    await insertSubscription(db, id.evergreen!, 'Funeral Home Monthly', {
      startsAt: ago(2),
      expiresAt: ahead(28),
    });
    await insertSubscription(db, id.forever!, 'Funeral Home Life-time', {
      startsAt: ago(9),
      expiresAt: null,
    });
    await insertSubscription(db, id.quiet!, 'Funeral Home Yearly', {
      startsAt: ago(500),
      expiresAt: ago(135),
      status: 'expired',
    });
  });

  afterAll(() => ctx?.close());

  describe('GET /admin/user', () => {
    it('lists users only, newest registration first, with their running plans', async () => {
      const body = await ok('users');
      expect(body.data.map((row) => row.id)).toEqual([id.signedUser, id.dee, id.cy, id.bob, id.ada]);
      expect(body.meta.total).toBe(5);
      const ada = body.data.find((row) => row.id === id.ada)!;
      expect(ada).toEqual({
        id: id.ada,
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@lists.test',
        dialing_code: null,
        phone: null,
        status: 'active',
        created_at: '2026-01-10T12:00:00.000Z',
        ad_subscription: 'Ad-Free Monthly',
        time_subscription: 'Yearly Membership',
      });
      const bob = body.data.find((row) => row.id === id.bob)!;
      expect([bob.status, bob.ad_subscription, bob.time_subscription]).toEqual([
        'inactive',
        null,
        'Life-time Membership',
      ]);
      const cy = body.data.find((row) => row.id === id.cy)!;
      expect([cy.ad_subscription, cy.time_subscription]).toEqual([null, null]);
    });

    it('searches first, last and full name and e-mail, case-insensitively, wildcards literal', async () => {
      expect(await ids('users', { search: 'ada' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'LOVEL' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'ada lovelace' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'a lov' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'dee@lists' })).toEqual(sorted('dee'));
      expect(await ids('users', { search: 'r%c' })).toEqual(sorted('bob'));
      expect(await ids('users', { search: 'nt_' })).toEqual(sorted('bob'));
      expect(await ids('users', { search: 'r_c' })).toEqual([]);
      expect(await ids('users', { search: 'Evergreen' })).toEqual([]);
    });

    it('matches a term of one or two characters where a word starts, so the trigram index answers it', async () => {
      expect(await ids('users', { search: 'lo' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'LO' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: 'ov' })).toEqual([]);
      expect(await ids('users', { search: 'ad' })).toEqual(sorted('ada'));
      expect(await ids('users', { search: '%' })).toEqual([]);
      expect(await ids('users', { search: 'pe' })).toEqual(sorted('bob'));
      expect(await ids('users', { search: 'nobody-at-all' })).toEqual([]);
    });

    it('filters by status', async () => {
      expect(await ids('users', { status: 0 })).toEqual(sorted('bob'));
      expect(await ids('users', { status: 1 })).toEqual(sorted('ada', 'cy', 'dee', 'signedUser'));
      expect(await ids('users', { status: '' })).toHaveLength(5);
    });

    it('filters by a running ad-free plan', async () => {
      expect(await ids('users', { adSubscription: 'subscriber' })).toEqual(sorted('ada'));
      expect(await ids('users', { adSubscription: 'un-subscriber' })).toEqual(
        sorted('bob', 'cy', 'dee', 'signedUser'),
      );
    });

    it('filters by the running membership of each duration, or none (cancelled counts until it ends)', async () => {
      expect(await ids('users', { timeSubscription: 'monthly' })).toEqual([]);
      expect(await ids('users', { timeSubscription: 'yearly' })).toEqual(sorted('ada', 'dee'));
      expect(await ids('users', { timeSubscription: 'life-time' })).toEqual(sorted('bob'));
      expect(await ids('users', { timeSubscription: 'un-subscriber' })).toEqual(sorted('cy', 'signedUser'));
    });

    it('filters by registration day, combines filters and search', async () => {
      expect(await ids('users', { from_date: '2026-02-01', to_date: '2026-03-20' })).toEqual(
        sorted('bob', 'cy'),
      );
      expect(await ids('users', { to_date: '2026-01-10' })).toEqual(sorted('ada'));
      expect(
        await ids('users', { timeSubscription: 'yearly', adSubscription: 'un-subscriber', search: 'y' }),
      ).toEqual(sorted('dee'));
    });

    it('pages with the total of the whole filtered list, and sorts by a whitelisted column', async () => {
      const first = await ok('users', { per_page: 10, sort: 'first_name', order: 'asc' });
      expect(first.data.map((row) => row.first_name)).toEqual(['Ada', 'Bob', 'Cy', 'Dee', 'Signed']);
      expect(first.meta).toMatchObject({ total: 5, last_page: 1, from: 1, to: 5 });
      const past = await ok('users', { per_page: 10, page: 2 });
      expect(past.data).toEqual([]);
      expect(past.meta).toMatchObject({ total: 5, from: null, to: null });
    });

    it('answers 422 for filter values outside the contract', async () => {
      for (const query of [
        { status: 2 },
        { status: 'active' },
        { adSubscription: 'yes' },
        { timeSubscription: 'weekly' },
        { sort: 'password_hash' },
        { per_page: 7 },
        { page: 0 },
        { from_date: '2026-02-31' },
        { search: 'x'.repeat(201) },
      ]) {
        const response = await list('users', query);
        expect(response.statusCode, JSON.stringify(query)).toBe(422);
      }
    });
  });

  describe('GET /admin/funeral-home', () => {
    it('lists funeral homes only, with the running funeral-home plan', async () => {
      const body = await ok('funeralHomes');
      expect(body.data.map((row) => row.id)).toEqual([id.signedHome, id.forever, id.quiet, id.evergreen]);
      expect(body.data.find((row) => row.id === id.evergreen)).toEqual({
        id: id.evergreen,
        home_name: 'Evergreen Funeral Home',
        first_name: 'Eve',
        last_name: 'Green',
        email: 'evergreen@lists.test',
        dialing_code: null,
        phone: null,
        subscription: 'Funeral Home Monthly',
        status: 'active',
        created_at: '2026-01-05T12:00:00.000Z',
      });
      expect(body.data.find((row) => row.id === id.quiet)).toMatchObject({
        subscription: null,
        status: 'inactive',
      });
    });

    it('searches the home name, the names and the e-mail', async () => {
      expect(await ids('funeralHomes', { search: 'CHAPEL' })).toEqual(sorted('forever'));
      expect(await ids('funeralHomes', { search: 'quinn rest' })).toEqual(sorted('quiet'));
      expect(await ids('funeralHomes', { search: 'green' })).toEqual(sorted('evergreen'));
      expect(await ids('funeralHomes', { search: 'ever' })).toEqual(sorted('evergreen', 'forever'));
      expect(await ids('funeralHomes', { search: 'Lovelace' })).toEqual([]);
    });

    it('filters by package, status and registration day', async () => {
      expect(await ids('funeralHomes', { FilterByPackage: 'monthly' })).toEqual(sorted('evergreen'));
      expect(await ids('funeralHomes', { FilterByPackage: 'yearly' })).toEqual([]);
      expect(await ids('funeralHomes', { FilterByPackage: 'life-time' })).toEqual(sorted('forever'));
      expect(await ids('funeralHomes', { FilterByPackage: 'unsubscribe' })).toEqual(
        sorted('quiet', 'signedHome'),
      );
      expect(await ids('funeralHomes', { status: 0 })).toEqual(sorted('quiet'));
      expect(await ids('funeralHomes', { from_date: '2026-02-01', to_date: '2026-02-02' })).toEqual(
        sorted('quiet', 'forever'),
      );
    });

    it('pages: one home a page, links keep the filters', async () => {
      const second = await ok('funeralHomes', { per_page: 10, sort: 'home_name', order: 'asc' });
      expect(second.data.map((row) => row.home_name)).toEqual([
        'Evergreen Funeral Home',
        'Forever Chapel',
        'Quiet Rest',
        'Signed Up Home',
      ]);
      const body = await ok('funeralHomes', { per_page: 10, page: 1, search: 'ever', status: 1 });
      expect(body.meta.total).toBe(2);
      expect(body.links).toEqual({ prev: null, next: null });
    });

    it('answers 422 for filter values outside the contract', async () => {
      for (const query of [
        { FilterByPackage: 'weekly' },
        { FilterByPackage: 'un-subscriber' },
        { sort: 'first_name' },
      ]) {
        const response = await list('funeralHomes', query);
        expect(response.statusCode, JSON.stringify(query)).toBe(422);
      }
    });
  });

  it('pages a longer list: totals, last page, next/prev links', async () => {
    const db = ctx.deps.db;
    for (let i = 0; i < 12; i++)
      await insertAccount(db, {
        type: 'user',
        firstName: 'Many',
        lastName: `Pager${String(i).padStart(2, '0')}`,
        email: `pager${i}@lists.test`,
        createdAt: new Date(Date.UTC(2025, 5, 1 + i)),
      });
    const first = await ok('users', { search: 'pager', per_page: 10, sort: 'last_name', order: 'asc' });
    expect(first.meta).toMatchObject({ total: 12, last_page: 2, from: 1, to: 10 });
    expect(first.links.next).toContain('page=2');
    expect(first.links.next).toContain('search=pager');
    const second = await ok('users', {
      search: 'pager',
      per_page: 10,
      page: 2,
      sort: 'last_name',
      order: 'asc',
    });
    expect(second.data.map((row) => row.last_name)).toEqual(['Pager10', 'Pager11']);
    expect(second.meta).toMatchObject({ total: 12, from: 11, to: 12 });
    expect(second.links.prev).toContain('page=1');
  });

  it('refuses a caller without a credential (401) and the other roles (403)', async () => {
    for (const route of ['users', 'funeralHomes'] as const) {
      const none = await ctx.app.inject({
        method: 'GET',
        url: routeUrl(adminAccountRoutes[route]),
      });
      expect(none.statusCode).toBe(401);
      expect((await list(route, {}, 'not-a-token')).statusCode).toBe(401);
      expect((await list(route, {}, user.token)).statusCode).toBe(403);
      expect((await list(route, {}, home.token)).statusCode).toBe(403);
    }
  });
});
