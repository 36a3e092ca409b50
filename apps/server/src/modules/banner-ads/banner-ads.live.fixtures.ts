import { eq } from 'drizzle-orm';
import { paymentRoutes, bannerAdRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import { bearer, post, type SignedIn } from '../accounts/accounts.fixtures';
import { CARD } from '../payments/payments.fixtures';
import { payments } from '../payments/payments.schema';
import { createAd, type Role } from './banner-ads.fixtures';

export const roleOf = (who: SignedIn): Role => (who.user.type === 'funeral-home' ? 'funeral-home' : 'user');

/** POST /web/{role}/plan/{id}/payment, with a banner ad id and headers when given. */
export function payBanner(
  ctx: TestContext,
  who: SignedIn | undefined,
  planId: number | string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  role: Role = who ? roleOf(who) : 'user',
) {
  const route =
    role === 'funeral-home' ? paymentRoutes.funeralHomePlanPayment : paymentRoutes.userPlanPayment;
  return ctx.app.inject({
    method: 'POST',
    url: routeUrl(route, { id: planId }),
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    payload: { ...CARD, ...body },
  });
}

/** An approved request of `who`, sent and approved through the real calls. */
export async function approvedAd(ctx: TestContext, who: SignedIn, admin: SignedIn, brand = 'Evergreen') {
  const id = await createAd(ctx, who.token, roleOf(who), {
    brand_name: brand,
    brand_email: 'ads@evergreen.example',
    brand_url: `https://${brand.toLowerCase().replace(/\W/g, '')}.example/landing`,
  });
  const decided = await post(ctx, routeUrl(bannerAdRoutes.updateStatus, { id }), {
    payload: { status: 1 },
    headers: bearer(admin.token),
  });
  if (decided.statusCode !== 200) throw new Error(`approve: ${decided.statusCode} ${decided.body}`);
  return id;
}

/** An approved request, paid with the plan: a live ad. */
export async function liveAd(
  ctx: TestContext,
  who: SignedIn,
  admin: SignedIn,
  planId: number,
  brand?: string,
) {
  const id = await approvedAd(ctx, who, admin, brand);
  const paid = await payBanner(ctx, who, planId, { banner_ad_id: id });
  if (paid.statusCode !== 200) throw new Error(`banner payment: ${paid.statusCode} ${paid.body}`);
  return id;
}

export const paymentsOf = (ctx: TestContext, accountId: number) =>
  ctx.deps.db.select().from(payments).where(eq(payments.accountId, accountId));
