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

/** A funeral home is named by its home, a user by their name (as the other admin lists do). */
export const requesterName = (who: Requester) =>
  who.type === 'funeral-home' && who.homeName ? who.homeName : `${who.firstName} ${who.lastName}`;

/** Spec 000 §3: the request as its requester reads it, images at signed URLs. */
export function bannerAdItem(ad: BannerAdSummary, images: AdImage[], sign: SignKey): BannerAdItem {
  const own = images.filter((image) => image.bannerAdId === ad.id);
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
    // Payment and counting are the next slice of issue 12 (banner payment and the slot): until it
    // lands, no request is paid, live or counted.
    plan: null,
    live_from: null,
    live_until: null,
    is_live: false,
    views: 0,
    clicks: 0,
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

/** Spec 001 logs row. */
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

/** Spec 001 detail. */
export function adminBannerAdDetail(
  ad: BannerAdSummary,
  images: AdImage[],
  requesters: Requester[],
  sign: SignKey,
): AdminBannerAdDetail {
  const requester = who(ad, requesters);
  return {
    ...bannerAdItem(ad, images, sign),
    name: requesterName(requester),
    type: requester.type,
    email: requester.email,
    reviewed_at: ad.reviewedAt?.toISOString() ?? null,
  };
}
