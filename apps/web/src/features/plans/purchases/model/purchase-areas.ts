import type { SubscriptionLogKind } from '@pw/contracts';

/** The optional columns of a purchase log: docs/product.md §9.6 names which log shows which. */
export type LogColumn = 'plan' | 'expiry';

/** One purchase log as the back office shows it (docs/product.md §9.6). */
export interface PurchaseArea {
  kind: SubscriptionLogKind;
  /** The log's path; its plans are under `${base}/plans` (the admin-plans screens). */
  base: string;
  /** Heading and page title, as the sidebar names the area. */
  label: string;
  /** docs/product.md §9.6 wording of the header cells that differ between the logs. */
  headers: { serial: string; name: string; email: string };
  columns: readonly LogColumn[];
}

/**
 * Time and funeral-home logs show the plan and its expiry and filter on both dates; the ad-free log
 * shows neither (docs/product.md §9.6: 'Date filter on purchase date').
 */
export const PURCHASE_AREAS: Record<SubscriptionLogKind, PurchaseArea> = {
  membership: {
    kind: 'membership',
    base: '/admin/time-subscription-management',
    label: 'Time Subscription',
    headers: { serial: 'S.No.', name: 'Full Name', email: 'Email Address' },
    columns: ['plan', 'expiry'],
  },
  'ad-free': {
    kind: 'ad-free',
    base: '/admin/adfree-subscription-management',
    label: 'Ad-Free Subscription',
    headers: { serial: 'S.No.', name: 'Full Name', email: 'Email Address' },
    columns: [],
  },
  'funeral-home': {
    kind: 'funeral-home',
    base: '/admin/funeralhomes-subscription-management',
    label: 'Funeral Homes Subscription',
    headers: { serial: 'S.No', name: 'Funeral Home Name', email: 'Email' },
    columns: ['plan', 'expiry'],
  },
};

export const managePlansPath = (area: PurchaseArea) => `${area.base}/plans`;

/** docs/product.md §13.7: 'Active=1, Inactive=0 (Expired for one list)': a purchase is Active or Expired. */
export const LOG_STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Expired' },
] as const;

/** The payment log's user types (GET /admin/payment `user_type`). */
export const USER_TYPE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'funeral-home', label: 'Funeral Home' },
] as const;

export const userTypeLabel = (type: string) =>
  USER_TYPE_OPTIONS.find((option) => option.value === type)?.label ??
  (type === 'admin' ? 'Admin' : type === 'deleted' ? 'Deleted account' : type);
