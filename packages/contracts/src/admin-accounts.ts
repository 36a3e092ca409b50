import { z } from 'zod';
import { captionLinks } from './caption-tracks';
import { adminPartingWordsQuery } from './audit';
import { idParams } from './common';
import { listQuery, paginatedResponse } from './lists';
import { planStatusBody } from './plans';
import { defineRoute } from './route';

/**
 * The back office's users and funeral homes (docs/product.md §9.2, §13.4, §13.7): two lists, their details,
 * the status toggle (whose effects are docs/product.md §2.6) and the user's final message.
 */

const adminAccountsTag = 'Admin: users and funeral homes';

/** Lists use the words, details the numbers (docs/product.md §13.4). */
export const accountStatusWords = ['active', 'inactive'] as const;
export type AccountStatusWord = (typeof accountStatusWords)[number];
export const accountStatusWord = (status: number): AccountStatusWord =>
  status === 1 ? 'active' : 'inactive';

/** docs/product.md §13.7 "Status filter: Active=1, Inactive=0". */
const statusFilter = z
  .enum(['0', '1', ''], { error: 'The status must be 0 or 1.' })
  .optional()
  .transform((value) => (value ? (Number(value) as 0 | 1) : undefined));

/** docs/product.md §13.7 "Ad-free filter: subscriber or un-subscriber". */
export const adSubscriptionFilters = ['subscriber', 'un-subscriber'] as const;
/** docs/product.md §13.7 "Time package filter: Yearly, Monthly, un-subscriber" (life-time members too). */
export const timeSubscriptionFilters = ['monthly', 'yearly', 'life-time', 'un-subscriber'] as const;
/** docs/product.md §13.7 "Funeral-home package filter: Monthly, Yearly, unsubscribe" (life-time plans too). */
export const funeralPackageFilters = ['monthly', 'yearly', 'life-time', 'unsubscribe'] as const;

const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values), z.literal('')], { error: `The ${label} must be one of: ${values.join(', ')}.` })
    .optional()
    .transform((value) => (value ? (value as T[number]) : undefined));

export const adminUserSortColumns = ['created_at', 'first_name', 'last_name', 'email', 'status'] as const;

/**
 * `GET /admin/user{query}`: the list kit (search over name and e-mail, from_date/to_date on the
 * registration day, sort, paging) plus `status`, `adSubscription` and `timeSubscription`.
 */
export const adminUserListQuery = listQuery(adminUserSortColumns, 'created_at').safeExtend({
  status: statusFilter,
  adSubscription: optionalEnum(adSubscriptionFilters, 'ad subscription'),
  timeSubscription: optionalEnum(timeSubscriptionFilters, 'time subscription'),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuery>;

/** Who a row of either account list is: the person's names, e-mail and phone. */
const accountPerson = {
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  dialing_code: z.string().nullable(),
  phone: z.string().nullable(),
};

/** What either details answer has beyond its row: the status as 1/0, the address, map link and photo. */
const accountDetailFields = {
  status: z.union([z.literal(0), z.literal(1)]),
  address: z.string().nullable(),
  map_link: z.string().nullable(),
  photo_path: z.string().nullable(),
};

/** A row of the user list (docs/product.md §13.4 User). Subscriptions name the running plan's title, or null. */
export const adminUserItem = z.object({
  id: z.number(),
  ...accountPerson,
  status: z.enum(accountStatusWords),
  created_at: z.string(),
  /** Title of the running ad-free plan, null for an un-subscriber. */
  ad_subscription: z.string().nullable(),
  /** Title of the running membership (time) plan, null for an un-subscriber. */
  time_subscription: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItem>;

/** One purchase of a plan as the details list it ("each with plan.title"). */
export const adminAccountSubscription = z.object({
  id: z.number(),
  /** active (running), cancelled (runs until expiry, no renewal) or expired. */
  status: z.enum(['active', 'cancelled', 'expired']),
  price: z.string(),
  purchase_date: z.string(),
  expiry_date: z.string().nullable(),
  plan: z.object({ id: z.number(), title: z.string(), duration: z.string() }),
});
export type AdminAccountSubscription = z.infer<typeof adminAccountSubscription>;

/** `GET /admin/user/{id}/detail`: the profile, status as 1/0 and every subscription of each kind. */
export const adminUserDetail = adminUserItem.omit({ status: true }).extend({
  ...accountDetailFields,
  /** Whether the user has a final message (the button to it shows 'Not Available' otherwise). */
  has_parting_words: z.boolean(),
  user_time_subscription: z.array(adminAccountSubscription),
  funeral_subscription: z.array(adminAccountSubscription),
  user_ad_subscription: z.array(adminAccountSubscription),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminFuneralHomeSortColumns = ['created_at', 'home_name', 'email', 'status'] as const;

/** `GET /admin/funeral-home{query}`: search over home name, names and e-mail; status; package; dates. */
export const adminFuneralHomeListQuery = listQuery(adminFuneralHomeSortColumns, 'created_at').safeExtend({
  status: statusFilter,
  FilterByPackage: optionalEnum(funeralPackageFilters, 'package'),
});
export type AdminFuneralHomeListQuery = z.output<typeof adminFuneralHomeListQuery>;

/** A row of the funeral-home list: S.No, home name, subscription, email, registration date, status. */
export const adminFuneralHomeItem = z.object({
  id: z.number(),
  home_name: z.string(),
  ...accountPerson,
  /** Title of the running funeral-home plan, null when none runs. */
  subscription: z.string().nullable(),
  status: z.enum(accountStatusWords),
  created_at: z.string(),
});
export type AdminFuneralHomeItem = z.infer<typeof adminFuneralHomeItem>;

/** `GET /admin/funeral-home/{id}/detail`. */
export const adminFuneralHomeDetail = adminFuneralHomeItem.omit({ status: true }).extend({
  ...accountDetailFields,
  funeral_subscription: z.array(adminAccountSubscription),
});
export type AdminFuneralHomeDetail = z.infer<typeof adminFuneralHomeDetail>;

/** The status toggle's answers (docs/product.md §13.5: a success dialog follows, the list refreshes). */
export const USER_ACTIVATED = 'User has been Activated Successfully';
export const USER_DEACTIVATED = 'User has been Deactivated Successfully';
export const FUNERAL_HOME_ACTIVATED = 'Funeral Home has been Activated Successfully';
export const FUNERAL_HOME_DEACTIVATED = 'Funeral Home has been Deactivated Successfully';
export const accountStatusResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), status: z.union([z.literal(0), z.literal(1)]) }),
});

/**
 * `GET /admin/video/{id}/parting-words?reason=…` (id: the user's): their final message, or null. The read
 * is recorded with the reason and the owner is told (docs/product.md §11.10).
 */
export const adminPartingWords = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** Signed, expiring URLs (null until the video is ready). */
  video_link: z.string().nullable(),
  video_thumbnail: z.string().nullable(),
  /** Its accepted caption tracks, at signed URLs like the video's. */
  captions: captionLinks,
  duration: z.string().nullable(),
  search_code: z.string(),
  is_private: z.union([z.literal(0), z.literal(1)]),
  creator: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
});
export type AdminPartingWords = z.infer<typeof adminPartingWords>;
export const adminPartingWordsResponse = z.object({ data: adminPartingWords.nullable() });

/** The calls of the back office's account management (decision 0127). */
export const adminAccountRoutes = {
  users: defineRoute({
    method: 'GET',
    path: '/admin/user',
    tag: adminAccountsTag,
    summary: 'Users: search, status, adSubscription, timeSubscription, registration dates, sort, paged',
    access: ['admin'],
    query: adminUserListQuery,
    response: paginatedResponse(adminUserItem),
  }),
  userDetail: defineRoute({
    method: 'GET',
    path: '/admin/user/:id/detail',
    tag: adminAccountsTag,
    summary: "One user's profile with their subscriptions of each kind",
    access: ['admin'],
    params: idParams,
    response: z.object({ data: adminUserDetail }),
  }),
  userStatus: defineRoute({
    method: 'POST',
    path: '/admin/user/:id/status',
    tag: adminAccountsTag,
    summary: 'Activate (1) or deactivate (0) a user: sessions, deliveries, public videos, ads, media',
    access: ['admin'],
    params: idParams,
    body: planStatusBody,
    response: accountStatusResponse,
  }),
  partingWords: defineRoute({
    method: 'GET',
    path: '/admin/video/:id/parting-words',
    tag: adminAccountsTag,
    summary:
      "A user's final message (id: the user's), null when they have none; `reason` required, recorded and told to the owner",
    access: ['admin'],
    params: idParams,
    query: adminPartingWordsQuery,
    response: adminPartingWordsResponse,
  }),
  funeralHomes: defineRoute({
    method: 'GET',
    path: '/admin/funeral-home',
    tag: adminAccountsTag,
    summary: 'Funeral homes: search, status, FilterByPackage, registration dates, sort, paged',
    access: ['admin'],
    query: adminFuneralHomeListQuery,
    response: paginatedResponse(adminFuneralHomeItem),
  }),
  funeralHomeDetail: defineRoute({
    method: 'GET',
    path: '/admin/funeral-home/:id/detail',
    tag: adminAccountsTag,
    summary: "One funeral home's profile with its funeral-home plans",
    access: ['admin'],
    params: idParams,
    response: z.object({ data: adminFuneralHomeDetail }),
  }),
  funeralHomeStatus: defineRoute({
    method: 'POST',
    path: '/admin/funeral-home/:id/status',
    tag: adminAccountsTag,
    summary: 'Activate (1) or deactivate (0) a funeral home: as for users, and it leaves the directory',
    access: ['admin'],
    params: idParams,
    body: planStatusBody,
    response: accountStatusResponse,
  }),
};
