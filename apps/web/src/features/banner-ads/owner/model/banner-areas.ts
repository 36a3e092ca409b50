import { bannerAdRoutes, paymentRoutes, planRoutes } from '@pw/contracts';

/** The two roles that run banner ads (docs/product.md §1.2: the role is in the path of every banner call). */
export type BannerRole = 'user' | 'funeral-home';

/** One area's banner screens: where they live and the calls of its role. */
export interface BannerArea {
  role: BannerRole;
  /** '/user/banner-ads' or '/funeral/banner-ads'. */
  base: string;
  calls: (typeof bannerAdRoutes)['user'] | (typeof bannerAdRoutes)['funeralHome'];
  /** docs/product.md §1.2: the logged-in type decides the banner-plan source. */
  plans: typeof planRoutes.userBannerAdPlans | typeof planRoutes.funeralHomeBannerAdPlans;
  pay: typeof paymentRoutes.userPlanPayment | typeof paymentRoutes.funeralHomePlanPayment;
}

export const BANNER_AREAS: Record<BannerRole, BannerArea> = {
  user: {
    role: 'user',
    base: '/user/banner-ads',
    calls: bannerAdRoutes.user,
    plans: planRoutes.userBannerAdPlans,
    pay: paymentRoutes.userPlanPayment,
  },
  'funeral-home': {
    role: 'funeral-home',
    base: '/funeral/banner-ads',
    calls: bannerAdRoutes.funeralHome,
    plans: planRoutes.funeralHomeBannerAdPlans,
    pay: paymentRoutes.funeralHomePlanPayment,
  },
};

export const adPath = (area: BannerArea, id: number | string) => `${area.base}/${id}`;
export const newAdPath = (area: BannerArea) => `${area.base}/new`;
export const adPaymentPath = (area: BannerArea, id: number | string, planId: number) =>
  `${area.base}/${id}/payment?plan=${planId}`;

/** docs/product.md §13.5: the package choice and payment appear only when status_detail is approved (any case). */
export const isApproved = (ad: { status_detail: string }) => ad.status_detail.toLowerCase() === 'approved';

/** An approved ad not yet paid for offers the package choice; a paid one shows its plan instead. */
export const awaitsPayment = (ad: { status_detail: string; plan: unknown }) => isApproved(ad) && !ad.plan;

/** A plan id or ad id in the URL, or null when it is not a whole number. */
export function idFrom(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
