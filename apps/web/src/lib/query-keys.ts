import type {
  AccountType,
  NotificationStatus,
  PlanKind,
  SubscriptionLogKind,
  VideoFolder,
} from '@pw/contracts';

/**
 * Every TanStack Query key of the web app, in one place, so a mutation in one feature can refresh what
 * another feature shows without importing it (features never import each other). Keys are nested:
 * invalidating a prefix (`videoKeys.all`) refreshes everything under it.
 */

/** Every video query sits under ['videos']: the library folders and the reel's feed alike. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (folder: VideoFolder) => ['videos', 'list', folder] as const,
  feed: () => ['videos', 'feed'] as const,
  /** Who holds access to one of the owner's videos (homes and people it was granted to). */
  grants: (id: number) => ['videos', 'grants', id] as const,
  /** The caption tracks of one of the owner's videos, each with its cues. */
  captions: (id: number) => ['videos', 'captions', id] as const,
};

/** A video found by its search code or access code (find pages). */
export const foundVideoKeys = {
  one: (kind: 'search' | 'access', code: string) => ['found-video', kind, code] as const,
};

/** Every notification query lives under ['notifications'] so one call can refresh them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: () => ['notifications', 'bell'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (status: NotificationStatus) => ['notifications', 'list', status] as const,
};

/** The admin's queries screens. */
export const adminQueryKeys = {
  all: ['admin-queries'] as const,
  list: (params: Record<string, string | number>) => ['admin-queries', 'list', params] as const,
  detail: (id: string) => ['admin-queries', 'detail', id] as const,
};

/** The admin's list of reported passings and releases (docs/product.md §6). */
export const adminLegacyKeys = {
  all: ['admin-legacy'] as const,
  list: (params: Record<string, string | number>) => ['admin-legacy', 'list', params] as const,
};

/** The admin's plan screens, per kind, and the per-minute rate with its history. */
export const adminPlanKeys = {
  kind: (kind: PlanKind) => ['admin-plans', kind] as const,
  list: (kind: PlanKind, params: Record<string, string | number>) =>
    ['admin-plans', kind, 'list', params] as const,
  detail: (kind: PlanKind, id: string) => ['admin-plans', kind, 'detail', id] as const,
  rate: () => ['admin-plans', 'one-time-rate'] as const,
  rateHistory: (params: Record<string, string | number>) => ['admin-plans', 'one-time-rate', params] as const,
};

/** The admin's purchase logs (per subscription kind) and the payment log with its categories. */
export const adminPurchaseKeys = {
  all: ['admin-purchases'] as const,
  log: (kind: SubscriptionLogKind, params: Record<string, string | number>) =>
    ['admin-purchases', 'log', kind, params] as const,
  payments: (params: Record<string, string | number>) => ['admin-purchases', 'payments', params] as const,
  categories: () => ['admin-purchases', 'categories'] as const,
};

/** The signed-in account's profile, per role (the profile calls differ by role). */
export const profileKeys = {
  one: (role: AccountType) => ['profile', role] as const,
};

/** The owner's latest data export (the profile page's 'Download my data'). */
export const accountExportKeys = {
  latest: (role: AccountType) => ['account-export', role, 'latest'] as const,
};

/** What a user or funeral home can buy, and the user's own payment history (the subscription logs). */
export const planKeys = {
  home: () => ['plans', 'home'] as const,
  funeralHome: () => ['plans', 'funeral-home'] as const,
  /** Everything a user can buy, with the per-minute rate of extra video time. */
  userOffer: () => ['plans', 'user-offer'] as const,
  /** Extra time bought and not used by a video yet. */
  unusedExtraTime: () => ['plans', 'unused-extra-time'] as const,
  history: () => ['plans', 'history'] as const,
  historyList: (params: Record<string, string | number>) => ['plans', 'history', params] as const,
};

/** The funeral home's own payments (its subscription history). */
export const funeralSubscriptionKeys = {
  history: () => ['funeral-subscription', 'history'] as const,
};

/** A recipient's private delivery link. */
export const watchKeys = {
  one: (token: string) => ['watch', token] as const,
};

/**
 * The text of one caption track's file, read by its signed address (the watch page's transcript). The
 * owner's own list is `videoKeys.captions`.
 */
export const captionKeys = {
  all: ['captions'] as const,
  text: (url: string) => ['captions', 'text', url] as const,
};

/** A requester's own banner ads (per role: the calls differ by role), and the banner plans on offer. */
export const bannerAdKeys = {
  all: (role: AccountType) => ['banner-ads', role] as const,
  list: (role: AccountType, params: Record<string, string | number>) =>
    ['banner-ads', role, 'list', params] as const,
  detail: (role: AccountType, id: string) => ['banner-ads', role, 'detail', id] as const,
  plans: (role: AccountType) => ['banner-ads', role, 'plans'] as const,
  /** The ad the banner slot shows on one page (a view is counted per page shown). */
  slot: (role: AccountType, page: string) => ['banner-slot', role, page] as const,
};

/** The admin's banner ad review: the two logs and one request. */
export const adminBannerAdKeys = {
  all: ['admin-banner-ads'] as const,
  log: (tab: 'approved' | 'pending', params: Record<string, string | number>) =>
    ['admin-banner-ads', 'log', tab, params] as const,
  detail: (id: string) => ['admin-banner-ads', 'detail', id] as const,
};

/** The user's side of docs/product.md §8: the funeral-home directory and each home's offer (types, locations). */
export const funeralDirectoryKeys = {
  homes: () => ['funeral-directory', 'homes'] as const,
  options: (kind: 'services' | 'locations', homeId: number) => ['funeral-directory', kind, homeId] as const,
};

/** The funeral home's user requests: the list, one request, and its video (signed, expiring URLs). */
export const funeralRequestKeys = {
  all: ['funeral-requests'] as const,
  list: (params: Record<string, string | number>) => ['funeral-requests', 'list', params] as const,
  detail: (id: string) => ['funeral-requests', 'detail', id] as const,
  video: (id: string) => ['funeral-requests', 'video', id] as const,
};

/** The admin's dashboard: its counts and its two charts (per range). */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  counts: () => ['admin-dashboard', 'counts'] as const,
  subscription: (range: Record<string, string>) => ['admin-dashboard', 'subscription', range] as const,
  userChart: (range: Record<string, string>) => ['admin-dashboard', 'user-chart', range] as const,
};

/** The admin's users and funeral homes: each list, one account's details, a user's final message. */
export const adminAccountKeys = {
  all: ['admin-accounts'] as const,
  kind: (kind: 'users' | 'funeral-homes') => ['admin-accounts', kind] as const,
  list: (kind: 'users' | 'funeral-homes', params: Record<string, string | number>) =>
    ['admin-accounts', kind, 'list', params] as const,
  detail: (kind: 'users' | 'funeral-homes', id: string) => ['admin-accounts', kind, 'detail', id] as const,
  /** One opening of the sealed message: each stated reason is its own read (docs/product.md §11.10). */
  partingWords: (userId: string, opening: number) =>
    ['admin-accounts', 'users', 'parting-words', userId, opening] as const,
};

/** The owner's release settings (docs/product.md §6): the profile's card and the user area's report alert share it. */
export const legacySettingsKeys = {
  one: () => ['legacy-settings'] as const,
};

/** The memorial page (docs/product.md §6.9): the owner's choice, a public page by its address, a moderator's view. */
export const memorialKeys = {
  settings: () => ['memorial', 'settings'] as const,
  page: (slug: string) => ['memorial', 'page', slug] as const,
  contact: (token: string) => ['memorial', 'contact', token] as const,
  homeList: () => ['memorial', 'home'] as const,
  home: (slug: string) => ['memorial', 'home', slug] as const,
  admin: () => ['memorial', 'admin'] as const,
  adminList: (params: object) => ['memorial', 'admin', 'list', params] as const,
  adminReported: () => ['memorial', 'admin', 'reported'] as const,
};

/** The pages of the legacy release's e-mailed links, by their token (a trusted contact's, the owner's). */
export const legacyLinkKeys = {
  contact: (token: string) => ['legacy-link', 'contact', token] as const,
  alive: (token: string) => ['legacy-link', 'alive', token] as const,
};

/**
 * The privacy policy's version: the public pages', the signed-in notice, the admin's count
 * (docs/product.md §11.7).
 */
export const policyKeys = {
  all: ['policy'] as const,
  current: () => ['policy', 'current'] as const,
  notice: () => ['policy', 'notice'] as const,
  acknowledgements: () => ['policy', 'acknowledgements'] as const,
};

/** The public pages' settings from the server (the privacy policy's retention periods). */
export const siteKeys = {
  retention: () => ['site', 'retention'] as const,
};

/** The owner's list of administrators' reads of their data (docs/product.md §11.10). */
export const adminReadKeys = {
  all: ['admin-reads'] as const,
  list: (params: Record<string, string | number>) => ['admin-reads', 'list', params] as const,
};

/** What a yearly address check's 'Still right' link asks about (its page, without an account). */
export const addressCheckKeys = {
  details: (token: string) => ['address-check', token] as const,
};
