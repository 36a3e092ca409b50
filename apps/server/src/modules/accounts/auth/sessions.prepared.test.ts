import { notificationRoutes, routeUrl } from '@pw/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../../test/helpers';
import { insertUser, setUserStatus } from '../../../../test/delivery-fixtures';
import { SHORT_SESSION_MS } from './sessions';

/**
 * The session lookup is a statement built once and, on PostgreSQL, prepared on each pooled connection
 * (docs/operations.md §Request pipeline). A token must still die the moment it is revoked, expires or its
 * account is deactivated: the attack is reusing it after the statement has run on every connection of the
 * pool.
 */
describe('the prepared session lookup', () => {
  const list = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${routeUrl(notificationRoutes.list)}?per_page=10&page=1`,
      headers: { authorization: `Bearer ${token}` },
    });
  // More calls at once than the pool has connections: every connection has prepared the statement.
  const onEveryConnection = async (token: string) =>
    (await Promise.all(Array.from({ length: 24 }, () => list(token)))).map((r) => r.statusCode);

  const ctx = contextForSuite();
  beforeAll(async () => {
    ctx.clock.set(new Date('2026-11-22T10:00:00Z'));
  });

  it('refuses a token revoked after the lookup ran on every connection', async () => {
    const id = await insertUser(ctx.deps.db, { type: 'admin' });
    const token = await ctx.deps.sessions.create(id, false);
    expect(new Set(await onEveryConnection(token))).toEqual(new Set([200]));
    const found = await ctx.deps.sessions.find(token);
    await ctx.deps.sessions.revoke(found!.session.id);
    expect(new Set(await onEveryConnection(token))).toEqual(new Set([401]));
  });

  it('refuses a token once the clock passes its expiry, and one of a deactivated account', async () => {
    const id = await insertUser(ctx.deps.db, { type: 'user' });
    const expiring = await ctx.deps.sessions.create(id, false);
    const other = await insertUser(ctx.deps.db, { type: 'funeral-home' });
    const deactivated = await ctx.deps.sessions.create(other, true);
    expect(new Set(await onEveryConnection(expiring))).toEqual(new Set([200]));
    expect(new Set(await onEveryConnection(deactivated))).toEqual(new Set([200]));

    ctx.clock.set(new Date(ctx.clock.now().getTime() + SHORT_SESSION_MS + 1000));
    expect(new Set(await onEveryConnection(expiring))).toEqual(new Set([401]));
    await setUserStatus(ctx.deps.db, other, 0);
    expect(new Set(await onEveryConnection(deactivated))).toEqual(new Set([403]));
  });

  it('answers each token with its own account', async () => {
    const a = await insertUser(ctx.deps.db, { type: 'admin', email: 'first@example.test' });
    const b = await insertUser(ctx.deps.db, { type: 'user', email: 'second@example.test' });
    const [tokenA, tokenB] = [
      await ctx.deps.sessions.create(a, true),
      await ctx.deps.sessions.create(b, true),
    ];
    const [foundA, foundB] = await Promise.all([
      ctx.deps.sessions.find(tokenA),
      ctx.deps.sessions.find(tokenB),
    ]);
    expect(foundA!.user).toMatchObject({ id: a, type: 'admin', email: 'first@example.test' });
    expect(foundB!.user).toMatchObject({ id: b, type: 'user', email: 'second@example.test' });
    expect(await ctx.deps.sessions.find('not-a-token')).toBeNull();
  });
});
