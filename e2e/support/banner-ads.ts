import { expect, type APIRequestContext } from '@playwright/test';
import {
  bannerAdRoutes,
  paymentRoutes,
  planRoutes,
  type PlanSummary,
  type RouteResponse,
} from '@pw/contracts';
import type { Session } from './accounts';
import { callApi } from './api';
import { GOOD_CARD } from './payments';
import { tinyPng } from '../tests/support';

export type BannerRole = 'user' | 'funeral-home';
const CALLS = { user: bannerAdRoutes.user, 'funeral-home': bannerAdRoutes.funeralHome } as const;

export type BannerAd = RouteResponse<typeof bannerAdRoutes.user.detail>['data'];

/** A banner ad request sent through the API (one small PNG), as the form sends it; the stored request. */
export async function sendBannerAd(
  request: APIRequestContext,
  requester: Session,
  role: BannerRole,
  brand = 'Evergreen Flowers',
): Promise<BannerAd> {
  const response = await callApi(request, CALLS[role].create, {
    token: requester.token,
    multipart: {
      brand_name: brand,
      brand_email: 'ads@evergreen.example',
      brand_url: 'www.evergreen.example/flowers',
      images: { name: 'ad.png', mimeType: 'image/png', buffer: tinyPng },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: BannerAd }).data;
}

/** The admin's decision through the API: 1 approves, 2 rejects with a reason. */
export async function decideBannerAd(
  request: APIRequestContext,
  admin: Session,
  id: number,
  decision: { status: 1 } | { status: 2; rejection_reason: string },
) {
  const response = await callApi(request, bannerAdRoutes.updateStatus, {
    token: admin.token,
    params: { id },
    body: decision,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const PLANS = {
  user: planRoutes.userBannerAdPlans,
  'funeral-home': planRoutes.funeralHomeBannerAdPlans,
} as const;
const PAY = {
  user: paymentRoutes.userPlanPayment,
  'funeral-home': paymentRoutes.funeralHomePlanPayment,
} as const;

/** The first banner plan on offer to the requester's role (docs/product.md §1.2: the role decides the source). */
export async function firstBannerPlan(
  request: APIRequestContext,
  requester: Session,
  role: BannerRole,
): Promise<PlanSummary> {
  const response = await callApi(request, PLANS[role], { token: requester.token });
  expect(response.status()).toBe(200);
  const plan = ((await response.json()) as RouteResponse<(typeof PLANS)[BannerRole]>).data[0];
  expect(plan, 'an active banner plan').toBeDefined();
  return plan!;
}

/** Pays the first banner plan for an approved request through the API (card 4242…): the ad goes live. */
export async function payBannerAd(
  request: APIRequestContext,
  requester: Session,
  role: BannerRole,
  id: number,
) {
  const plan = await firstBannerPlan(request, requester, role);
  const response = await callApi(request, PAY[role], {
    token: requester.token,
    params: { id: plan.id },
    body: { ...GOOD_CARD, banner_ad_id: id },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A request as the requester reads it (views and clicks included). */
export async function readBannerAd(
  request: APIRequestContext,
  requester: Session,
  role: BannerRole,
  id: number,
) {
  const response = await callApi(request, CALLS[role].detail, { token: requester.token, params: { id } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: BannerAd }).data;
}
