import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { users } from './accounts.schema';
import { ensureFirstAdmin } from './admin-bootstrap';
import { post } from './accounts.fixtures';

describe('ensureFirstAdmin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const admins = () => ctx.deps.db.select().from(users).where(eq(users.type, 'admin'));
  const login = (email: string, password: string) =>
    post(ctx, '/api/admin/login', { payload: { email, password } });

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
    expect((await login('admin@partingwords.local', password!)).statusCode).toBe(200);
  });

  it('does nothing once an admin exists', async () => {
    const before = await admins();
    await ensureFirstAdmin({
      ...ctx.deps,
      config: { ...ctx.config, ADMIN_EMAIL: 'second@example.test', ADMIN_PASSWORD: 'Second-pass-123' },
    });
    expect(await admins()).toEqual(before);
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD (e-mail lower-cased) on a database without an admin', async () => {
    await ctx.deps.db.delete(users).where(eq(users.type, 'admin'));
    await ensureFirstAdmin({
      ...ctx.deps,
      config: { ...ctx.config, ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'Boss-pass-123' },
    });
    const rows = await admins();
    expect(rows.map((row) => row.email)).toEqual(['boss@example.test']);
    expect((await login('boss@example.test', 'Boss-pass-123')).statusCode).toBe(200);
    expect((await login('boss@example.test', 'wrong-pass-123')).statusCode).toBe(401);
  });
});
