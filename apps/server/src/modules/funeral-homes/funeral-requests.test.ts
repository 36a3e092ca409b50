import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { funeralHomeRoutes, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { call, endPlanOf, signUpListedHome } from './funeral-homes.fixtures';

describe("funeral homes: the home's user requests (GET /web/funeral-home/connection)", () => {
  let user: SignedIn;
  let other: SignedIn;
  let home: SignedIn;
  let rival: SignedIn;
  const sent: number[] = [];

  const ctx = contextForSuite();
  beforeAll(async () => {
    [user, other, home, rival] = await Promise.all([
      signUpUser(ctx),
      signUpUser(ctx, { first_name: 'Grace', last_name: 'Hopper' }),
      signUpListedHome(ctx),
      signUpListedHome(ctx),
    ]);
    const [service] = (await call(ctx, funeralHomeRoutes.services, user.token)).json().data;
    const [location] = (await call(ctx, funeralHomeRoutes.locations, user.token)).json().data;
    for (const [who, speaker] of [
      [user, 'First'],
      [other, 'Second'],
      [user, 'Third'],
    ] as const) {
      const body = {
        service_id: service.id,
        location_id: location.id,
        speaker,
        specific_requests: 'Candles',
      };
      const response = await call(ctx, funeralHomeRoutes.create, who.token, {
        params: { id: home.id },
        body,
      });
      sent.push(response.json().data.id);
      ctx.clock.advance(1000);
    }
  });

  it('lists the home’s requests newest first, paged', async () => {
    const response = await call(ctx, funeralHomeRoutes.requests, home.token, { query: { per_page: 10 } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([...sent].reverse());
    expect(body.data[1]).toMatchObject({ name: 'Grace Hopper', email: other.email, video: null });
    expect(body.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    const second = await call(ctx, funeralHomeRoutes.requests, home.token, {
      query: { page: 2, per_page: 10 },
    });
    expect(second.json().data).toEqual([]);
  });

  it('refuses a bad page (422); another home sees none of them', async () => {
    const bad = await call(ctx, funeralHomeRoutes.requests, home.token, { query: { per_page: 7 } });
    expect(bad.statusCode).toBe(422);
    const theirs = await call(ctx, funeralHomeRoutes.requests, rival.token);
    expect(theirs.json().data).toEqual([]);
  });

  it('shows one request with the form in the spec’s shape', async () => {
    const response = await call(ctx, funeralHomeRoutes.request, home.token, { params: { id: sent[0]! } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: sent[0],
      email: user.email,
      video: null,
      funeralPreferences: {
        typeOfService: { name: expect.any(String) },
        locationOfService: { name: expect.any(String) },
      },
      speaker: 'First',
      music: null,
      additional_requests: null,
      specific_requests: 'Candles',
      specific_rituals: null,
    });
    expect(typeof response.json().data.created_at).toBe('string');
  });

  it('answers 404 for another home’s request and for an unknown or malformed id', async () => {
    for (const id of [sent[0]!, 999999]) {
      expect((await call(ctx, funeralHomeRoutes.request, rival.token, { params: { id } })).statusCode).toBe(
        404,
      );
    }
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(funeralHomeRoutes.request, { id: 'abc' }),
      headers: { authorization: `Bearer ${home.token}` },
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('needs a credential (401) and the funeral-home role (403)', async () => {
    expect((await call(ctx, funeralHomeRoutes.requests, undefined)).statusCode).toBe(401);
    expect((await call(ctx, funeralHomeRoutes.requests, user.token)).statusCode).toBe(403);
    expect(
      (await call(ctx, funeralHomeRoutes.request, undefined, { params: { id: sent[0]! } })).statusCode,
    ).toBe(401);
    expect(
      (await call(ctx, funeralHomeRoutes.request, user.token, { params: { id: sent[0]! } })).statusCode,
    ).toBe(403);
  });

  it('a home whose plan ran out still reads what it received (docs/product.md §8.1)', async () => {
    await endPlanOf(ctx, home.id);
    const response = await call(ctx, funeralHomeRoutes.requests, home.token);
    expect(response.json().meta.total).toBe(3);
    const one = await call(ctx, funeralHomeRoutes.request, home.token, { params: { id: sent[0]! } });
    expect(one.statusCode).toBe(200);
  });

  it('a deactivated home sees nothing: 403 on both calls (docs/product.md §8.1)', async () => {
    await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, home.id));
    try {
      expect((await call(ctx, funeralHomeRoutes.requests, home.token)).statusCode).toBe(403);
      expect(
        (await call(ctx, funeralHomeRoutes.request, home.token, { params: { id: sent[0]! } })).statusCode,
      ).toBe(403);
    } finally {
      await ctx.deps.db.update(users).set({ status: 1 }).where(eq(users.id, home.id));
    }
  });
});
