import { accountRoutes, routeUrl } from '@pw/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { withConfig, contextForSuite } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../platform/config';
import { rateLimits } from '../../../platform/rate-limit/rate-limit.schema';
import { LIMITS } from '../accounts.limits';
import { uniqueEmail } from '../accounts.fixtures';

/**
 * Which address the per-address limits see (TRUST_PROXY, docs/operations.md §Client addresses and lockouts):
 * the attacks are a client writing its own X-Forwarded-For to look like many clients, or like someone else.
 */
describe('client addresses (TRUST_PROXY)', () => {
  const extraApps: FastifyInstance[] = [];
  const ctx = contextForSuite();
  afterAll(async () => {
    for (const app of extraApps) await app.close();
  });

  /** The same deps (database, limits) behind an app built with another TRUST_PROXY, read like an operator's. */
  async function appTrusting(setting: string): Promise<FastifyInstance> {
    const config = { ...ctx.config, TRUST_PROXY: loadConfig({ TRUST_PROXY: setting }).TRUST_PROXY };
    const app = await buildApp(withConfig(ctx.composition, config));
    await app.ready();
    extraApps.push(app);
    return app;
  }

  /** One failed login; returns the addresses the limits counted it against. */
  async function addressSeen(
    app: FastifyInstance,
    socketAddress: string,
    forwardedFor?: string,
  ): Promise<string[]> {
    const email = uniqueEmail('seen');
    const response = await app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email, password: 'not-the-password' },
      remoteAddress: socketAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    expect(response.statusCode).toBe(401);
    const rows = await ctx.deps.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `loginFailuresPerAccountAddress:${email}|%`));
    return rows.map((row) => row.key.slice(row.key.indexOf('|') + 1));
  }

  it('with the default setting, X-Forwarded-For does not change the address the limits see', async () => {
    expect(ctx.config.TRUST_PROXY).toBe(false);
    expect(await addressSeen(ctx.app, '203.0.113.10', '198.51.100.77')).toEqual(['203.0.113.10']);
    expect(await addressSeen(ctx.app, '203.0.113.10', '198.51.100.77, 198.51.100.78')).toEqual([
      '203.0.113.10',
    ]);
    expect(await addressSeen(ctx.app, '203.0.113.10')).toEqual(['203.0.113.10']);
  });

  it('130 failed logins, each with another X-Forwarded-For and e-mail, meet a 429 at the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 130; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(accountRoutes.webLogin),
        payload: { email: uniqueEmail('spray'), password: 'guess-guess' },
        remoteAddress: '203.0.113.20',
        headers: { 'x-forwarded-for': `10.${i >> 8}.${i & 255}.1` },
      });
      statuses.push(response.statusCode);
    }
    const { limit } = LIMITS.loginFailuresPerAddress;
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
  }, 90_000); // a hundred argon2 verifications: slow on a busy machine

  it('TRUST_PROXY=1 believes the address the one proxy saw, not what the client wrote', async () => {
    const app = await appTrusting('1');
    // The client wrote "1.2.3.4"; the proxy (10.0.0.5) appended the client's real address.
    expect(await addressSeen(app, '10.0.0.5', '1.2.3.4, 198.51.100.2')).toEqual(['198.51.100.2']);
    expect(await addressSeen(app, '10.0.0.5')).toEqual(['10.0.0.5']);
  });

  it('TRUST_PROXY=2 believes the address the second proxy saw', async () => {
    const app = await appTrusting('2');
    expect(await addressSeen(app, '10.0.0.5', '1.2.3.4, 203.0.113.1, 10.0.0.9')).toEqual(['203.0.113.1']);
  });

  it('a list of proxies is believed only from those proxies, and stops at the first other hop', async () => {
    const app = await appTrusting('10.0.0.0/8, ::1');
    expect(await addressSeen(app, '10.0.0.5', '1.2.3.4, 198.51.100.2')).toEqual(['198.51.100.2']);
    // Two listed proxies in a row: the hop before them is the client.
    expect(await addressSeen(app, '10.0.0.5', '1.2.3.4, 198.51.100.2, 10.9.9.9')).toEqual(['198.51.100.2']);
    // A client connecting directly (not from a listed proxy) cannot choose its address.
    expect(await addressSeen(app, '192.0.2.9', '198.51.100.3')).toEqual(['192.0.2.9']);
    expect(await addressSeen(app, '::1', '198.51.100.4')).toEqual(['198.51.100.4']);
  });
});
