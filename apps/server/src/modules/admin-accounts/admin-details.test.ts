import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAccountRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import {
  get,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';
import { insertSubscription } from './admin-accounts.fixtures';

const DAY = 86_400_000;
type Detail = 'userDetail' | 'funeralHomeDetail' | 'partingWords';

describe('admin user and funeral-home details, and the final message', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let user: SignedIn;
  let home: SignedIn;
  /** A user with nothing: no plan, no video. */
  let plain: SignedIn;

  // The final message is opened for a stated reason (docs/product.md §11.10; its own tests: modules/audit).
  const REASON = { reason: 'Support ticket 42: the family asked us to check it plays.' };
  const call = (route: Detail, id: number | string, token = admin.token) =>
    get(
      ctx,
      routeUrl(adminAccountRoutes[route], { id }, route === 'partingWords' ? REASON : undefined),
      token,
    );
  const data = async (route: Detail, id: number) => {
    const response = await call(route, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const ago = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY);
  const ahead = (days: number) => new Date(ctx.clock.now().getTime() + days * DAY);

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    user = await signUpUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    await ctx.deps.db.update(users).set({ dialingCode: '+1' }).where(eq(users.id, user.id));
    home = await signUpFuneralHome(ctx, { home_name: 'Evergreen Funeral Home' });
    plain = await signUpUser(ctx, { first_name: 'Plain', last_name: 'Person' });
  });

  afterAll(() => ctx?.close());

  describe('GET /admin/user/{id}/detail', () => {
    it('answers the profile and every subscription of each kind, newest first, with its state', async () => {
      const db = ctx.deps.db;
      const expired = await insertSubscription(db, user.id, 'Monthly Membership', {
        startsAt: ago(100),
        expiresAt: ago(70),
        status: 'expired',
      });
      const notMarked = await insertSubscription(db, user.id, 'Monthly Membership', {
        startsAt: ago(40),
        expiresAt: ago(10),
      });
      const cancelled = await insertSubscription(db, user.id, 'Yearly Membership', {
        startsAt: ago(5),
        expiresAt: ahead(360),
        status: 'cancelled',
      });
      const adFree = await insertSubscription(db, user.id, 'Ad-Free Life-time', {
        startsAt: ago(1),
        expiresAt: null,
      });
      const detail = await data('userDetail', user.id);
      expect(detail).toMatchObject({
        id: user.id,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: user.email,
        dialing_code: '+1',
        phone: '5550100',
        address: '1 Analytical Way',
        map_link: 'https://maps.example.test/ada',
        photo_path: null,
        status: 1,
        has_parting_words: false,
        ad_subscription: 'Ad-Free Life-time',
        time_subscription: 'Yearly Membership',
        funeral_subscription: [],
      });
      expect(
        detail.user_time_subscription.map((s: { id: number; status: string }) => [s.id, s.status]),
      ).toEqual([
        [cancelled, 'cancelled'],
        [notMarked, 'expired'],
        [expired, 'expired'],
      ]);
      expect(detail.user_time_subscription[0]).toEqual({
        id: cancelled,
        status: 'cancelled',
        price: '49.99',
        purchase_date: ago(5).toISOString(),
        expiry_date: ahead(360).toISOString(),
        plan: { id: expect.any(Number), title: 'Yearly Membership', duration: 'yearly' },
      });
      expect(detail.user_ad_subscription).toEqual([
        expect.objectContaining({ id: adFree, status: 'active', expiry_date: null, price: '49.00' }),
      ]);
    });

    it('says whether the user has a final message, and shows a deactivated user as 0', async () => {
      const id = plain.id;
      await insertVideo(ctx.deps.db, id, { folder: 'scheduled' });
      expect((await data('userDetail', id)).has_parting_words).toBe(false);
      await insertVideo(ctx.deps.db, id, { folder: 'final' });
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, id));
      expect(await data('userDetail', id)).toMatchObject({ has_parting_words: true, status: 0 });
      await ctx.deps.db.update(users).set({ status: 1 }).where(eq(users.id, id));
    });
  });

  describe('GET /admin/funeral-home/{id}/detail', () => {
    it('answers the home and its funeral-home plans', async () => {
      const running = await insertSubscription(ctx.deps.db, home.id, 'Funeral Home Monthly', {
        startsAt: ago(2),
        expiresAt: ahead(28),
      });
      const detail = await data('funeralHomeDetail', home.id);
      expect(detail).toMatchObject({
        id: home.id,
        home_name: 'Evergreen Funeral Home',
        email: home.email,
        status: 1,
        subscription: 'Funeral Home Monthly',
        funeral_subscription: [expect.objectContaining({ id: running, status: 'active', price: '29.99' })],
      });
      expect(detail).not.toHaveProperty('user_time_subscription');
    });
  });

  describe('GET /admin/video/{id}/parting-words', () => {
    it("answers the user's final message with signed media URLs that play", async () => {
      const owner = await signUpUser(ctx, { first_name: 'Final', last_name: 'Words' });
      await insertVideo(ctx.deps.db, owner.id, { folder: 'scheduled', title: 'Not this one' });
      const videoId = await insertVideo(ctx.deps.db, owner.id, {
        folder: 'final',
        title: 'To all of you',
        description: 'Read this when I am gone.',
      });
      const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, videoId));
      await ctx.deps.storage.put(row!.mediaKey!, Buffer.from('mp4 bytes'), 'video/mp4');
      const words = await data('partingWords', owner.id);
      expect(words).toEqual({
        id: videoId,
        title: 'To all of you',
        description: 'Read this when I am gone.',
        video_link: expect.stringMatching(/^\/api\/media\/v\/.+\?exp=\d+&sig=/),
        video_thumbnail: expect.stringMatching(/^\/api\/media\/v\/.+\?exp=\d+&sig=/),
        captions: [],
        duration: '00:00:42',
        search_code: row!.searchCode,
        is_private: 1,
        creator: { first_name: 'Final', last_name: 'Words', email: owner.email },
      });
      const media = await ctx.app.inject({ method: 'GET', url: words.video_link });
      expect(media.statusCode).toBe(200);
      expect(media.body).toBe('mp4 bytes');
    });

    it('answers null when the user has no final message', async () => {
      const owner = await signUpUser(ctx);
      await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
      expect((await call('partingWords', owner.id)).json()).toEqual({ data: null });
    });

    it('answers null URLs for a final message still processing', async () => {
      const owner = await signUpUser(ctx);
      await insertVideo(ctx.deps.db, owner.id, { folder: 'final', state: 'processing' });
      expect(await data('partingWords', owner.id)).toMatchObject({ video_link: null, video_thumbnail: null });
    });
  });

  it('answers 404 for unknown and odd ids and for an account of another role', async () => {
    const cases: Array<[Detail, number | string]> = [
      ['userDetail', 999_999],
      ['userDetail', home.id],
      ['userDetail', admin.id],
      ['userDetail', 'abc'],
      ['userDetail', '-1'],
      ['userDetail', '1.5'],
      ['userDetail', '9'.repeat(30)],
      ['funeralHomeDetail', 999_999],
      ['funeralHomeDetail', user.id],
      ['funeralHomeDetail', admin.id],
      ['funeralHomeDetail', '0x10'],
      ['partingWords', 999_999],
      ['partingWords', home.id],
      ['partingWords', admin.id],
      ['partingWords', 'null'],
    ];
    for (const [route, id] of cases) {
      const response = await call(route, id);
      expect(response.statusCode, `${route} ${id}`).toBe(404);
    }
    expect((await call('userDetail', home.id)).json().message).toBe('User not found.');
    expect((await call('funeralHomeDetail', user.id)).json().message).toBe('Funeral home not found.');
  });

  it('refuses a caller without a credential (401) and the other roles (403)', async () => {
    const targets: Array<[Detail, number]> = [
      ['userDetail', user.id],
      ['funeralHomeDetail', home.id],
      ['partingWords', user.id],
    ];
    for (const [route, id] of targets) {
      const url = routeUrl(adminAccountRoutes[route], { id }, route === 'partingWords' ? REASON : undefined);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call(route, id, 'forged-token')).statusCode).toBe(401);
      // Not even one's own record through the admin's call.
      expect((await call(route, id, user.token)).statusCode).toBe(403);
      expect((await call(route, id, home.token)).statusCode).toBe(403);
    }
  });
});
