/** The back office's banner-ad area (docs/product.md §9.4): its two tabs, their logs and detail pages. */
export const REVIEW_BASE = '/admin/bannerads-subscription-management';

export type ReviewTab = 'approved' | 'pending';

export interface TabInfo {
  tab: ReviewTab;
  /** The tab's name, docs/product.md §9. */
  label: string;
  /** Its value in the URL (`?tab=new-requests`). */
  param: string;
  /** Where a row's View leads. */
  detailPath: (id: number | string) => string;
}

export const TABS: readonly TabInfo[] = [
  {
    tab: 'approved',
    label: 'Approved Ads',
    param: 'approved-ads',
    detailPath: (id) => `${REVIEW_BASE}/approved-ads/${id}`,
  },
  {
    tab: 'pending',
    label: 'New Requests',
    param: 'new-requests',
    detailPath: (id) => `${REVIEW_BASE}/new-request/${id}`,
  },
];

/** The tab the URL names; null when it names none (the page then picks one: `openingTab`). */
export const tabFromParam = (value: string | null): TabInfo | null =>
  TABS.find((info) => info.param === value) ?? null;

/**
 * Opened without a tab, the page opens where the work is: New Requests while any request waits for a
 * decision, Approved Ads otherwise, and when the count cannot be read (docs/product.md §9.3).
 */
export const openingTab = (pending: number | undefined): TabInfo =>
  TABS.find((info) => info.tab === (pending ? 'pending' : 'approved'))!;

const USER_TYPES: Record<string, string> = { user: 'User', 'funeral-home': 'Funeral Home' };
export const userTypeLabel = (type: string) => USER_TYPES[type] ?? type;

/** docs/product.md §13.5, word for word. */
export const REVIEW_TEXTS = {
  approveQuestion: 'Are you sure you want to approve this Ad?',
  approved: 'Banner Ad Request Has Been Approved',
  rejectQuestion: 'Are you sure you want to reject this Ad?',
  reasonTitle: 'Rejection Reason',
  reasonText: 'Please provide a reason for rejection.',
  rejected: 'Banner Ad Request Has Been Rejected',
} as const;
