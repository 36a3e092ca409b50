import { describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, notificationRoutes, bannerAdRoutes, routeUrl } from '@pw/contracts';
import { tinyPng, contextForSuite } from '../../../test/helpers';
import {
  ADMIN_ENV,
  bearer,
  get,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
} from '../accounts/accounts.fixtures';
import { ATTACK_SVGS } from '../../../test/svg-attacks';
import { IMAGE_TYPE_MESSAGE, rasterTypeOf, SVG_UNREADABLE_MESSAGE } from '../../platform/storage/images';
import {
  adFields,
  bannerRowCount,
  createAd,
  filesUnder,
  pngImage,
  sendAdRequest,
  type TestFile,
} from './banner-ads.fixtures';

const ctx = contextForSuite(ADMIN_ENV);

/** Refused: 422 (or `status`) naming `field`, no row, no stored image, no temporary file left. */
async function expectRefused(
  response: Awaited<ReturnType<typeof sendAdRequest>>,
  field: string | null,
  message: string,
  status = 422,
) {
  expect(response.statusCode, response.body).toBe(status);
  if (field) expect(response.json().errors[field]).toEqual([message]);
  else expect(response.json().message).toBe(message);
  expect(await bannerRowCount(ctx)).toBe(0);
  expect(await filesUnder(ctx, 'media', 'banner-ads')).toEqual([]);
  expect(await filesUnder(ctx, 'tmp')).toEqual([]);
}

describe('POST /web/{role}/banner-ad/create: refusals', () => {
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  const cases: Array<[string, Record<string, string>, TestFile[], string, string]> = [
    [
      'a bad URL',
      adFields({ brand_url: 'not a url' }),
      [pngImage()],
      'brand_url',
      BANNER_MESSAGES.urlIncorrect,
    ],
    [
      'a script URL',
      adFields({ brand_url: 'javascript:alert(1)' }),
      [pngImage()],
      'brand_url',
      'URL is Incorrect!',
    ],
    ['no image', adFields(), [], 'images', BANNER_MESSAGES.imagesRequired],
    [
      '4 images',
      adFields(),
      [1, 2, 3, 4].map((n) => pngImage(`${n}.png`)),
      'images',
      BANNER_MESSAGES.tooManyImages,
    ],
    [
      'a text file',
      adFields(),
      [{ ...pngImage(), filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hello') }],
      'images',
      IMAGE_TYPE_MESSAGE,
    ],
    // The attack: HTML that calls itself a PNG, after a real image.
    [
      'a file lying about its type',
      adFields(),
      [pngImage(), { ...pngImage('evil.png'), content: html }],
      'images',
      IMAGE_TYPE_MESSAGE,
    ],
    [
      'an SVG that cannot be drawn',
      adFields(),
      [
        {
          ...pngImage('x.svg'),
          contentType: 'image/svg+xml',
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4"'),
        },
      ],
      'images',
      SVG_UNREADABLE_MESSAGE,
    ],
    [
      'a bad e-mail',
      adFields({ brand_email: 'nobody' }),
      [pngImage()],
      'brand_email',
      'Please enter a valid e-mail address.',
    ],
    [
      'no brand name',
      adFields({ brand_name: ' ' }),
      [pngImage()],
      'brand_name',
      'The brand name field is required.',
    ],
  ];
  it.each(cases)('refuses %s with the field message', async (_name, fields, files, field, message) => {
    const user = await signUpUser(ctx);
    await expectRefused(await sendAdRequest(ctx, user.token, 'user', fields, files), field, message);
  });

  it('stores SVG images as the PNGs drawn from them and serves them as such, scripts and forms gone', async () => {
    const user = await signUpUser(ctx);
    const svgs = Object.values(ATTACK_SVGS).map((svg, n) => ({
      ...pngImage(`${n}.svg`),
      contentType: 'image/svg+xml',
      content: Buffer.from(svg),
    }));
    const response = await sendAdRequest(ctx, user.token, 'user', adFields(), svgs);
    expect(response.statusCode, response.body).toBe(201);
    const stored = await filesUnder(ctx, 'media', 'banner-ads');
    expect(stored).toHaveLength(3);
    expect(stored.every((name) => name.endsWith('.png'))).toBe(true);
    const images: string[] = response.json().data.images;
    expect(images).toHaveLength(3);
    for (const url of images) {
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(rasterTypeOf(served.rawPayload)).toBe('png');
      expect(served.rawPayload.includes('<svg')).toBe(false);
    }
    await ctx.deps.database.executeSql('delete from banner_ads');
    for (const name of stored) await ctx.deps.storage.delete(`banner-ads/${name}`);
  });

  it('names every missing field in one answer', async () => {
    const home = await signUpFuneralHome(ctx);
    const response = await sendAdRequest(ctx, home.token, 'funeral-home', {}, []);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'brand_email',
      'brand_name',
      'brand_url',
      'images',
    ]);
  });

  it('stops an image over 15 MB while it streams (413), and a fifth file', async () => {
    const user = await signUpUser(ctx);
    const big = { ...pngImage('big.png'), content: Buffer.concat([tinyPng, Buffer.alloc(15 * 1024 * 1024)]) };
    await expectRefused(
      await sendAdRequest(ctx, user.token, 'user', adFields(), [big]),
      null,
      BANNER_MESSAGES.imageTooLarge,
      413,
    );
    const five = [1, 2, 3, 4, 5].map((n) => pngImage(`${n}.png`));
    await expectRefused(
      await sendAdRequest(ctx, user.token, 'user', adFields(), five),
      null,
      'Too many files.',
      413,
    );
  });

  it('answers 401 without a credential and 403 to another role, creating nothing', async () => {
    const user = await signUpUser(ctx);
    const admin = await signInAdmin(ctx);
    expect((await sendAdRequest(ctx, undefined, 'user')).statusCode).toBe(401);
    expect((await sendAdRequest(ctx, undefined, 'funeral-home')).statusCode).toBe(401);
    expect((await sendAdRequest(ctx, user.token, 'funeral-home')).statusCode).toBe(403);
    expect((await sendAdRequest(ctx, admin.token, 'user')).statusCode).toBe(403);
    expect(await bannerRowCount(ctx)).toBe(0);
  });
});

describe('banner ad requests: success, own list and detail', () => {
  it('stores a request with its images and tells the admins', async () => {
    const admin = await signInAdmin(ctx);
    const home = await signUpFuneralHome(ctx);
    const response = await sendAdRequest(
      ctx,
      home.token,
      'funeral-home',
      adFields({ brand_url: 'www.evergreen.example' }),
      [pngImage('1.png'), pngImage('2.png')],
    );
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      brand_name: 'Evergreen Flowers',
      brand_url: 'https://www.evergreen.example',
      status: 'pending',
      status_detail: 'pending',
      rejection_reason: null,
    });
    expect(data.images).toHaveLength(2);
    expect(data.media[0].media_link).toBe(data.images[0]);
    const image = await ctx.app.inject({ method: 'GET', url: data.images[0] });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await filesUnder(ctx, 'tmp')).toEqual([]);

    const notices = (await get(ctx, routeUrl(notificationRoutes.list), admin.token)).json().data;
    expect(notices[0]).toMatchObject({ type: 'banner_ad.new', data: { banner_ad_id: data.id } });
  });

  it("lists and shows only the account's own requests; another's is 404", async () => {
    const user = await signUpUser(ctx);
    const other = await signUpUser(ctx);
    const mine = await createAd(ctx, user.token, 'user', adFields({ brand_name: 'Mine' }));
    await createAd(ctx, user.token, 'user', adFields({ brand_name: 'Mine too' }));
    const theirs = await createAd(ctx, other.token, 'user', adFields({ brand_name: 'Theirs' }));

    const list = (
      await get(
        ctx,
        `${routeUrl(bannerAdRoutes.user.list)}?per_page=10&sort=brand_name&order=asc`,
        user.token,
      )
    ).json();
    expect(list.data.map((row: { brand_name: string }) => row.brand_name)).toEqual(['Mine', 'Mine too']);
    expect(list.meta).toMatchObject({ total: 2, current_page: 1 });
    expect(list.data[0].images).toHaveLength(1);

    expect(
      (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: mine }), user.token)).json().data.id,
    ).toBe(mine);
    expect(
      (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: theirs }), user.token)).statusCode,
    ).toBe(404);
    expect(
      (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: 999999 }), user.token)).statusCode,
    ).toBe(404);
    for (const odd of ['abc', '-1', '99999999999999999999'])
      expect(
        (await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id: odd }), user.token)).statusCode,
        odd,
      ).toBe(404);
  });

  it('guards the list and the detail: 401, 403, and a bad query is 422', async () => {
    const user = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);
    const id = await createAd(ctx, user.token, 'user');
    expect((await get(ctx, routeUrl(bannerAdRoutes.user.list))).statusCode).toBe(401);
    expect((await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id }))).statusCode).toBe(401);
    expect((await get(ctx, routeUrl(bannerAdRoutes.user.list), home.token)).statusCode).toBe(403);
    expect((await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id }), home.token)).statusCode).toBe(
      404,
    );
    expect((await get(ctx, `${routeUrl(bannerAdRoutes.user.list)}?per_page=7`, user.token)).statusCode).toBe(
      422,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: routeUrl(bannerAdRoutes.user.list),
          headers: bearer('nonsense'),
        })
      ).statusCode,
    ).toBe(401);
  });

  it("a funeral home's own list and detail: success, 422 for a bad query, 401, 403 to a user", async () => {
    const home = await signUpFuneralHome(ctx);
    const user = await signUpUser(ctx);
    const id = await createAd(ctx, home.token, 'funeral-home', adFields({ brand_name: 'Willow' }));
    await createAd(ctx, user.token, 'user', adFields({ brand_name: 'Not theirs' }));

    const list = await get(ctx, routeUrl(bannerAdRoutes.funeralHome.list), home.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { brand_name: string }) => row.brand_name)).toEqual(['Willow']);
    const detail = await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id }), home.token);
    expect(detail.json().data).toMatchObject({ id, brand_name: 'Willow' });

    expect(
      (await get(ctx, `${routeUrl(bannerAdRoutes.funeralHome.list)}?per_page=7`, home.token)).statusCode,
    ).toBe(422);
    expect((await get(ctx, routeUrl(bannerAdRoutes.funeralHome.list))).statusCode).toBe(401);
    expect((await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id }))).statusCode).toBe(401);
    expect((await get(ctx, routeUrl(bannerAdRoutes.funeralHome.list), user.token)).statusCode).toBe(403);
    expect((await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id }), user.token)).statusCode).toBe(
      403,
    );
    expect((await get(ctx, routeUrl(bannerAdRoutes.user.detail, { id }), home.token)).statusCode).toBe(403);
  });
});
