import { bannerAdRoutes, routeUrl } from '@pw/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import {
  get,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { clickToken } from './banner-ads.clicks';
import { bannerRoutesOf } from './banner-ads.fixtures';
import { createBannerAdsRepo } from './banner-ads.repo';
import { approvedAd, liveAd } from './banner-ads.live.fixtures';
import { LIVE_READ_TTL_MS } from './banner-ads.rotation';

let ctx: TestContext;
let admin: SignedIn;
let reader: SignedIn;
let plan: Record<string, number>;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  ({ ctx, admin } = await openAdminContext());
  reader = await signUpUser(ctx);
  plan = await planIds(ctx);
});
afterAll(() => ctx.close());

const slot = (who: SignedIn | undefined, role = 'user') =>
  get(ctx, routeUrl(bannerRoutesOf(role).slot), who?.token);
const countsOf = async (who: SignedIn, id: number) => {
  const role = who.user.type === 'funeral-home' ? 'funeral-home' : 'user';
  const { views, clicks, is_live } = (
    await get(ctx, routeUrl(bannerRoutesOf(role).detail, { id }), who.token)
  ).json().data;
  return { views, clicks, is_live };
};
const click = (url: string) => ctx.app.inject({ method: 'GET', url });
/** A session made at the clock's time (a moved clock outlives the sessions made before). */
const fresh = async (who: SignedIn): Promise<SignedIn> => ({
  ...who,
  token: await ctx.deps.sessions.create(who.id, true),
});

describe('the banner slot, its views and clicks', () => {
  it('answers null while no ad is live, and ads not paid are never shown', async () => {
    const owner = await signUpUser(ctx);
    await approvedAd(ctx, owner, admin);
    const response = await slot(reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
  });

  it('answers 401 without a credential and 403 to the wrong role', async () => {
    const home = await signUpFuneralHome(ctx);
    expect((await slot(undefined)).statusCode).toBe(401);
    expect((await slot(undefined, 'funeral-home')).statusCode).toBe(401);
    expect((await slot(home, 'user')).statusCode).toBe(403);
    expect((await slot(reader, 'funeral-home')).statusCode).toBe(403);
    expect((await slot(admin, 'user')).statusCode).toBe(403);
  });

  let owner: SignedIn;
  let adId: number;
  it('shows a live ad with a signed image and a counted click link, counting a view', async () => {
    owner = await signUpUser(ctx);
    adId = await liveAd(ctx, owner, admin, plan['Banner Ad Week']!, 'Evergreen Flowers');
    const response = await slot(reader);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const { data } = response.json();
    expect(data).toMatchObject({ id: adId, brand_name: 'Evergreen Flowers' });
    expect(data.image_url).toMatch(/^\/api\/media\/v\/banner-ads\/.+\?exp=\d+&sig=/);
    expect((await click(data.image_url)).statusCode).toBe(200);
    expect(data.click_url).toMatch(/^\/api\/web\/banner-ad\/click\/\d+\.\d+\.\d+\.[\w-]{43}$/);
    expect(await countsOf(owner, adId)).toEqual({ views: 1, clicks: 0, is_live: true });

    const clicked = await click(data.click_url);
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe('https://evergreenflowers.example/landing');
    expect(await countsOf(owner, adId)).toEqual({ views: 1, clicks: 1, is_live: true });
    const adminView = (await get(ctx, routeUrl(bannerAdRoutes.detail, { id: adId }), admin.token)).json()
      .data;
    expect(adminView).toMatchObject({ views: 1, clicks: 1 });

    // A funeral home's slot shows it too.
    const home = await signUpFuneralHome(ctx);
    expect((await slot(home, 'funeral-home')).json().data.id).toBe(adId);
  });

  it('counts views and clicks once per reader, ad and day (UTC), and again the next day', async () => {
    const viewer = await signUpUser(ctx);
    const before = await countsOf(owner, adId);
    const first = (await slot(viewer)).json().data;
    const second = (await slot(viewer)).json().data;
    expect([first.id, second.id]).toEqual([adId, adId]);
    expect((await click(first.click_url)).statusCode).toBe(302);
    expect((await click(second.click_url)).statusCode).toBe(302);
    expect(await countsOf(owner, adId)).toEqual({
      views: before.views + 1,
      clicks: before.clicks + 1,
      is_live: true,
    });
    // Another reader is another view and click.
    const neighbour = await signUpUser(ctx);
    await click((await slot(neighbour)).json().data.click_url);
    expect(await countsOf(owner, adId)).toMatchObject({ views: before.views + 2, clicks: before.clicks + 2 });

    // A second after midnight (UTC): the first reader counts once more, still only once.
    const start = ctx.clock.now();
    try {
      const midnight = new Date(start);
      midnight.setUTCHours(24, 0, 1, 0);
      ctx.clock.set(midnight);
      const nextDay = await fresh(viewer);
      owner = await fresh(owner);
      for (let i = 0; i < 3; i += 1) await click((await slot(nextDay)).json().data.click_url);
      expect(await countsOf(owner, adId)).toMatchObject({
        views: before.views + 3,
        clicks: before.clicks + 3,
      });
      // A day on, the rows of the day before yesterday go; yesterday's (the view and the click) stay.
      const readersByDay = async () =>
        (
          await ctx.deps.database.executeSql(
            `select day::text as day, count(*)::int as n from banner_ad_readers group by day order by day`,
          )
        ).rows.map((row) => [row.day, row.n]);
      const [yesterday] = midnight.toISOString().split('T');
      expect((await readersByDay()).length).toBe(2);
      ctx.clock.set(new Date(midnight.getTime() + DAY));
      expect(await createBannerAdsRepo(ctx.deps.db).pruneReaders(ctx.clock.now())).toBeGreaterThan(0);
      expect(await readersByDay()).toEqual([[yesterday, 2]]);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('shows nothing to a reader with a running ad-free plan, counting nothing', async () => {
    const adFree = await signUpUser(ctx);
    await buyPlan(ctx, adFree, plan['Ad-Free Monthly']!);
    const before = await countsOf(owner, adId);
    for (let i = 0; i < 3; i += 1) expect((await slot(adFree)).json()).toEqual({ data: null });
    expect(await countsOf(owner, adId)).toEqual(before);
  });

  it('refuses forged, tampered and odd click tokens with 404, counting nothing', async () => {
    const now = ctx.clock.now();
    // A reader who has not clicked it today: a forged link must not count for them either.
    const target = await signUpUser(ctx);
    const good = clickToken(ctx.config.APP_SECRET!, adId, target.id, now);
    const [id, readerId, exp, sig] = good.split('.');
    const flipped = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    const before = await countsOf(owner, adId);
    const forged = [
      `${id}.${readerId}.${exp}.${flipped}`,
      `${Number(id) + 1}.${readerId}.${exp}.${sig}`,
      `${id}.${Number(readerId) + 1}.${exp}.${sig}`,
      `${id}.${readerId}.${Number(exp) + 3600}.${sig}`,
      `${id}.${exp}.${sig}`,
      clickToken('another-secret-of-32-bytes-or-more', adId, target.id, now),
      `${'9'.repeat(12)}.${readerId}.${exp}.${sig}`,
      `0.${readerId}.${exp}.${sig}`,
      `${id}.0.${exp}.${sig}`,
      'x',
      '..',
      encodeURIComponent('1.2.3/../../etc'),
      'a'.repeat(500),
    ];
    for (const token of forged) {
      const response = await click(routeUrl(bannerAdRoutes.click, { token }));
      // 414: Fastify refuses a path parameter over 100 characters before any handler.
      expect([404, 414, 422], `${token}: ${response.statusCode}`).toContain(response.statusCode);
      expect(response.headers.location).toBeUndefined();
    }
    expect(await countsOf(owner, adId)).toEqual(before);
    // A token for an ad that exists but was never paid: not found either.
    const unpaid = await approvedAd(ctx, owner, admin);
    const response = await click(
      routeUrl(bannerAdRoutes.click, { token: clickToken(ctx.config.APP_SECRET!, unpaid, target.id, now) }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('takes turns between live ads, and skips an ad whose requester is deactivated', async () => {
    const second = await liveAd(ctx, await signUpFuneralHome(ctx), admin, plan['Banner Ad Month']!, 'Second');
    const shown = new Set<number>();
    for (let i = 0; i < 4; i += 1) shown.add((await slot(reader)).json().data.id);
    expect(shown).toEqual(new Set([adId, second]));
    await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, owner.id));
    for (let i = 0; i < 3; i += 1) expect((await slot(reader)).json().data.id).toBe(second);
    await ctx.deps.db.update(users).set({ status: 1 }).where(eq(users.id, owner.id));
    // Reactivated elsewhere (not through this process): back in turn once the slot reads the live ads again.
    const start = ctx.clock.now();
    try {
      ctx.clock.advance(LIVE_READ_TTL_MS);
      const again = new Set<number>();
      for (let i = 0; i < 4; i += 1) again.add((await slot(reader)).json().data.id);
      expect(again).toEqual(new Set([adId, second]));
    } finally {
      ctx.clock.set(start);
    }
  });

  it('counts concurrent views once per reader and ad, without losing one or counting one twice', async () => {
    const total = async () => {
      const { rows } = await ctx.deps.database.executeSql('select sum(views)::int as n from banner_ads');
      return Number(rows[0]!.n);
    };
    const readers = await Promise.all(Array.from({ length: 20 }, () => signUpUser(ctx)));
    const before = await total();
    const views = readers.flatMap((who) => Array.from({ length: 5 }, () => who));
    const answers = await Promise.all(views.map((who) => slot(who)));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.json().data !== null)).toBe(true);
    const pairs = new Set(answers.map((answer, i) => `${views[i]!.id}:${answer.json().data.id}`));
    expect(pairs.size).toBeGreaterThan(20);
    expect((await total()) - before).toBe(pairs.size);
  });

  it('stops the ad after its plan: shown before the end, not after; a late click still leaves, uncounted', async () => {
    const { rows } = await ctx.deps.database.executeSql(`select ends_at from banner_ads where id = ${adId}`);
    const endsAt = new Date(rows[0]!.ends_at as string).getTime();
    expect(endsAt).toBe(
      Date.parse(
        (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: adId }), owner.token)).json().data
          .live_until,
      ),
    );
    const start = ctx.clock.now();
    try {
      ctx.clock.set(new Date(endsAt - 60_000));
      reader = await fresh(reader);
      owner = await fresh(owner);
      const ids = new Set<number>();
      for (let i = 0; i < 4; i += 1) ids.add((await slot(reader)).json().data.id);
      expect(ids.has(adId)).toBe(true);
      const lastLink = clickToken(ctx.config.APP_SECRET!, adId, reader.id, ctx.clock.now());

      ctx.clock.set(new Date(endsAt));
      reader = await fresh(reader);
      owner = await fresh(owner);
      const after = new Set<number>();
      for (let i = 0; i < 4; i += 1) after.add((await slot(reader)).json().data.id);
      expect(after.has(adId)).toBe(false);
      const counts = await countsOf(owner, adId);
      expect(counts.is_live).toBe(false);
      const late = await click(routeUrl(bannerAdRoutes.click, { token: lastLink }));
      expect(late.statusCode).toBe(302);
      expect(await countsOf(owner, adId)).toEqual(counts);

      // Past every end (the month and week plans): nothing live.
      ctx.clock.set(new Date(start.getTime() + 40 * DAY));
      reader = await fresh(reader);
      expect((await slot(reader)).json()).toEqual({ data: null });
      // An expired link (a day later) still forwards, uncounted.
      expect((await click(routeUrl(bannerAdRoutes.click, { token: lastLink }))).statusCode).toBe(302);
    } finally {
      ctx.clock.set(start);
    }
    expect(await countsOf(owner, adId)).toMatchObject({ is_live: true });
  });

  it("answers the ad's counts to its requester only: 404 to another account, 401, 403", async () => {
    const stranger = await signUpUser(ctx);
    expect(
      (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: adId }), stranger.token)).statusCode,
    ).toBe(404);
    expect((await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: adId }))).statusCode).toBe(401);
    expect(
      (await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id: adId }), owner.token)).statusCode,
    ).toBe(403);
    expect((await get(ctx, routeUrl(bannerAdRoutes.detail, { id: adId }), owner.token)).statusCode).toBe(403);
  });
});
