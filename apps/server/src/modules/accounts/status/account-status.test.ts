import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRoutes,
  adminAccountRoutes,
  FUNERAL_HOME_ACTIVATED,
  FUNERAL_HOME_DEACTIVATED,
  notificationKinds,
  USER_ACTIVATED,
  USER_DEACTIVATED,
  type ApiRoute,
  ACCOUNT_MESSAGES,
} from '@pw/contracts';
import type { TestContext } from '../../../../test/helpers';
import { rawRouteUrl } from '../../../../test/addresses';
import { startMailingApp, type MailingApp } from '../../../../test/mailing-app';
import { call } from '../../funeral-homes/funeral-homes.fixtures';
import { outboxSettled, waitForQueueIdle } from '../../../../test/jobs';
import { notificationEmailQueue } from '../../notifications/notifications.queue';
import { notifications } from '../../notifications/notifications.schema';
import { sessions, users } from '../accounts.schema';
import {
  ADMIN_ENV,
  logInAgain,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts.fixtures';

describe('deactivating and activating accounts (POST /admin/user|funeral-home/{id}/status)', () => {
  let app: MailingApp;
  let ctx: TestContext;
  let admin: SignedIn;

  const setStatus = (route: ApiRoute, token: string | undefined, id: number | string, body: object) =>
    typeof id === 'string'
      ? ctx.app.inject({
          method: 'POST',
          url: rawRouteUrl(route, { id }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: body,
        })
      : call(ctx, route, token, { params: { id }, body });
  const userStatus = (id: number | string, status: unknown, token = admin.token) =>
    setStatus(adminAccountRoutes.userStatus, token, id, { status });
  const homeStatus = (id: number | string, status: unknown, token = admin.token) =>
    setStatus(adminAccountRoutes.funeralHomeStatus, token, id, { status });
  const statusOf = async (id: number) =>
    (await ctx.deps.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;
  const liveSessions = (id: number) =>
    ctx.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
  const noticesOf = (id: number, kind: string) =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.kind, kind)));
  const mailsTo = (email: string, subject: string) =>
    app.mailsTo(email).filter((mail) => mail.subject === subject);
  const profile = (who: SignedIn, token = who.token) =>
    call(
      ctx,
      who.user.type === 'funeral-home' ? accountRoutes.funeralHomeProfile : accountRoutes.userProfile,
      token,
    );
  const login = (who: SignedIn) => logInAgain(ctx, who);

  beforeAll(async () => {
    app = await startMailingApp(ADMIN_ENV);
    ctx = app.ctx;
    admin = await signInAdmin(ctx);
  });
  afterAll(() => app?.close());

  it('deactivating a user: every session refused at once (401), logins refused, the owner told by e-mail', async () => {
    const person = await signUpUser(ctx, { first_name: 'Dora' });
    const second = (await login(person)).json().data.token as string;
    expect((await profile(person)).statusCode).toBe(200);

    const response = await userStatus(person.id, 0);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: USER_DEACTIVATED, data: { id: person.id, status: 0 } });
    expect(await statusOf(person.id)).toBe(0);
    expect(await liveSessions(person.id)).toHaveLength(0);
    // Both open sessions: their next request is a 401 (the web app shows the login).
    expect((await profile(person)).statusCode).toBe(401);
    expect((await profile(person, second)).statusCode).toBe(401);
    const refused = await login(person);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.deactivated);

    const notices = await noticesOf(person.id, notificationKinds.accountDeactivated);
    expect(notices).toHaveLength(1);
    // E-mailed although the account is no longer active.
    await app.smtp.waitFor(() => mailsTo(person.email, 'Your account has been deactivated').length === 1);
    expect(mailsTo(person.email, 'Your account has been deactivated')[0]!.text).toContain('contact support');
  });

  it('activating again: logins work, the sessions revoked stay revoked, the owner told by e-mail', async () => {
    const person = await signUpUser(ctx);
    await userStatus(person.id, 0);
    const response = await userStatus(person.id, '1');
    expect(response.json()).toEqual({ message: USER_ACTIVATED, data: { id: person.id, status: 1 } });
    expect(await statusOf(person.id)).toBe(1);
    expect((await profile(person)).statusCode).toBe(401);
    const fresh = await login(person);
    expect(fresh.statusCode).toBe(200);
    expect((await profile(person, fresh.json().data.token)).statusCode).toBe(200);
    expect(await noticesOf(person.id, notificationKinds.accountActivated)).toHaveLength(1);
    await app.smtp.waitFor(() => mailsTo(person.email, 'Your account is active again').length === 1);
  });

  it('a funeral home: its own route and messages; its sessions end too', async () => {
    const home = await signUpFuneralHome(ctx);
    const off = await homeStatus(home.id, 0);
    expect(off.json()).toEqual({ message: FUNERAL_HOME_DEACTIVATED, data: { id: home.id, status: 0 } });
    expect((await profile(home)).statusCode).toBe(401);
    const on = await homeStatus(home.id, 1);
    expect(on.json()).toEqual({ message: FUNERAL_HOME_ACTIVATED, data: { id: home.id, status: 1 } });
    expect(await statusOf(home.id)).toBe(1);
  });

  it('a repeated or double-clicked request changes nothing and sends nothing again', async () => {
    const person = await signUpUser(ctx);
    const answers = await Promise.all([userStatus(person.id, 0), userStatus(person.id, 0)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await userStatus(person.id, 0)).json()).toEqual({
      message: USER_DEACTIVATED,
      data: { id: person.id, status: 0 },
    });
    const twiceOn = await Promise.all([userStatus(person.id, 1), userStatus(person.id, 1)]);
    expect(twiceOn.map((answer) => answer.json().data.status)).toEqual([1, 1]);
    expect(await noticesOf(person.id, notificationKinds.accountDeactivated)).toHaveLength(1);
    expect(await noticesOf(person.id, notificationKinds.accountActivated)).toHaveLength(1);
    await app.smtp.waitFor(() => mailsTo(person.email, 'Your account is active again').length === 1);
    // Every e-mail job due has run and every outbox row is done: a second copy would have been sent.
    await waitForQueueIdle(ctx.deps.database.executeSql, notificationEmailQueue);
    await outboxSettled(ctx.deps.database.executeSql);
    expect(mailsTo(person.email, 'Your account has been deactivated')).toHaveLength(1);
    expect(mailsTo(person.email, 'Your account is active again')).toHaveLength(1);
  });

  it('refuses a bad status (422), changing nothing', async () => {
    const person = await signUpUser(ctx);
    for (const status of [undefined, 2, -1, 'yes', null, '', [1], { on: 1 }]) {
      const response = await userStatus(person.id, status);
      expect(response.statusCode, JSON.stringify(status)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['status']);
    }
    const home = await signUpFuneralHome(ctx);
    expect((await homeStatus(home.id, 'x'.repeat(100_000))).statusCode).toBe(422);
    expect(await statusOf(person.id)).toBe(1);
    expect(await statusOf(home.id)).toBe(1);
    expect((await profile(person)).statusCode).toBe(200);
  });

  it('needs a credential (401) and the admin role (403), changing nothing', async () => {
    const person = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);
    expect((await userStatus(person.id, 0, '')).statusCode).toBe(401);
    expect((await homeStatus(home.id, 0, '')).statusCode).toBe(401);
    expect((await userStatus(person.id, 0, 'not-a-real-token')).statusCode).toBe(401);
    for (const who of [person, home]) {
      expect((await userStatus(person.id, 0, who.token)).statusCode).toBe(403);
      expect((await homeStatus(home.id, 0, who.token)).statusCode).toBe(403);
    }
    expect(await statusOf(person.id)).toBe(1);
    expect(await statusOf(home.id)).toBe(1);
    expect(await liveSessions(person.id)).toHaveLength(1);
  });

  it('404 for unknown and odd ids, the other type, and any admin (an admin cannot lock anyone out)', async () => {
    const person = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);
    for (const id of ['999999', '0', '-1', '1.5', 'abc', '99999999999999999999', '%20']) {
      expect((await userStatus(id, 0)).statusCode, id).toBe(404);
      expect((await homeStatus(id, 0)).statusCode, id).toBe(404);
    }
    const wrongType = await userStatus(home.id, 0);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json().message).toBe('User not found.');
    expect((await homeStatus(person.id, 0)).statusCode).toBe(404);
    expect((await userStatus(admin.id, 0)).statusCode).toBe(404);
    expect((await homeStatus(admin.id, 0)).statusCode).toBe(404);
    expect(await statusOf(person.id)).toBe(1);
    expect(await statusOf(home.id)).toBe(1);
    expect(await statusOf(admin.id)).toBe(1);
    // The admin's own session still works.
    expect((await call(ctx, accountRoutes.adminProfile, admin.token)).statusCode).toBe(200);
  });
});
