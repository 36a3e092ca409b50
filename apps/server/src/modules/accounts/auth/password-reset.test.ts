import { accountRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readOutbox, contextForSuite } from '../../../../test/helpers';
import { mailOutbox } from '../../../platform/mail/mail.schema';
import { passwordResets } from '../accounts.schema';
import { LIMITS, RESET_CODE_MAX_ATTEMPTS } from '../accounts.limits';
import {
  ADMIN,
  ADMIN_ENV,
  codeIn,
  get,
  PASSWORD,
  post,
  randomIp,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  uniqueEmail,
  waitForMail,
} from '../accounts.fixtures';
import { ACCOUNT_MESSAGES } from '@pw/contracts';
import { outboxSettled } from '../../../../test/jobs';

const NEW_PASSWORD = 'a-brand-new-secret';
const RESET_ANSWER = { message: ACCOUNT_MESSAGES.resetSent, data: null };
const INVALID_CODE = {
  message: 'The verification code is invalid or has expired.',
  errors: { token: ['The verification code is invalid or has expired.'] },
};

describe('forgot password', () => {
  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    await signInAdmin(ctx);
  });

  /** From `remoteAddress` when given, else from a fresh address each call (`post`'s default). */
  const from = (remoteAddress?: string) => (remoteAddress ? { remoteAddress } : {});
  const askCode = (route: ApiRoute, email: string, remoteAddress?: string) =>
    post(ctx, routeUrl(route), { payload: { email }, ...from(remoteAddress) });
  const verifyCode = (route: ApiRoute, email: string, token: string, remoteAddress?: string) =>
    post(ctx, routeUrl(route), { payload: { email, token }, ...from(remoteAddress) });
  const setPassword = (
    route: ApiRoute,
    email: string,
    token: string,
    password: string,
    remoteAddress?: string,
  ) =>
    post(ctx, routeUrl(route), {
      payload: { email, token, password, password_confirmation: password },
      ...from(remoteAddress),
    });
  const logIn = (route: ApiRoute, email: string, password: string) =>
    post(ctx, routeUrl(route), { payload: { email, password } });

  async function requestCode(route: ApiRoute, email: string, n = 1): Promise<string> {
    const response = await askCode(route, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(RESET_ANSWER);
    return codeIn(await waitForMail(ctx.dataDir, email, n));
  }

  /** Every e-mail begun has been sent or has failed, before asserting that none more came. */
  const settle = () => outboxSettled(ctx.deps.database.executeSql);

  it('e-mails a 6-digit code (text and HTML) and walks through verify and set', async () => {
    const account = await signUpUser(ctx);
    const otherSession = (
      await post(ctx, routeUrl(accountRoutes.webLogin), {
        payload: { email: account.email, password: PASSWORD, remember: true },
      })
    ).json().data.token;

    const code = await requestCode(accountRoutes.webResetPassword, account.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await waitForMail(ctx.dataDir, account.email);
    expect(mail.subject).toBe('Your Parting Words verification code');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain(code);
    // The outbox row says it went, and to whom; the code is in the mail alone.
    await expect
      .poll(async () =>
        (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, account.email))).map(
          (row) => [row.kind, row.state, row.accountId, row.attempts],
        ),
      )
      .toEqual([['reset-code', 'sent', account.id, 1]]);
    expect(JSON.stringify(await ctx.deps.db.select().from(mailOutbox))).not.toContain(code);

    const verify = await verifyCode(accountRoutes.webVerifyCode, account.email, code);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: ACCOUNT_MESSAGES.codeValid, data: null });

    const set = await setPassword(accountRoutes.webSetPassword, account.email, code, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      message: 'Your password has been reset. Please login to continue',
      data: null,
    });

    // Every session is signed out; only the new password works.
    expect((await get(ctx, routeUrl(accountRoutes.userProfile), account.token)).statusCode).toBe(401);
    expect((await get(ctx, routeUrl(accountRoutes.userProfile), otherSession)).statusCode).toBe(401);
    const old = await logIn(accountRoutes.webLogin, account.email, PASSWORD);
    expect(old.statusCode).toBe(401);
    const fresh = await logIn(accountRoutes.webLogin, account.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);

    // The code was spent.
    const reuse = await setPassword(accountRoutes.webSetPassword, account.email, code, PASSWORD);
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toEqual(INVALID_CODE);
    const reverify = await verifyCode(accountRoutes.webVerifyCode, account.email, code);
    expect(reverify.json()).toEqual(INVALID_CODE);
  });

  it('serves funeral homes in the user area', async () => {
    const home = await signUpFuneralHome(ctx);
    const code = await requestCode(accountRoutes.webResetPassword, home.email);
    const set = await setPassword(accountRoutes.webSetPassword, home.email, code, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
  });

  it('answers the same whether or not the e-mail is registered, and sends nothing for an unknown one', async () => {
    const account = await signUpUser(ctx);
    const before = (await readOutbox(ctx.dataDir)).length;
    const nobody = uniqueEmail('nobody');
    const unknown = await askCode(accountRoutes.webResetPassword, nobody);
    const known = await askCode(accountRoutes.webResetPassword, account.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await waitForMail(ctx.dataDir, account.email);
    await settle();
    const after = await readOutbox(ctx.dataDir);
    expect(after).toHaveLength(before + 1);
    expect(after.some((mail) => mail.to === nobody)).toBe(false);

    // A code check for an unknown e-mail reads like a wrong code.
    const verify = await verifyCode(accountRoutes.webVerifyCode, nobody, '123456');
    expect(verify.statusCode).toBe(422);
    expect(verify.json()).toEqual(INVALID_CODE);
  });

  it('keeps the areas apart: admins reset in the admin area only, users in the user area only', async () => {
    const account = await signUpUser(ctx);
    const before = (await readOutbox(ctx.dataDir)).length;
    expect((await askCode(accountRoutes.adminResetPassword, account.email)).json()).toEqual(RESET_ANSWER);
    expect((await askCode(accountRoutes.webResetPassword, ADMIN.email)).json()).toEqual(RESET_ANSWER);
    await settle();
    expect(await readOutbox(ctx.dataDir)).toHaveLength(before);
  });

  it('resets the admin password in the admin area', async () => {
    const code = await requestCode(accountRoutes.adminResetPassword, ADMIN.email);
    expect((await verifyCode(accountRoutes.adminVerifyCode, ADMIN.email, code)).statusCode).toBe(200);
    // A user-area call cannot spend an admin's code.
    const crossed = await setPassword(accountRoutes.webSetPassword, ADMIN.email, code, NEW_PASSWORD);
    expect(crossed.json()).toEqual(INVALID_CODE);
    const set = await setPassword(accountRoutes.adminSetPassword, ADMIN.email, code, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect((await logIn(accountRoutes.adminLogin, ADMIN.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Put the fixture's password back for the other tests.
    const back = await requestCode(accountRoutes.adminResetPassword, ADMIN.email, 2);
    const restore = await setPassword(accountRoutes.adminSetPassword, ADMIN.email, back, ADMIN.password);
    expect(restore.statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const account = await signUpUser(ctx);
    const code = await requestCode(accountRoutes.webResetPassword, account.email);
    ctx.clock.advance(9 * 60 * 1000);
    expect((await verifyCode(accountRoutes.webVerifyCode, account.email, code)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60 * 1000);
    const late = await verifyCode(accountRoutes.webVerifyCode, account.email, code);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual(INVALID_CODE);
    const set = await setPassword(accountRoutes.webSetPassword, account.email, code, NEW_PASSWORD);
    expect(set.json()).toEqual(INVALID_CODE);
  });

  it('makes an earlier code useless once a new one is asked for', async () => {
    const account = await signUpUser(ctx);
    const first = await requestCode(accountRoutes.webResetPassword, account.email, 1);
    const second = await requestCode(accountRoutes.webResetPassword, account.email, 2);
    if (first !== second) {
      const old = await verifyCode(accountRoutes.webVerifyCode, account.email, first);
      expect(old.json()).toEqual(INVALID_CODE);
    }
    const rows = await ctx.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    expect(rows.filter((row) => row.usedAt === null)).toHaveLength(1);
    const current = await verifyCode(accountRoutes.webVerifyCode, account.email, second);
    expect(current.statusCode).toBe(200);
  });

  it('kills a code for an address after 5 wrong tries there, counted on verify and set alike', async () => {
    const account = await signUpUser(ctx);
    const code = await requestCode(accountRoutes.webResetPassword, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = randomIp();
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i += 1) {
      const response = await verifyCode(accountRoutes.webVerifyCode, account.email, wrong, ip);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(INVALID_CODE);
    }
    const fifth = await setPassword(accountRoutes.webSetPassword, account.email, wrong, NEW_PASSWORD, ip);
    expect(fifth.json()).toEqual(INVALID_CODE);
    // Now even the right code is dead from this address ...
    const right = await verifyCode(accountRoutes.webVerifyCode, account.email, code, ip);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(INVALID_CODE);
    // ... and the old password still works; a new code starts afresh.
    expect((await logIn(accountRoutes.webLogin, account.email, PASSWORD)).statusCode).toBe(200);
    const again = await requestCode(accountRoutes.webResetPassword, account.email, 2);
    expect((await verifyCode(accountRoutes.webVerifyCode, account.email, again, ip)).statusCode).toBe(200);
  });

  it('validates each step (422 with field errors)', async () => {
    const reset = await askCode(accountRoutes.webResetPassword, 'nope');
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual({ email: ['Please enter a valid e-mail address.'] });

    const adminReset = await askCode(accountRoutes.adminResetPassword, 'nope');
    expect(adminReset.statusCode).toBe(422);
    expect(adminReset.json().errors).toEqual({ email: ['Please enter a valid e-mail address.'] });

    const verify = await post(ctx, routeUrl(accountRoutes.webVerifyCode), { payload: { token: '12ab' } });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors).toEqual({
      email: ['The email field is required.'],
      token: ['The verification code must be 6 digits.'],
    });

    const adminVerify = await post(ctx, routeUrl(accountRoutes.adminVerifyCode), { payload: {} });
    expect(adminVerify.json().errors).toEqual({
      email: ['The email field is required.'],
      token: ['The token field is required.'],
    });

    const set = await post(ctx, routeUrl(accountRoutes.adminSetPassword), {
      payload: { email: ADMIN.email, token: '123456', password: 'short', password_confirmation: 'other' },
    });
    expect(set.statusCode).toBe(422);
    expect(set.json().errors).toEqual({
      password: ['The password must be at least 8 characters.'],
      password_confirmation: ['The password confirmation does not match.'],
    });

    const mismatch = await post(ctx, routeUrl(accountRoutes.webSetPassword), {
      payload: {
        email: ADMIN.email,
        token: '123456',
        password: NEW_PASSWORD,
        password_confirmation: 'other-thing',
      },
    });
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('limits reset e-mails per account and address, and per address (429 + Retry-After)', async () => {
    const account = await signUpUser(ctx);
    const ip = randomIp();
    for (let i = 0; i < LIMITS.resetPerAccountAddress.limit; i += 1) {
      const response = await askCode(accountRoutes.webResetPassword, account.email, ip);
      expect(response.statusCode).toBe(200);
    }
    const over = await askCode(accountRoutes.webResetPassword, account.email, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const sprayer = randomIp();
    for (let i = 0; i < LIMITS.resetPerAddress.limit; i += 1) {
      const response = await askCode(accountRoutes.adminResetPassword, uniqueEmail('spray'), sprayer);
      expect(response.statusCode).toBe(200);
    }
    const overIp = await askCode(accountRoutes.adminResetPassword, uniqueEmail('spray'), sprayer);
    expect(overIp.statusCode).toBe(429);
    expect(overIp.headers['retry-after']).toBeDefined();
  });

  it('limits wrong codes per account and address, and per address', async () => {
    const email = uniqueEmail('guess');
    const ip = randomIp();
    for (let i = 0; i < LIMITS.codeFailuresPerAccountAddress.limit; i += 1) {
      const response = await verifyCode(accountRoutes.webVerifyCode, email, '123456', ip);
      expect(response.statusCode).toBe(422);
    }
    const over = await setPassword(accountRoutes.webSetPassword, email, '123456', NEW_PASSWORD, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();

    const sprayer = randomIp();
    for (let i = 0; i < LIMITS.codeFailuresPerAddress.limit; i += 1) {
      await verifyCode(accountRoutes.adminVerifyCode, uniqueEmail('spray'), '123456', sprayer);
    }
    const overIp = await verifyCode(accountRoutes.adminVerifyCode, uniqueEmail('spray'), '123456', sprayer);
    expect(overIp.statusCode).toBe(429);
  });
});
