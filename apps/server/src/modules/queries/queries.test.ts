import { queryRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
import { queries } from './queries.schema';
import { notifications } from '../notifications/notifications.schema';
import { rawRouteUrl } from '../../../test/addresses';

describe('admin queries (contact-us messages in the back office)', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let home: SignedIn;

  const contactUs = (fields: Record<string, string>, token?: string) =>
    post(ctx, routeUrl(queryRoutes.contactUs), { payload: fields, headers: token ? bearer(token) : {} });
  const list = (query = '') => get(ctx, `${routeUrl(queryRoutes.list)}${query}`, admin.token);

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    user = await signUpUser(ctx, { first_name: 'Uma' });
    home = await signUpFuneralHome(ctx);
    // Three through the real form: a visitor, a user and a funeral home, a day apart.
    ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
    for (const [fields, token] of [
      [
        { name: 'Vera Visitor', email: 'vera@example.test', subject: 'Pricing', message: 'How much?' },
        undefined,
      ],
      [{ name: 'Uma User', email: user.email, subject: 'My video', message: 'It is stuck.' }, user.token],
      [{ name: 'Evergreen', email: home.email, subject: 'Partnership', message: 'Let us talk.' }, home.token],
    ] as const) {
      const response = await contactUs({ ...fields }, token);
      expect(response.statusCode).toBe(200);
      ctx.clock.advance(24 * 3600_000);
    }
    // 22 older guest messages, so there are 25 in all (three pages of 10).
    await ctx.deps.db.insert(queries).values(
      Array.from({ length: 22 }, (_, i) => ({
        name: `Old ${i + 1}`,
        email: `old${i + 1}@example.test`,
        subject: `Older question ${i + 1}`,
        message: 'Long ago',
        userType: 'guest',
        createdAt: new Date(Date.UTC(2026, 9, 1 + i, 12)),
      })),
    );
  });
  afterAll(() => ctx.close());

  it('lists the newest first with the spec envelope, and pages through all 25', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 3, from: 1, to: 10, total: 25, per_page: 10 });
    expect(body.links).toEqual({ prev: null, next: `${routeUrl(queryRoutes.list)}?page=2&per_page=10` });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Evergreen',
      email: home.email,
      subject: 'Partnership',
      user_type: 'funeral-home',
      created_at: '2026-11-12T09:00:00.000Z',
    });
    expect(body.data.slice(0, 3).map((q: { user_type: string }) => q.user_type)).toEqual([
      'funeral-home',
      'user',
      'guest',
    ]);
    const last = (await get(ctx, body.links.next.replace('page=2', 'page=3'), admin.token)).json();
    expect(last.meta).toMatchObject({ current_page: 3, from: 21, to: 25 });
    expect(last.links).toEqual({ prev: `${routeUrl(queryRoutes.list)}?page=2&per_page=10`, next: null });
    expect((await list('?per_page=25')).json().data).toHaveLength(25);
    expect((await list('?per_page=999')).json().meta).toMatchObject({ last_page: 1, total: 25 });
  });

  it('filters by search, user_type and dates, and keeps the filters in its links', async () => {
    const names = async (query: string) =>
      (await list(query)).json().data.map((q: { name: string }) => q.name) as string[];
    expect(await names('?search=pricing')).toEqual(['Vera Visitor']);
    expect(await names(`?search=${encodeURIComponent(user.email.toUpperCase())}`)).toEqual(['Uma User']);
    expect(await names('?user_type=user')).toEqual(['Uma User']);
    expect(await names('?user_type=funeral-home')).toEqual(['Evergreen']);
    expect(await names('?from_date=2026-11-10&to_date=2026-11-11')).toEqual(['Uma User', 'Vera Visitor']);
    expect(await names('?user_type=guest&from_date=2026-11-01')).toEqual(['Vera Visitor']);
    expect(await names('?sort=name&order=asc&search=old 1')).toEqual([
      'Old 1',
      'Old 10',
      'Old 11',
      'Old 12',
      'Old 13',
      'Old 14',
      'Old 15',
      'Old 16',
      'Old 17',
      'Old 18',
    ]);
    const paged = (await list('?search=old&user_type=guest&page=2')).json();
    expect(paged.meta).toMatchObject({ total: 22, from: 11, to: 20 });
    expect(paged.links.next).toBe(
      `${routeUrl(queryRoutes.list)}?search=old&user_type=guest&page=3&per_page=10`,
    );
  });

  it('refuses bad list parameters with a 422 envelope naming the field', async () => {
    for (const [query, field] of [
      ['?sort=password_hash', 'sort'],
      ['?sort=id;drop table queries', 'sort'],
      ['?order=sideways', 'order'],
      ['?per_page=20', 'per_page'],
      ['?page=0', 'page'],
      ['?user_type=admin', 'user_type'],
      ['?from_date=yesterday', 'from_date'],
      ['?from_date=2026-11-12&to_date=2026-11-10', 'to_date'],
      ['?tz=Mars/Olympus', 'tz'],
      ['?search=%00', 'search'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      const body = response.json();
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
    expect((await list()).json().meta.total).toBe(25);
  });

  it('answers its largest and strangest inputs without error or leak', async () => {
    // The longest search allowed, made of LIKE wildcards: matched literally, so it finds nothing.
    const wildcards = encodeURIComponent('%_\\'.repeat(66) + '%_');
    const literal = await list(`?search=${wildcards}`);
    expect(literal.statusCode).toBe(200);
    expect(literal.json().meta).toMatchObject({ total: 0, from: null, to: null });
    // One character more is refused before any SQL.
    const tooLong = await list(`?search=${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['search']);
    // The last page allowed is empty, not an error; one past it is a 422.
    const farthest = await list('?page=1000000&per_page=999');
    expect(farthest.statusCode).toBe(200);
    expect(farthest.json()).toMatchObject({ data: [], meta: { total: 25, from: null, to: null } });
    expect((await list('?page=1000001')).statusCode).toBe(422);
    // A parameter sent twice, quotes and SQL in the search, ids far too long.
    expect((await list('?page=1&page=2')).statusCode).toBe(422);
    const injected = await list(`?search=${encodeURIComponent("' or 1=1 --")}`);
    expect(injected.statusCode).toBe(200);
    expect(injected.json().meta.total).toBe(0);
    // An id longer than Fastify's parameter limit (100) is 414 before the route; a long one under it, 404.
    const hugeId = await get(ctx, routeUrl(queryRoutes.detail, { id: '9'.repeat(10_000) }), admin.token);
    expect(hugeId.statusCode).toBe(414);
    expect(hugeId.json()).toEqual({ message: 'The address is too long.' });
    const badEscape = await get(ctx, rawRouteUrl(queryRoutes.detail, { id: '%zz' }), admin.token);
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ message: 'The address is malformed.' });
    const longId = await get(ctx, routeUrl(queryRoutes.detail, { id: '9'.repeat(99) }), admin.token);
    expect(longId.statusCode).toBe(404);
    expect((await list()).json().meta.total).toBe(25);
  });

  it('shows one message with its text, and 404 for an unknown or malformed id', async () => {
    const [row] = await ctx.deps.db.select().from(queries).where(eq(queries.name, 'Uma User'));
    const response = await get(ctx, routeUrl(queryRoutes.detail, { id: row!.id }), admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: row!.id,
        name: 'Uma User',
        email: user.email,
        subject: 'My video',
        message: 'It is stuck.',
        user_type: 'user',
        created_at: '2026-11-11T09:00:00.000Z',
      },
    });
    for (const id of ['999999', '0', '-1', 'abc', '1e3', '99999999999']) {
      const missing = await get(ctx, routeUrl(queryRoutes.detail, { id }), admin.token);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Query not found.' });
    }
  });

  it('is the admin’s only: 401 for visitors and dead tokens, 403 for users and funeral homes', async () => {
    const [row] = await ctx.deps.db.select().from(queries).limit(1);
    for (const url of [routeUrl(queryRoutes.list), routeUrl(queryRoutes.detail, { id: row!.id })]) {
      expect((await get(ctx, url)).statusCode).toBe(401);
      expect((await get(ctx, url, 'forged-token')).statusCode).toBe(401);
      for (const other of [user, home]) {
        const refused = await get(ctx, url, other.token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: 'You are not allowed to access this area.' });
        expect(refused.body).not.toContain('Vera');
      }
    }
  });

  it('tells the admin about each message (already the case: one notification per message)', async () => {
    const notices = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(notices.filter((n) => n.kind === 'query.new')).toHaveLength(3);
  });
});
