import { AD_LIVE_MESSAGE, BANNER_MESSAGES, longDateIn, notificationKinds } from '@pw/contracts';
import type { NotifyInput } from '../notifications';

/** The requester's page of one request (docs/product.md §13.3 screens: /user/banner-ads/{id}, /funeral/…). */
const adPage = (type: string, id: number) =>
  `${type === 'funeral-home' ? '/funeral' : '/user'}/banner-ads/${id}`;

/** Every text the banner-ads module sends. */
export const bannerAdNotices = {
  /** To every admin: a request waits in New Requests. */
  newRequest(ad: { id: number; brandName: string }, requesterName: string): NotifyInput {
    return {
      kind: notificationKinds.newBannerAd,
      title: BANNER_MESSAGES.newRequest,
      body: `${requesterName} asked to run a banner ad for ${ad.brandName}.`,
      data: { banner_ad_id: ad.id, link: `/admin/bannerads-subscription-management/new-request/${ad.id}` },
    };
  },

  /** To the requester: approved, the package choice and payment are open; the link leads to them. */
  approved(ad: { id: number; brandName: string }, requesterType: string): NotifyInput {
    return {
      kind: notificationKinds.bannerAdApproved,
      title: 'Banner ad approved',
      body: `Your banner ad request for ${ad.brandName} was approved. Choose a package to put it live.`,
      data: {
        banner_ad_id: ad.id,
        link: `${adPage(requesterType, ad.id)}/payment`,
        link_label: 'Choose a package and pay',
      },
      email: true,
    };
  },

  /** To the requester: rejected, with the admin's reason. */
  rejected(ad: { id: number; brandName: string }, requesterType: string, reason: string): NotifyInput {
    return {
      kind: notificationKinds.bannerAdRejected,
      title: 'Banner ad rejected',
      body: `Your banner ad request for ${ad.brandName} was rejected. Reason: ${reason}`,
      data: { banner_ad_id: ad.id, rejection_reason: reason, link: adPage(requesterType, ad.id) },
      email: true,
    };
  },

  /** To the requester: paid, the ad runs now until its plan ends. */
  live(ad: { id: number; brandName: string; endsAt: Date | null }, requesterType: string): NotifyInput {
    const until = ad.endsAt ? ` until ${longDateIn(ad.endsAt, 'UTC')}` : '';
    return {
      kind: notificationKinds.bannerAdLive,
      title: AD_LIVE_MESSAGE,
      body: `Your banner ad for ${ad.brandName} is live${until}.`,
      data: {
        banner_ad_id: ad.id,
        live_until: ad.endsAt?.toISOString() ?? null,
        link: adPage(requesterType, ad.id),
      },
      email: true,
    };
  },
};
