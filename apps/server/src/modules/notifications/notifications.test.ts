import { notificationRoutes, queryRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, readOutbox, type TestContext } from '../../../test/helpers';
import { insertUser, setUserStatus } from '../../../test/delivery-fixtures';
import { startWorkers } from '../../composition';
import { notifications } from './notifications.schema';
import { newSignupNotice } from './notifications.events';
import { sendNotificationEmail } from './notifications.worker';
import { createNotificationsRepo } from './notifications.repo';
import { formatDateTime, timeAgo } from './notifications.format';

describe('notifications', () => {
  let ctx: TestContext;
  let userA: number;
  let homeB: number;
  let admin: number;
  let tokenA: string;
  let tokenB: string;
  let tokenAdmin: string;
  const start = new Date('2026-11-22T10:30:00Z');

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (url: string, token?: string) =>
    ctx.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.clock.set(start);
    userA = await insertUser(ctx.deps.db, { firstName: 'Ann', email: 'ann@example.test' });
    homeB = await insertUser(ctx.deps.db, {
      type: 'funeral-home',
      firstName: 'Bea',
      email: 'bea@example.test',
    });
    admin = await insertUser(ctx.deps.db, { type: 'admin', firstName: 'Ada', email: 'ada@example.test' });
    tokenA = await ctx.deps.sessions.create(userA, false);
    tokenB = await ctx.deps.sessions.create(homeB, false);
    tokenAdmin = await ctx.deps.sessions.create(admin, false);
    // 23 for A, one a minute (the newest last), 2 for B.
    for (let i = 1; i <= 23; i++) {
      await ctx.deps.notifications.notify(userA, {
        kind: 'test.item',
        title: `Title ${i}`,
        body: `Body ${i}`,
        data: { n: i },
      });
      ctx.clock.advance(60_000);
    }
    await ctx.deps.notifications.notify(homeB, { kind: 'test.item', title: 'For B', body: 'Only B' });
    await ctx.deps.notifications.notify([homeB], { kind: 'test.item', title: 'For B 2', body: 'Only B' });
  });
  afterAll(() => ctx.close());

  it('refuses every call without a valid credential (401)', async () => {
    for (const response of [
      await get(routeUrl(notificationRoutes.list)),
      await get(routeUrl(notificationRoutes.bell)),
      await post(routeUrl(notificationRoutes.toggle, { id: 1 })),
      await post(routeUrl(notificationRoutes.markAllRead)),
      await get(routeUrl(notificationRoutes.list), 'not-a-token'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('pages newest first with Laravel-style meta and a next link for Load More', async () => {
    const first = await get(routeUrl(notificationRoutes.list), tokenA);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data).toHaveLength(10);
    expect(body.data[0].data).toEqual({ title: 'Title 23', body: 'Body 23', kind: 'test.item', n: 23 });
    expect(body.meta).toEqual({ current_page: 1, last_page: 3, from: 1, to: 10, total: 23, per_page: 10 });
    expect(body.links.prev).toBeNull();
    expect(body.links.next).toBe(`${routeUrl(notificationRoutes.list)}?page=2&per_page=10`);

    const second = (await get(body.links.next, tokenA)).json();
    expect(second.data.map((n: { data: { title: string } }) => n.data.title)[0]).toBe('Title 13');
    expect(second.meta).toMatchObject({ current_page: 2, from: 11, to: 20 });
    const third = (await get(second.links.next, tokenA)).json();
    expect(third.data).toHaveLength(3);
    expect(third.links.next).toBeNull();
    expect(third.links.prev).toBe(`${routeUrl(notificationRoutes.list)}?page=2&per_page=10`);

    const big = (await get(`${routeUrl(notificationRoutes.list)}?per_page=999`, tokenA)).json();
    expect(big.data).toHaveLength(23);
    expect(big.meta).toMatchObject({ last_page: 1, total: 23 });
  });

  it('shows the spec fields: id, read_at, created_at, created_at_human, created_at_formatted', async () => {
    const [item] = (await get(`${routeUrl(notificationRoutes.list)}?per_page=10`, tokenA)).json().data;
    // Title 23 was created at 10:52 UTC; the clock is now 10:53 (the loop advanced it once more).
    expect(item).toMatchObject({
      type: 'test.item',
      read_at: null,
      created_at: '2026-11-22T10:52:00.000Z',
      created_at_human: '1 minute ago',
      created_at_formatted: 'Nov 22, 2026 10:52 AM',
    });
    expect(typeof item.id).toBe('number');
    const zoned = (
      await get(`${routeUrl(notificationRoutes.list)}?per_page=10&tz=America/New_York`, tokenA)
    ).json();
    expect(zoned.data[0].created_at_formatted).toBe('Nov 22, 2026 5:52 AM');
    expect(zoned.links.next).toBe(
      `${routeUrl(notificationRoutes.list)}?per_page=10&tz=America%2FNew_York&page=2`,
    );
  });

  it('validates the query (422)', async () => {
    const bad = await get(`${routeUrl(notificationRoutes.list)}?status=old`, tokenA);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    const badZone = await get(`${routeUrl(notificationRoutes.list)}?tz=Mars/Base`, tokenA);
    expect(badZone.statusCode).toBe(422);
    expect(badZone.json().errors.tz).toEqual(['The tz must be a valid time zone.']);
    // The list kit's page sizes only (docs/product.md §13.7: 10, 25, 50, All = 999).
    for (const perPage of ['0', '1', '3', '1000']) {
      const badSize = await get(`${routeUrl(notificationRoutes.list)}?per_page=${perPage}`, tokenA);
      expect(badSize.statusCode).toBe(422);
      expect(badSize.json().errors.per_page).toEqual(['The per page must be one of: 10, 25, 50, 999.']);
    }
    expect((await get(`${routeUrl(notificationRoutes.list)}?page=abc`, tokenA)).statusCode).toBe(422);
    const badBell = await get(`${routeUrl(notificationRoutes.bell)}?tz=Mars/Base`, tokenA);
    expect(badBell.statusCode).toBe(422);
    expect(badBell.json().errors.tz).toEqual(['The tz must be a valid time zone.']);
  });

  it('toggles one read and unread, filters by status, and keeps each account to its own', async () => {
    const list = (await get(routeUrl(notificationRoutes.list), tokenA)).json().data.slice(0, 3);
    for (const item of list) {
      const toggled = await post(routeUrl(notificationRoutes.toggle, { id: item.id }), tokenA);
      expect(toggled.statusCode).toBe(200);
      expect(toggled.json().message).toBe('Notification marked as read.');
      expect(toggled.json().data.read_at).toBe(ctx.clock.now().toISOString());
    }
    const read = (await get(`${routeUrl(notificationRoutes.list)}?status=read`, tokenA)).json();
    expect(read.meta.total).toBe(3);
    expect(read.data.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
    expect((await get(`${routeUrl(notificationRoutes.list)}?status=unread`, tokenA)).json().meta.total).toBe(
      20,
    );
    expect((await get(`${routeUrl(notificationRoutes.list)}?status=all`, tokenA)).json().meta.total).toBe(23);

    const back = await post(routeUrl(notificationRoutes.toggle, { id: list[0].id }), tokenA);
    expect(back.json()).toMatchObject({ message: 'Notification marked as unread.', data: { read_at: null } });
    expect((await get(`${routeUrl(notificationRoutes.list)}?status=read`, tokenA)).json().meta.total).toBe(2);

    // Someone else's, unknown or malformed: 404, and nothing changes.
    for (const id of [list[1].id, 999_999, 'abc', '-1']) {
      const foreign = await post(routeUrl(notificationRoutes.toggle, { id }), tokenB);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Notification not found.' });
    }
    expect((await get(`${routeUrl(notificationRoutes.list)}?status=read`, tokenA)).json().meta.total).toBe(2);

    const b = (await get(routeUrl(notificationRoutes.list), tokenB)).json();
    expect(b.meta.total).toBe(2);
    expect(b.data.map((n: { data: { title: string } }) => n.data.title)).toEqual(['For B 2', 'For B']);
  });

  it('the bell: recent notifications, the unread count and the unread ones', async () => {
    const bell = await get(routeUrl(notificationRoutes.bell), tokenA);
    expect(bell.statusCode).toBe(200);
    const { data } = bell.json();
    expect(data.count).toBe(21);
    expect(data.notifications).toHaveLength(10);
    expect(data.notifications[0].data.title).toBe('Title 23');
    expect(data.bell).toHaveLength(8);
    expect(data.bell.every((n: { read_at: string | null }) => n.read_at === null)).toBe(true);
    expect((await get(routeUrl(notificationRoutes.bell), tokenB)).json().data.count).toBe(2);
  });

  it('marks all read for the caller only', async () => {
    const response = await post(routeUrl(notificationRoutes.markAllRead), tokenA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'All notifications marked as read.',
      data: { updated: 21, count: 0 },
    });
    expect((await get(routeUrl(notificationRoutes.bell), tokenA)).json().data).toMatchObject({
      count: 0,
      bell: [],
    });
    expect((await get(`${routeUrl(notificationRoutes.list)}?status=unread`, tokenA)).json().meta.total).toBe(
      0,
    );
    expect((await get(routeUrl(notificationRoutes.bell), tokenB)).json().data.count).toBe(2);
  });

  it('works for every role, and refuses a deactivated account (403)', async () => {
    expect((await get(routeUrl(notificationRoutes.list), tokenAdmin)).statusCode).toBe(200);
    const deactivated = await insertUser(ctx.deps.db, { status: 1 });
    const token = await ctx.deps.sessions.create(deactivated, false);
    await setUserStatus(ctx.deps.db, deactivated, 0);
    const response = await get(routeUrl(notificationRoutes.bell), token);
    expect(response.statusCode).toBe(403);
  });

  it('notifies the active admins of a sign-up and a query, and e-mails the important ones', async () => {
    const inactiveAdmin = await insertUser(ctx.deps.db, { type: 'admin', status: 0 });
    const stop = await startWorkers(ctx.composition);
    try {
      // What the accounts feature announces after a sign-up (platform events), and a real contact-us call.
      const signedUp = await insertUser(ctx.deps.db, {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann.lee@example.test',
      });
      await ctx.deps.events.emit('account.created', { accountId: signedUp, type: 'user' });
      const contact = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(queryRoutes.contactUs),
        payload: { name: 'Visitor', email: 'v@example.test', subject: 'Pricing', message: 'How much is it?' },
      });
      expect(contact.statusCode).toBe(200);
      const adminItems = (await get(routeUrl(notificationRoutes.list), tokenAdmin)).json().data;
      expect(adminItems.map((n: { data: { title: string } }) => n.data.title)).toEqual([
        'New contact query',
        'New user sign-up',
      ]);
      expect(adminItems[1].data).toMatchObject({
        body: 'Ann Lee (ann.lee@example.test) signed up as a user.',
        link: `/admin/user-management/details/${signedUp}`,
      });
      const inactive = await ctx.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, inactiveAdmin));
      expect(inactive).toHaveLength(0);

      // The e-mail copies go out through the worker (outbox here), once each.
      await expect
        .poll(async () => (await readOutbox(ctx.dataDir)).length, { timeout: 10_000, interval: 100 })
        .toBeGreaterThanOrEqual(2);
      const mails = await readOutbox(ctx.dataDir);
      expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
        ['ada@example.test', 'New contact query'],
        ['ada@example.test', 'New user sign-up'],
      ]);
      expect(mails.find((m) => m.subject === 'New contact query')!.text).toContain(
        'Visitor (v@example.test) wrote: "Pricing".',
      );
      const rows = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, admin));
      expect(rows.every((r) => r.emailedAt !== null)).toBe(true);
      // Notifications without `email` are not e-mailed.
      expect(mails.some((m) => m.to === 'ann@example.test')).toBe(false);
      // A funeral home's sign-up names the home and links to its admin page.
      expect(
        newSignupNotice({
          id: 9,
          type: 'funeral-home',
          firstName: 'F',
          lastName: 'H',
          email: 'h@x.test',
          homeName: 'Oak Hall',
        }),
      ).toMatchObject({
        title: 'New funeral home sign-up',
        body: 'Oak Hall (h@x.test) signed up as a funeral home.',
        data: { link: '/admin/funeral-homes-management/details/9' },
      });
    } finally {
      await stop();
    }
  });

  it('greets an account without a name with a neutral "Hello," in its e-mails', async () => {
    const nameless = await insertUser(ctx.deps.db, {
      type: 'admin',
      firstName: '',
      lastName: '',
      email: 'nameless@example.test',
    });
    const named = await insertUser(ctx.deps.db, { firstName: 'Ruth', email: 'ruth@example.test' });
    const notice = { kind: 'test.item', title: 'Greeting check', body: 'Something happened.', email: true };
    for (const id of [
      ...(await ctx.deps.notifications.notify(nameless, notice)),
      ...(await ctx.deps.notifications.notify(named, notice)),
    ])
      expect(
        await sendNotificationEmail(
          {
            repo: createNotificationsRepo(ctx.deps.db),
            outbox: ctx.deps.outbox,
            clock: ctx.deps.clock,
            publicUrl: ctx.deps.config.PUBLIC_URL,
          },
          id,
        ),
      ).toBe('sent');
    const mails = (await readOutbox(ctx.dataDir)).filter((mail) => mail.subject === 'Greeting check');
    const to = (email: string) => mails.find((mail) => mail.to === email)!;
    expect(to('nameless@example.test').text).toMatch(/^Hello,\n\nSomething happened\./);
    expect(to('nameless@example.test').html).toContain('<p>Hello,</p>');
    expect(to('ruth@example.test').text).toMatch(/^Hello Ruth,\n/);
  });

  it('leads the e-mail to the page the notification is about, and never to another site', async () => {
    const owner = await insertUser(ctx.deps.db, { firstName: 'Iris', email: 'iris-links@example.test' });
    const send = (id: number) =>
      sendNotificationEmail(
        {
          repo: createNotificationsRepo(ctx.deps.db),
          outbox: ctx.deps.outbox,
          clock: ctx.deps.clock,
          publicUrl: ctx.deps.config.PUBLIC_URL,
        },
        id,
      );
    const notice = (title: string, data: Record<string, unknown>) => ({
      kind: 'test.link',
      title,
      body: 'Something to do.',
      data,
      email: true,
    });
    for (const id of [
      ...(await ctx.deps.notifications.notify(
        owner,
        notice('Linked', { link: '/user/banner-ads/7/payment', link_label: 'Choose a package and pay' }),
      )),
      ...(await ctx.deps.notifications.notify(owner, notice('Foreign', { link: '//evil.example/x' }))),
    ])
      expect(await send(id)).toBe('sent');
    const mails = (await readOutbox(ctx.dataDir)).filter((mail) => mail.to === 'iris-links@example.test');
    const linked = mails.find((mail) => mail.subject === 'Linked')!;
    const page = `${ctx.deps.config.PUBLIC_URL}/user/banner-ads/7/payment`;
    expect(linked.text).toContain(`Choose a package and pay: ${page}\n`);
    expect(linked.html).toContain(`<a href="${page}">Choose a package and pay</a>`);
    const foreign = mails.find((mail) => mail.subject === 'Foreign')!;
    expect(foreign.text).not.toContain('evil.example');
    expect(foreign.text).toContain('See your notifications:');
  });

  it('creates nothing when the caller’s transaction rolls back', async () => {
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await ctx.deps.notifications.notify(
          userA,
          { kind: 'x', title: 'Ghost', body: 'never', email: true },
          tx,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await ctx.deps.db.select().from(notifications).where(eq(notifications.title, 'Ghost'));
    expect(rows).toHaveLength(0);
  });
});

describe('notification time formats', () => {
  const now = new Date('2026-11-22T10:30:00Z');
  it.each([
    [0, 'just now'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [300, '5 minutes ago'],
    [3600, '1 hour ago'],
    [86_400 * 2, '2 days ago'],
    [86_400 * 14, '2 weeks ago'],
    [86_400 * 61, '2 months ago'],
    [86_400 * 366, '1 year ago'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(timeAgo(new Date(now.getTime() - seconds * 1000), now)).toBe(text);
  });
  it('formats like "Nov 22, 2026 10:30 AM"', () => {
    expect(formatDateTime(now)).toBe('Nov 22, 2026 10:30 AM');
    expect(formatDateTime(new Date('2026-01-05T23:05:00Z'))).toBe('Jan 5, 2026 11:05 PM');
    expect(formatDateTime(new Date('2026-01-05T23:05:00Z'), 'Asia/Tokyo')).toBe('Jan 6, 2026 8:05 AM');
  });
});
