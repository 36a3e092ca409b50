import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccountRoutes,
  FUNERAL_HOME_NOT_FOUND,
  funeralHomeRoutes,
  videoRoutes,
  bannerAdRoutes,
  routeUrl,
} from '@pw/contracts';
import type { TestContext } from '../../../../test/helpers';
import { insertVideo } from '../../../../test/delivery-fixtures';
import { call, finalVideo, openByCode, signUpListedHome } from '../../funeral-homes/funeral-homes.fixtures';
import { planIds } from '../../payments/payments.fixtures';
import { liveAd } from '../../banner-ads/banner-ads.live.fixtures';
import { videos } from '../../videos/videos.schema';
import { newSearchCode } from '../../videos/codes';
import { MEDIA_UNAVAILABLE } from '../../media/media.service';
import { get, openAdminContext, signUpUser, type SignedIn } from '../accounts.fixtures';

/**
 * What a deactivation stops and an activation brings back (docs/product.md §2.6), each through the admin's real
 * status call and the real calls of the area concerned.
 */
describe('what deactivation stops and activation brings back', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let viewer: SignedIn;

  const setStatus = async (who: { id: number; home?: boolean }, status: 0 | 1) => {
    const route = who.home ? adminAccountRoutes.funeralHomeStatus : adminAccountRoutes.userStatus;
    const response = await call(ctx, route, admin.token, { params: { id: who.id }, body: { status } });
    expect(response.statusCode).toBe(200);
  };
  const feedIds = async () =>
    (await call(ctx, videoRoutes.feed, viewer.token, { query: { per_page: 100 } }))
      .json()
      .data.map((video: { id: number }) => video.id);
  const bySearchCode = (code: string) => get(ctx, routeUrl(videoRoutes.bySearchCode, { code }), viewer.token);
  const media = (url: string) => ctx.app.inject({ method: 'GET', url });
  const signedLinks = (body: string) => body.match(/\/api\/media\/v\/[^"?]+\?exp=\d+&sig=[\w-]+/g) ?? [];

  beforeAll(async () => {
    ({ ctx, admin } = await openAdminContext());
    viewer = await signUpUser(ctx);
  });
  afterAll(() => ctx?.close());

  /** A public, processed video of a new user, its media files stored. */
  async function publicVideo() {
    const owner = await signUpUser(ctx, { first_name: 'Pia' });
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title: 'Our summer' });
    await ctx.deps.db
      .update(videos)
      .set({ isPrivate: 0, searchCode: newSearchCode() })
      .where(eq(videos.id, id));
    const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, id));
    await ctx.deps.storage.put(row!.mediaKey!, Buffer.from('not really an mp4'), 'video/mp4');
    await ctx.deps.storage.put(row!.thumbnailKey!, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    return { owner, id, searchCode: row!.searchCode };
  }

  it('a public video leaves the reel and the code search, and comes back on activation', async () => {
    const { owner, id, searchCode } = await publicVideo();
    expect(await feedIds()).toContain(id);
    expect((await bySearchCode(searchCode)).statusCode).toBe(200);

    await setStatus(owner, 0);
    expect(await feedIds()).not.toContain(id);
    expect((await bySearchCode(searchCode)).statusCode).toBe(404);

    await setStatus(owner, 1);
    expect(await feedIds()).toContain(id);
    expect((await bySearchCode(searchCode)).statusCode).toBe(200);
  });

  it('its signed media URLs, signed before the deactivation, answer 404 until the activation', async () => {
    const { owner, searchCode } = await publicVideo();
    const links = signedLinks((await bySearchCode(searchCode)).body);
    expect(links).toHaveLength(2); // the video and its thumbnail
    for (const link of links) expect((await media(link)).statusCode, link).toBe(200);

    await setStatus(owner, 0);
    for (const link of links) {
      const refused = await media(link);
      expect(refused.statusCode, link).toBe(404);
      expect(refused.json().message).toBe(MEDIA_UNAVAILABLE);
      expect((await ctx.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-3' } })).statusCode,
      ).toBe(404);
    }
    // A forged signature is still refused as forged (403), not told whether the video exists.
    expect((await media(links[0]!.replace(/sig=[\w-]+/, 'sig=forged'))).statusCode).toBe(403);

    await setStatus(owner, 1);
    for (const link of links) expect((await media(link)).statusCode, link).toBe(200);
  });

  it('its final video can no longer be opened with its access code, then can again', async () => {
    const owner = await signUpUser(ctx);
    const video = await finalVideo(ctx, owner.id);
    expect((await openByCode(ctx, viewer.token, video.accessCode)).statusCode).toBe(200);
    await setStatus(owner, 0);
    expect((await openByCode(ctx, viewer.token, video.accessCode)).statusCode).toBe(404);
    await setStatus(owner, 1);
    expect((await openByCode(ctx, viewer.token, video.accessCode)).statusCode).toBe(200);
  });

  it('its live ad leaves the slot and its clicks are not counted; both come back on activation', async () => {
    const advertiser = await signUpUser(ctx);
    const adId = await liveAd(ctx, advertiser, admin, (await planIds(ctx))['Banner Ad Month']!, 'Lupin');
    const slot = async () => (await get(ctx, routeUrl(bannerAdRoutes.user.slot), viewer.token)).json().data;
    const shown = await slot();
    expect(shown.id).toBe(adId);
    const clicksOf = async () =>
      (await get(ctx, routeUrl(bannerAdRoutes.detail, { id: adId }), admin.token)).json().data
        .clicks as number;
    const before = await clicksOf();

    await setStatus(advertiser, 0);
    for (let i = 0; i < 3; i += 1) expect(await slot()).toBeNull();
    // A link handed out before still leaves for the brand (docs/product.md §8.6), but is not counted.
    const late = await ctx.app.inject({ method: 'GET', url: shown.click_url });
    expect(late.statusCode).toBe(302);
    expect(await clicksOf()).toBe(before);

    await setStatus(advertiser, 1);
    expect((await slot()).id).toBe(adId);
    expect((await ctx.app.inject({ method: 'GET', url: shown.click_url })).statusCode).toBe(302);
    expect(await clicksOf()).toBe(before + 1);
  });

  it('a deactivated funeral home leaves the directory and cannot be granted a video; activation lists it again', async () => {
    const home = await signUpListedHome(ctx, { home_name: 'Quiet Pines' });
    const listed = async () =>
      (await call(ctx, funeralHomeRoutes.homes, viewer.token))
        .json()
        .data.map((row: { id: number }) => row.id);
    const owner = await signUpUser(ctx);
    const video = await finalVideo(ctx, owner.id);
    const grant = () =>
      call(ctx, funeralHomeRoutes.grantAccess, owner.token, {
        params: { id: video.id },
        body: { type: 1, email: home.email },
      });
    expect(await listed()).toContain(home.id);

    await setStatus({ id: home.id, home: true }, 0);
    expect(await listed()).not.toContain(home.id);
    const refused = await grant();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(FUNERAL_HOME_NOT_FOUND);

    await setStatus({ id: home.id, home: true }, 1);
    expect(await listed()).toContain(home.id);
    expect((await grant()).statusCode).toBe(200);
  });
});
