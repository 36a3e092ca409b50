import { accountRoutes, routeUrl } from '@pw/contracts';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestContext, readOutbox, type OutboxMail, type TestContext } from '../../../test/helpers';
import { ensureFirstAdmin } from './auth/admin-bootstrap';
import { vi } from 'vitest';

/**
 * Test fixtures of the accounts feature (also handy for other features' tests that need a signed-in
 * user, funeral home or admin). Accounts are made through the real sign-up call.
 */
export const ADMIN = { email: 'admin@accounts.test', password: 'Admin-pass-123' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
export const PASSWORD = 'correct-horse-battery';

let counter = 0;
export const uniqueEmail = (prefix = 'person') =>
  `${prefix}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;

/** A fresh client address, so one test's calls never eat another test's per-IP budget. */
// Distinct within a test file (a random start, then one after the other): two attackers that drew the
// same address would share one budget and make a count of refusals wrong.
let lastIp = randomBytes(2).readUInt16BE(0);
export const randomIp = () => {
  lastIp = (lastIp + 1) % 65536;
  return `198.51.${lastIp >> 8}.${lastIp & 255}`;
};

export interface SignedIn {
  token: string;
  email: string;
  password: string;
  id: number;
  user: Record<string, unknown>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function userFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('user'),
    phone: '5550100',
    address: '1 Analytical Way',
    map_link: 'https://maps.example.test/ada',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    date_of_birth: '1980-12-10',
    ...overrides,
  };
}

export function funeralHomeFields(overrides: Record<string, string> = {}): Record<string, string> {
  const { date_of_birth: _drop, ...rest } = userFields({ email: uniqueEmail('home'), ...overrides });
  return { home_name: 'Evergreen Funeral Home', ...rest };
}

async function signUp(ctx: TestContext, url: string, fields: Record<string, string>): Promise<SignedIn> {
  const response = await ctx.app.inject({ method: 'POST', url, payload: fields, remoteAddress: randomIp() });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return {
    token: data.token,
    email: fields.email!,
    password: fields.password!,
    id: data.user.id,
    user: data.user,
  };
}

export const signUpUser = (ctx: TestContext, overrides: Record<string, string> = {}) =>
  signUp(ctx, routeUrl(accountRoutes.userSignup), userFields(overrides));

export const signUpFuneralHome = (ctx: TestContext, overrides: Record<string, string> = {}) =>
  signUp(ctx, routeUrl(accountRoutes.funeralHomeSignup), funeralHomeFields(overrides));

/** The admin from ADMIN_ENV (the context must be created with it), signed in. */
export async function signInAdmin(ctx: TestContext): Promise<SignedIn> {
  await ensureFirstAdmin(ctx.deps);
  const response = await ctx.app.inject({
    method: 'POST',
    url: routeUrl(accountRoutes.adminLogin),
    payload: { email: ADMIN.email, password: ADMIN.password },
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  const { data } = response.json();
  return {
    token: data.token,
    email: ADMIN.email,
    password: ADMIN.password,
    id: data.user.id,
    user: data.user,
  };
}

/** A new session of a web account, through the real login (`who`'s earlier token left as it is). */
/**
 * How an admin-facing test file opens: a context made with ADMIN_ENV and its admin signed in. `at`
 * sets the clock first, for files whose world is dated (the admin's session then starts at that time).
 */
export async function openAdminContext(at?: Date): Promise<{ ctx: TestContext; admin: SignedIn }> {
  const ctx = await createTestContext(ADMIN_ENV);
  if (at) ctx.clock.set(at);
  return { ctx, admin: await signInAdmin(ctx) };
}

export async function logInAgain(ctx: TestContext, who: SignedIn) {
  return ctx.app.inject({
    method: 'POST',
    url: routeUrl(accountRoutes.webLogin),
    payload: { email: who.email, password: who.password },
    remoteAddress: randomIp(),
  });
}

export function post(ctx: TestContext, url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) {
  return ctx.app.inject({ method: 'POST', url, remoteAddress: randomIp(), ...options });
}

export function get(ctx: TestContext, url: string, token?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/**
 * Waits for the `n`-th e-mail to `to` (reset codes are sent without holding up the answer, so they
 * land in the outbox a moment later).
 */
export async function waitForMail(dataDir: string, to: string, n = 1, timeoutMs = 5000): Promise<OutboxMail> {
  return vi.waitFor(
    async () => {
      const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
      if (mails.length < n) throw new Error(`no e-mail #${n} to ${to} after ${timeoutMs} ms`);
      return mails[n - 1]!;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

export const codeIn = (mail: OutboxMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
