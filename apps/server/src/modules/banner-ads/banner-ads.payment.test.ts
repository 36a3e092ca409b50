import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_LIVE_MESSAGE,
  BANNER_AD_REQUIRED_MESSAGE,
  BANNER_MESSAGES,
  notificationRoutes,
  paymentRoutes,
  bannerAdRoutes,
  routeUrl,
} from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import {
  bearer,
  get,
  post,
  signUpFuneralHome,
  signUpUser,
  openAdminContext,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { planIds } from '../payments/payments.fixtures';
import type { SandboxPaymentProvider } from '../../platform/payments/sandbox';
import { bannerRoutesOf, createAd } from './banner-ads.fixtures';
import { approvedAd, payBanner, paymentsOf } from './banner-ads.live.fixtures';

let ctx: TestContext;
let admin: SignedIn;
let plan: Record<string, number>;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  ({ ctx, admin } = await openAdminContext());
  plan = await planIds(ctx);
});
afterAll(() => ctx.close());

const charges = () => (ctx.deps.payments as SandboxPaymentProvider).charges().length;
const own = async (who: SignedIn, id: number) =>
  get(ctx, routeUrl(bannerRoutesOf(String(who.user.type)).detail, { id }), who.token);
const noticesOf = async (who: SignedIn) =>
  (await get(ctx, routeUrl(notificationRoutes.list), who.token)).json().data as Array<{
    type: string;
    data: Record<string, unknown>;
  }>;

describe('paying a banner plan for an approved request', () => {
  it('charges once and puts the ad live at once for the plan, telling the requester', async () => {
    const user = await signUpUser(ctx);
    const id = await approvedAd(ctx, user, admin, 'Evergreen Flowers');
    const before = charges();
    const response = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Payment Successfully Made!',
      data: { amount: '9.99' },
    });
    expect(charges()).toBe(before + 1);

    const ad = (await own(user, id)).json().data;
    const now = ctx.clock.now().getTime();
    expect(ad).toMatchObject({
      plan: { id: plan['Banner Ad Week'], title: 'Banner Ad Week', duration: 'weekly' },
      is_live: true,
      views: 0,
      clicks: 0,
    });
    expect(Date.parse(ad.live_from)).toBe(now);
    expect(Date.parse(ad.live_until)).toBe(now + 7 * DAY);

    const notices = await noticesOf(user);
    expect(notices.map((n) => n.type).sort()).toEqual([
      'banner_ad.approved',
      'banner_ad.live',
      'payment.made',
    ]);
    expect(notices.find((n) => n.type === 'banner_ad.live')).toMatchObject({
      data: { title: AD_LIVE_MESSAGE, banner_ad_id: id, link: `/user/banner-ads/${id}` },
    });

    // The admin's payment log files it under the Banner Ad category (id 4), its own history too.
    const log = await get(ctx, `${routeUrl(paymentRoutes.adminLog)}?subscription_type=4`, admin.token);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toEqual([
      expect.objectContaining({
        email: user.email,
        subscription_type: 'Banner Ad',
        plan_name: 'Banner Ad Week',
      }),
    ]);
    const mine = (await get(ctx, routeUrl(paymentRoutes.userHistory), user.token)).json().data;
    expect(mine[0]).toMatchObject({
      status_detail: 'Active',
      expiry_date: ad.live_until,
      payable: { plan_category: { id: 4, title: 'Banner Ad' } },
    });
  });

  it('lets a funeral home pay for its own request; a life-time plan has no end', async () => {
    const home = await signUpFuneralHome(ctx);
    const id = await approvedAd(ctx, home, admin, 'Chapel Flowers');
    const response = await payBanner(ctx, home, plan['Banner Ad Life-time']!, { banner_ad_id: String(id) });
    expect(response.statusCode, response.body).toBe(200);
    const ad = (await own(home, id)).json().data;
    expect(ad).toMatchObject({ is_live: true, live_until: null, plan: { duration: 'life-time' } });
    const admins = (await get(ctx, routeUrl(bannerAdRoutes.detail, { id }), admin.token)).json().data;
    expect(admins).toMatchObject({
      is_live: true,
      views: 0,
      clicks: 0,
      plan: { title: 'Banner Ad Life-time' },
    });
  });

  it('needs banner_ad_id for a banner plan, and refuses it with another plan, charging nothing', async () => {
    const user = await signUpUser(ctx);
    const id = await approvedAd(ctx, user, admin);
    const before = charges();
    const missing = await payBanner(ctx, user, plan['Banner Ad Month']!, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.banner_ad_id).toEqual([BANNER_AD_REQUIRED_MESSAGE]);
    const notBanner = await payBanner(ctx, user, plan['Ad-Free Monthly']!, { banner_ad_id: id });
    expect(notBanner.statusCode).toBe(422);
    expect(notBanner.json().errors.banner_ad_id).toEqual([BANNER_MESSAGES.notBannerPlan]);
    expect(charges()).toBe(before);
    expect(await paymentsOf(ctx, user.id)).toEqual([]);
    expect((await own(user, id)).json().data).toMatchObject({ is_live: false, plan: null, live_from: null });
  });

  it.each([
    ['text', 'abc'],
    ['zero', 0],
    ['negative', -5],
    ['a fraction', 1.5],
    ['past the largest id', 2_147_483_648],
    ['a huge number', '9'.repeat(400)],
  ])('refuses a banner_ad_id that is %s (422, nothing charged)', async (_name, value) => {
    const user = await signUpUser(ctx);
    const before = charges();
    const response = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('banner_ad_id');
    expect(charges()).toBe(before);
  });

  it("answers 404 for another account's request, or none, charging nothing and changing nothing", async () => {
    const owner = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const id = await approvedAd(ctx, owner, admin);
    const before = charges();
    for (const target of [id, 2_147_483_647]) {
      const response = await payBanner(ctx, stranger, plan['Banner Ad Week']!, { banner_ad_id: target });
      expect(response.statusCode).toBe(404);
    }
    expect(charges()).toBe(before);
    expect(await paymentsOf(ctx, stranger.id)).toEqual([]);
    expect((await own(owner, id)).json().data.is_live).toBe(false);
    expect(await noticesOf(stranger)).toEqual([]);
  });

  it('refuses a pending and a rejected request, saying why', async () => {
    const user = await signUpUser(ctx);
    const pending = await createAd(ctx, user.token, 'user');
    const rejected = await createAd(ctx, user.token, 'user');
    await post(ctx, routeUrl(bannerAdRoutes.updateStatus, { id: rejected }), {
      payload: { status: 2, rejection_reason: 'Blurry' },
      headers: bearer(admin.token),
    });
    const before = charges();
    const waiting = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: pending });
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().errors.banner_ad_id).toEqual([BANNER_MESSAGES.notApproved]);
    const refused = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: rejected });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.banner_ad_id).toEqual([BANNER_MESSAGES.rejectedNotPayable]);
    expect(charges()).toBe(before);
  });

  it('a retry with the same Idempotency-Key answers the first payment; a new one is refused as paid', async () => {
    const user = await signUpUser(ctx);
    const id = await approvedAd(ctx, user, admin);
    const key = { 'idempotency-key': 'banner-retry-1' };
    const first = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = charges();
    const retry = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    // Another purchase (a new key, or after the double-click window) for the same ad: already paid.
    ctx.clock.advance(60_000);
    const again = await payBanner(
      ctx,
      user,
      plan['Banner Ad Month']!,
      { banner_ad_id: id },
      {
        'idempotency-key': 'banner-retry-2',
      },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.banner_ad_id).toEqual([BANNER_MESSAGES.alreadyPaid]);
    expect(charges()).toBe(before);
    expect(await paymentsOf(ctx, user.id)).toHaveLength(1);
    expect((await noticesOf(user)).filter((n) => n.type === 'banner_ad.live')).toHaveLength(1);
  });

  it('a double click (no key, at once) charges once and answers the same payment', async () => {
    const user = await signUpUser(ctx);
    const id = await approvedAd(ctx, user, admin);
    const before = charges();
    const [a, b] = await Promise.all([
      payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id }),
      payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(charges()).toBe(before + 1);
    // Two requests for two different ads of one account are two purchases.
    const second = await approvedAd(ctx, user, admin, 'Second Brand');
    expect((await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: second })).statusCode).toBe(
      200,
    );
    expect(await paymentsOf(ctx, user.id)).toHaveLength(2);
  });

  it('a crash after the charge, before the ad is live, leaves no payment and no live ad', async () => {
    const user = await signUpUser(ctx);
    const id = await approvedAd(ctx, user, admin);
    const notify = ctx.deps.notifications.notifyMany;
    // The receipt is written after the ad goes live, in the same transaction: failing it is a crash there.
    ctx.deps.notifications.notifyMany = async () => {
      throw new Error('crash');
    };
    try {
      const response = await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id });
      expect(response.statusCode).toBe(500);
    } finally {
      ctx.deps.notifications.notifyMany = notify;
    }
    expect(await paymentsOf(ctx, user.id)).toEqual([]);
    expect((await own(user, id)).json().data).toMatchObject({ is_live: false, live_from: null, plan: null });
    // And it can be paid afterwards.
    ctx.clock.advance(60_000);
    expect((await payBanner(ctx, user, plan['Banner Ad Week']!, { banner_ad_id: id })).statusCode).toBe(200);
    expect((await own(user, id)).json().data.is_live).toBe(true);
  });

  it('answers 401 without a credential and 403 to the wrong role', async () => {
    const user = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);
    const id = await approvedAd(ctx, user, admin);
    expect((await payBanner(ctx, undefined, plan['Banner Ad Week']!, { banner_ad_id: id })).statusCode).toBe(
      401,
    );
    const wrongRole = await payBanner(ctx, home, plan['Banner Ad Week']!, { banner_ad_id: id }, {}, 'user');
    expect(wrongRole.statusCode).toBe(403);
    const adminCall = await payBanner(ctx, admin, plan['Banner Ad Week']!, { banner_ad_id: id }, {}, 'user');
    expect(adminCall.statusCode).toBe(403);
    // The home paying through its own path for the user's request: not found.
    const homePath = await payBanner(ctx, home, plan['Banner Ad Week']!, { banner_ad_id: id });
    expect(homePath.statusCode).toBe(404);
    expect((await own(user, id)).json().data.is_live).toBe(false);
  });
});
