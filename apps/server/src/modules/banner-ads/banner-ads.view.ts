import type { AdminBannerAdDetail, AdminBannerAdRow, BannerAdItem } from '@pw/contracts';
import type { BannerAdSummary } from './banner-ads.repo';

export interface AdImage {
  id: number;
  bannerAdId: number;
  key: string;
}

export interface Requester {
  id: number;
  type: string;
  email: string;
  firstName: string;
  lastName: string;
  homeName: string | null;
}

/** Signs a private media key into an expiring URL (platform/http/signed-url.ts). */
export type SignKey = (key: string) => string;

export interface AdPlan {
  id: number;
  title: string;
  duration: string;
}

/** What an ad's page reads besides its row: its images signed, the plans paid with, the time. */
export interface ItemContext {
  images: AdImage[];
  plans: AdPlan[];
  sign: SignKey;
  now: Date;
}

/** Paid and within its plan's duration (a life-time plan has no end). */
export const isLive = (
  ad: Pick<BannerAdSummary, 'paymentId' | 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
) =>
  ad.paymentId !== null &&
  ad.status === 'approved' &&
  ad.startsAt !== null &&
  ad.startsAt <= now &&
  (ad.endsAt === null || ad.endsAt > now);

/** A funeral home is named by its home, a user by their name (as the other admin lists do). */
export const requesterName = (who: Requester) =>
  who.type === 'funeral-home' && who.homeName ? who.homeName : `${who.firstName} ${who.lastName}`;

/** docs/product.md §13.4: the request as its requester reads it, images at signed URLs. */
export function bannerAdItem(ad: BannerAdSummary, context: ItemContext): BannerAdItem {
  const { images, plans, sign, now } = context;
  const own = images.filter((image) => image.bannerAdId === ad.id);
  const plan = ad.paymentId === null ? undefined : plans.find((item) => item.id === ad.planId);
  const media = own.map((image) => ({ id: image.id, media_link: sign(image.key) }));
  return {
    id: ad.id,
    brand_name: ad.brandName,
    brand_email: ad.brandEmail,
    brand_url: ad.brandUrl,
    images: media.map((item) => item.media_link),
    media,
    status: ad.status,
    status_detail: ad.status,
    rejection_reason: ad.rejectionReason,
    plan: plan ? { id: plan.id, title: plan.title, duration: plan.duration } : null,
    live_from: ad.paymentId === null ? null : (ad.startsAt?.toISOString() ?? null),
    live_until: ad.paymentId === null ? null : (ad.endsAt?.toISOString() ?? null),
    is_live: isLive(ad, now),
    views: ad.views,
    clicks: ad.clicks,
    created_at: ad.createdAt.toISOString(),
  };
}

const unknownRequester = (id: number): Requester => ({
  id,
  type: 'unknown',
  email: '',
  firstName: 'Deleted',
  lastName: 'account',
  homeName: null,
});

const who = (ad: BannerAdSummary, requesters: Requester[]) =>
  requesters.find((item) => item.id === ad.accountId) ?? unknownRequester(ad.accountId);

/** docs/product.md §9 logs row. */
export function adminBannerAdRow(ad: BannerAdSummary, requesters: Requester[]): AdminBannerAdRow {
  const requester = who(ad, requesters);
  return {
    id: ad.id,
    name: requesterName(requester),
    type: requester.type,
    email: requester.email,
    brand_name: ad.brandName,
    brand_email: ad.brandEmail,
    brand_url: ad.brandUrl,
    status: ad.status,
    status_detail: ad.status,
    created_at: ad.createdAt.toISOString(),
  };
}

/** docs/product.md §9 detail. */
export function adminBannerAdDetail(
  ad: BannerAdSummary,
  context: ItemContext,
  requesters: Requester[],
): AdminBannerAdDetail {
  const requester = who(ad, requesters);
  return {
    ...bannerAdItem(ad, context),
    name: requesterName(requester),
    type: requester.type,
    email: requester.email,
    reviewed_at: ad.reviewedAt?.toISOString() ?? null,
  };
}
