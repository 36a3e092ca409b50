import { expect, type APIRequestContext } from '@playwright/test';
import { bannerAdRoutes, type RouteResponse } from '@pw/contracts';
import type { Session } from './accounts';
import { callApi } from './api';
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
