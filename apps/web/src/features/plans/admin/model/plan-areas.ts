import {
  adminPlanRoutesByKind,
  bannerPlanCreateBody,
  bannerPlanUpdateBody,
  planCreateBody,
  planUpdateBody,
  type PlanKind,
} from '@pw/contracts';

/** Where a screen goes after a plan is saved (docs/product.md §9.3 'Navigation after saving'). */
export type AfterSave = 'plan-list' | 'back';

/** One kind of plan as the back office shows it: its area's path, its words, its form rules. */
export interface PlanArea {
  kind: PlanKind;
  /** The area's path; its plans live under `${base}/plans`. */
  base: string;
  /** "Time Subscription", "Banner Ads"…: headings and page titles. */
  label: string;
  durations: ReadonlyArray<{ value: string; label: string }>;
  afterCreate: AfterSave;
  afterEdit: AfterSave;
}

const DURATIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'life-time', label: 'Life-time' },
] as const;

/** docs/product.md §13.7: the banner form's Weekly option sends '1 week'. */
const BANNER_DURATIONS = [{ value: '1 week', label: 'Weekly' }, ...DURATIONS] as const;

/**
 * The four plan areas. docs/product.md §9.3 names the destination after saving for banner plans (the list, after
 * a success dialog) and funeral-home plans (create: the list; edit: back one step); for time and ad-free
 * plans it is not shown, and they go back to the plan list.
 */
export const PLAN_AREAS: Record<PlanKind, PlanArea> = {
  membership: {
    kind: 'membership',
    base: '/admin/time-subscription-management',
    label: 'Time Subscription',
    durations: DURATIONS,
    afterCreate: 'plan-list',
    afterEdit: 'plan-list',
  },
  'ad-free': {
    kind: 'ad-free',
    base: '/admin/adfree-subscription-management',
    label: 'Ad-Free Subscription',
    durations: DURATIONS,
    afterCreate: 'plan-list',
    afterEdit: 'plan-list',
  },
  'funeral-home': {
    kind: 'funeral-home',
    base: '/admin/funeralhomes-subscription-management',
    label: 'Funeral Homes Subscription',
    durations: DURATIONS,
    afterCreate: 'plan-list',
    afterEdit: 'back',
  },
  'banner-ad': {
    kind: 'banner-ad',
    base: '/admin/bannerads-subscription-management',
    label: 'Banner Ads Subscription',
    durations: BANNER_DURATIONS,
    afterCreate: 'plan-list',
    afterEdit: 'plan-list',
  },
};

export const planListPath = (area: PlanArea) => `${area.base}/plans`;
export const planDetailsPath = (area: PlanArea, id: number | string) => `${area.base}/plans/details/${id}`;

/** The calls of one kind (list, detail, create, update, status), declared once in the contracts. */
export const planCalls = (kind: PlanKind) => adminPlanRoutesByKind[kind];

/** The form's schemas: the contract bodies themselves (banner plans accept '1 week'). */
export const planFormSchemas = (kind: PlanKind) =>
  kind === 'banner-ad'
    ? { create: bannerPlanCreateBody, edit: bannerPlanUpdateBody }
    : { create: planCreateBody, edit: planUpdateBody };

/** The label of a stored duration ('weekly' is the banner's '1 week'). */
export function durationLabel(duration: string) {
  const value = duration === 'weekly' ? '1 week' : duration;
  return BANNER_DURATIONS.find((option) => option.value === value)?.label ?? duration;
}
