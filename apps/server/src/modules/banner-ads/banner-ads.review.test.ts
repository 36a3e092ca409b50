import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, bannerAdRoutes, notificationRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import {
  get,
  post,
  bearer,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { adFields, createAd } from './banner-ads.fixtures';

let ctx: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  ({ ctx, admin } = await openAdminContext());
});
afterAll(() => ctx.close());

const decide = (id: number, payload: Record<string, unknown>, token = admin.token) =>
  post(ctx, routeUrl(bannerAdRoutes.updateStatus, { id }), { payload, headers: bearer(token) });

const statusOf = async (id: number) =>
  (await get(ctx, routeUrl(bannerAdRoutes.detail, { id }), admin.token)).json().data.status as string;

const noticesOf = async (who: SignedIn) =>
  (await get(ctx, routeUrl(notificationRoutes.list), who.token)).json().data;

describe('admin banner ad logs and detail', () => {
  it('lists pending and approved requests with who asked, searched and dated', async () => {
    const home = await signUpFuneralHome(ctx, { home_name: 'Quiet Pines' });
    const user = await signUpUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const homeAd = await createAd(ctx, home.token, 'funeral-home', adFields({ brand_name: 'Pines Ad' }));
    const userAd = await createAd(ctx, user.token, 'user', adFields({ brand_name: 'Hopper Ad' }));
    expect((await decide(userAd, { status: 1 })).statusCode).toBe(200);

    const pending = (
      await get(ctx, `${routeUrl(bannerAdRoutes.pendingLogs)}?search=pines`, admin.token)
    ).json();
    expect(pending.data).toEqual([
      expect.objectContaining({
        id: homeAd,
        name: 'Quiet Pines',
        type: 'funeral-home',
        email: home.email,
        status: 'pending',
        status_detail: 'pending',
      }),
    ]);
    const byEmail = (
      await get(
        ctx,
        `${routeUrl(bannerAdRoutes.approvedLogs)}?search=${encodeURIComponent(user.email)}`,
        admin.token,
      )
    ).json();
    expect(byEmail.data.map((row: { id: number }) => row.id)).toEqual([userAd]);
    expect(byEmail.data[0]).toMatchObject({ name: 'Grace Hopper', type: 'user', status: 'approved' });
    const past = (
      await get(ctx, `${routeUrl(bannerAdRoutes.pendingLogs)}?to_date=2000-01-01`, admin.token)
    ).json();
    expect(past.meta.total).toBe(0);
    expect(
      (await get(ctx, `${routeUrl(bannerAdRoutes.pendingLogs)}?sort=price`, admin.token)).statusCode,
    ).toBe(422);

    const detail = (await get(ctx, routeUrl(bannerAdRoutes.detail, { id: homeAd }), admin.token)).json().data;
    expect(detail).toMatchObject({
      id: homeAd,
      name: 'Quiet Pines',
      brand_name: 'Pines Ad',
      reviewed_at: null,
    });
    expect(detail.media).toHaveLength(1);
    expect((await get(ctx, routeUrl(bannerAdRoutes.detail, { id: 999999 }), admin.token)).statusCode).toBe(
      404,
    );
  });

  it("is the admin's only: 401 without a credential, 403 for a user or funeral home", async () => {
    const user = await signUpUser(ctx);
    const id = await createAd(ctx, user.token, 'user');
    for (const url of [
      routeUrl(bannerAdRoutes.pendingLogs),
      routeUrl(bannerAdRoutes.approvedLogs),
      routeUrl(bannerAdRoutes.detail, { id }),
    ]) {
      expect((await get(ctx, url)).statusCode).toBe(401);
      expect((await get(ctx, url, user.token)).statusCode).toBe(403);
    }
  });

  it('refuses a strange list query with 422: a huge search, an unknown page size, dates out of order', async () => {
    for (const query of [
      `search=${'x'.repeat(201)}`,
      'per_page=1000000',
      'page=0',
      'from_date=2026-02-01&to_date=2026-01-01',
      'from_date=yesterday',
    ]) {
      for (const route of [bannerAdRoutes.pendingLogs, bannerAdRoutes.approvedLogs]) {
        const state = route.path;
        const response = await get(ctx, `${routeUrl(route)}?${query}`, admin.token);
        expect(response.statusCode, `${state}: ${query}`).toBe(422);
      }
    }
  });
});

describe('POST /admin/banner-ads/{id}/update-status', () => {
  it('approves once, tells the requester, and answers the same decision again the same way', async () => {
    const user = await signUpUser(ctx);
    const id = await createAd(ctx, user.token, 'user');
    const first = await decide(id, { status: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: BANNER_MESSAGES.approved, data: { status: 'approved' } });
    const again = await decide(id, { status: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const notices = await noticesOf(user);
    const approved = notices.filter((n: { type: string }) => n.type === 'banner_ad.approved');
    expect(approved).toHaveLength(1);
    // The notice, and its e-mail, lead to the request's payment page (the package choice).
    expect(approved[0].data).toMatchObject({
      link: `/user/banner-ads/${id}/payment`,
      link_label: 'Choose a package and pay',
    });

    const other = await decide(id, { status: 2, rejection_reason: 'Too late' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.status).toEqual([BANNER_MESSAGES.alreadyDecided]);
    expect(await statusOf(id)).toBe('approved');
  });

  it('rejects with the reason the requester then reads', async () => {
    const home = await signUpFuneralHome(ctx);
    const id = await createAd(ctx, home.token, 'funeral-home');
    const response = await decide(id, { status: '2', rejection_reason: 'Image is blurry' });
    expect(response.statusCode, response.body).toBe(200);
    const mine = (await get(ctx, routeUrl(bannerAdRoutes.funeralHome.detail, { id }), home.token)).json()
      .data;
    expect(mine).toMatchObject({ status_detail: 'rejected', rejection_reason: 'Image is blurry' });
    const [notice] = await noticesOf(home);
    expect(notice).toMatchObject({
      type: 'banner_ad.rejected',
      data: { rejection_reason: 'Image is blurry' },
    });
    expect((await decide(id, { status: 1 })).statusCode).toBe(422);
  });

  it('refuses a reject without a reason and an unknown status, changing nothing', async () => {
    const user = await signUpUser(ctx);
    const id = await createAd(ctx, user.token, 'user');
    const noReason = await decide(id, { status: 2, rejection_reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.rejection_reason).toEqual([BANNER_MESSAGES.reasonRequired]);
    const unknown = await decide(id, { status: 3 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.status).toEqual([BANNER_MESSAGES.statusInvalid]);
    expect(await statusOf(id)).toBe('pending');
  });

  it('refuses an over-long reason (422) and odd ids (404), deciding nothing', async () => {
    const user = await signUpUser(ctx);
    const id = await createAd(ctx, user.token, 'user');
    const long = await decide(id, { status: 2, rejection_reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('rejection_reason');
    for (const odd of ['abc', '-1', '99999999999999999999']) {
      const decided = await post(ctx, routeUrl(bannerAdRoutes.updateStatus, { id: odd }), {
        payload: { status: 1 },
        headers: bearer(admin.token),
      });
      expect(decided.statusCode, odd).toBe(404);
      expect(
        (await get(ctx, routeUrl(bannerAdRoutes.detail, { id: odd }), admin.token)).statusCode,
        odd,
      ).toBe(404);
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await noticesOf(user)).toEqual([]);
  });

  it('answers 401, 403 and 404 without deciding anything', async () => {
    const user = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);
    const id = await createAd(ctx, user.token, 'user');
    expect(
      (await post(ctx, routeUrl(bannerAdRoutes.updateStatus, { id }), { payload: { status: 1 } })).statusCode,
    ).toBe(401);
    expect((await decide(id, { status: 1 }, user.token)).statusCode).toBe(403);
    expect((await decide(id, { status: 1 }, home.token)).statusCode).toBe(403);
    expect((await decide(999999, { status: 1 })).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('pending');
    expect(await noticesOf(user)).toEqual([]);
  });
});
