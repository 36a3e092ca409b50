import { accountRoutes, routeUrl } from '@pw/contracts';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { contextForSuite } from '../../../../test/helpers';
import { users } from '../accounts.schema';
import { ensureFirstAdmin, splitName } from './admin-bootstrap';
import { get, post, waitForMail } from '../accounts.fixtures';

describe('ensureFirstAdmin', () => {
  const ctx = contextForSuite();

  const admins = () => ctx.deps.db.select().from(users).where(eq(users.type, 'admin'));
  const login = (email: string, password: string) =>
    post(ctx, routeUrl(accountRoutes.adminLogin), { payload: { email, password } });
  /** The opening line of the reset-code e-mail the admin gets (text and HTML). */
  async function resetMailGreeting(email: string) {
    expect(
      (await post(ctx, routeUrl(accountRoutes.adminResetPassword), { payload: { email } })).statusCode,
    ).toBe(200);
    const mail = await waitForMail(ctx.dataDir, email);
    return { text: mail.text.split('\n')[0], html: /<p>(.*?)<\/p>/.exec(mail.html)?.[1] };
  }

  it('creates one admin with a random password, printed once, when none is configured', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await ensureFirstAdmin(ctx.deps);
    } finally {
      spy.mockRestore();
    }
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('admin@partingwords.local');
    const password = /password: (\S+)/.exec(printed.join(''))?.[1];
    expect(password).toBeDefined();
    expect(rows[0]!.passwordHash).not.toContain(password!);
    const signedIn = await login('admin@partingwords.local', password!);
    expect(signedIn.statusCode).toBe(200);

    // No ADMIN_NAME: no made-up name ('Site Admin' once); the e-mails greet neutrally.
    expect(rows[0]).toMatchObject({ firstName: '', lastName: '' });
    const profile = await get(ctx, routeUrl(accountRoutes.adminProfile), signedIn.json().data.token);
    expect(profile.json().data).toMatchObject({ first_name: '', last_name: '' });
    expect(await resetMailGreeting('admin@partingwords.local')).toEqual({ text: 'Hello,', html: 'Hello,' });
  });

  it('does nothing once an admin exists', async () => {
    const before = await admins();
    await ensureFirstAdmin({
      ...ctx.deps,
      config: { ...ctx.config, ADMIN_EMAIL: 'second@example.test', ADMIN_PASSWORD: 'Second-pass-123' },
    });
    expect(await admins()).toEqual(before);
  });

  it('takes ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME (e-mail lower-cased) on a database without an admin', async () => {
    await ctx.deps.db.delete(users).where(eq(users.type, 'admin'));
    await ensureFirstAdmin({
      ...ctx.deps,
      config: {
        ...ctx.config,
        ADMIN_EMAIL: 'Boss@Example.test',
        ADMIN_PASSWORD: 'Boss-pass-123',
        ADMIN_NAME: 'Morgan de la Cruz',
      },
    });
    const rows = await admins();
    expect(rows.map((row) => row.email)).toEqual(['boss@example.test']);
    expect(rows[0]).toMatchObject({ firstName: 'Morgan', lastName: 'de la Cruz' });
    expect(await resetMailGreeting('boss@example.test')).toEqual({
      text: 'Hello Morgan,',
      html: 'Hello Morgan,',
    });
    expect((await login('boss@example.test', 'Boss-pass-123')).statusCode).toBe(200);
    expect((await login('boss@example.test', 'wrong-pass-123')).statusCode).toBe(401);
  });

  it('splits a full name into the first word and the rest', () => {
    expect(splitName('Morgan')).toEqual({ firstName: 'Morgan', lastName: '' });
    expect(splitName('  Mary   Ann  Smith ')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitName(undefined)).toEqual({ firstName: '', lastName: '' });
  });
});
