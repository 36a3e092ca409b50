import { z } from 'zod';
import { idParams, requiredMessage, requiredText } from './common';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';

/** The admin's plan calls answer with these; the web shows them, or the same when an answer has none. */
export const PLAN_MESSAGES = {
  created: 'Subscription Plan Created Successfully.',
  updated: 'Subscription Plan Updated Successfully.',
  activated: 'Subscription Plan has been Activated Successfully.',
  deactivated: 'Subscription Plan has been Deactivated Successfully.',
  rateUpdated: 'Updated',
} as const;

/**
 * Plans (docs/product.md §7, §13.4, §13.6, §13.7). Prices are exact money: sent as a number or a
 * numeric text with at most two decimals, answered as text with two decimals ("4.99"), kept as whole
 * cents (decision 0150).
 */

/** The four kinds of plan kept in the plans table (the one-time rate is its own history, 0150). */
export const planKinds = ['membership', 'ad-free', 'funeral-home', 'banner-ad'] as const;
export type PlanKind = (typeof planKinds)[number];

/** docs/product.md §13.7: membership, ad-free and funeral-home plans last a month, a year or a life-time. */
export const planDurations = ['monthly', 'yearly', 'life-time'] as const;
/** Banner plans also run for a week (docs/product.md §13.4: sent as '1 week'; it is kept and answered as 'weekly'). */
export const bannerPlanDurations = ['weekly', ...planDurations] as const;
export type PlanDuration = (typeof bannerPlanDurations)[number];

/**
 * The plan categories (docs/product.md §13.4 'Plan category'): one per kind, with a fixed id. A user's home plans
 * page lists the categories a user buys (membership, ad-free); the payment logs will filter by them.
 */
export const planCategories = [
  {
    id: 1,
    kind: 'membership',
    title: 'Membership',
    description: 'Keep and schedule as many messages as you like for as long as your membership lasts.',
  },
  {
    id: 2,
    kind: 'ad-free',
    title: 'Ad-Free',
    description: 'Use Parting Words without banner ads.',
  },
  {
    id: 3,
    kind: 'funeral-home',
    title: 'Funeral Home',
    description: 'Be listed for families and publish the messages they share with you.',
  },
  {
    id: 4,
    kind: 'banner-ad',
    title: 'Banner Ad',
    description: 'Run an approved banner ad for the length of the plan.',
  },
] as const satisfies ReadonlyArray<{ id: number; kind: PlanKind; title: string; description: string }>;

/** The kinds a user chooses from on the home plans page, in the order shown. */
export const userHomePlanKinds = ['membership', 'ad-free'] as const satisfies readonly PlanKind[];

/** Money in, as the forms send it: a number or numeric text, at most 2 decimals, 0.01 to 999999.99. */
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
/**
 * A price below zero is told so in words, with the range it must be in (docs/product.md §12): 'must be a
 * number' would send the admin looking for a typo in '-5'.
 */
export const negativeMoneyMessage = (label: string) =>
  `The ${label} cannot be negative: it must be 0.01 or more (up to 999999.99).`;
export const moneyField = (label: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage(label)
          : `The ${label} must be a number.`,
    })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => value !== '', { error: requiredMessage(label), abort: true })
    .refine((value) => !/^-\s*\d*\.?\d+$/.test(value), { error: negativeMoneyMessage(label), abort: true })
    .refine((value) => /^\d+(\.\d+)?$/.test(value), { error: `The ${label} must be a number.`, abort: true })
    .refine((value) => MONEY.test(value), {
      error: `The ${label} must be between 0.01 and 999999.99, with at most 2 decimals.`,
      abort: true,
    })
    .refine(
      (value) => Number(value) > 0,
      `The ${label} must be between 0.01 and 999999.99, with at most 2 decimals.`,
    );

const durationError = (label: string, values: readonly string[]) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === ''
      ? requiredMessage(label)
      : `The ${label} must be one of: ${values.join(', ')}.`,
});

const planDuration = z.enum(planDurations, durationError('duration', planDurations));
/** docs/product.md §13.7: the banner form's Weekly option sends '1 week'; 'weekly' is accepted too. */
const bannerDuration = z
  .enum([...bannerPlanDurations, '1 week'], durationError('duration', ['1 week', ...planDurations]))
  .transform((value): PlanDuration => (value === '1 week' ? 'weekly' : value));

/** docs/product.md §13.6: title, duration, price and description are all required. */
const planFields = <D extends z.ZodType>(duration: D) =>
  z.object({
    title: requiredText('title', 150),
    duration,
    price: moneyField('price'),
    description: requiredText('description', 2000),
  });

/** Create: the form starts on monthly, so a create without a duration is a monthly plan (docs/product.md §13.6). */
export const planCreateBody = planFields(planDuration.default('monthly'));
export const planUpdateBody = planFields(planDuration);
export const bannerPlanCreateBody = planFields(bannerDuration.default('monthly'));
export const bannerPlanUpdateBody = planFields(bannerDuration);
export type PlanFields = z.output<typeof bannerPlanUpdateBody>;

/** docs/product.md §13.5: a status toggle sends `{ "status": 0 | 1 }` (forms may send "0"/"1"). */
export const planStatusBody = z.object({
  status: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      error: (issue) =>
        issue.input === undefined ? requiredMessage('status') : 'The status must be 0 or 1.',
    })
    .transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1),
});

/** docs/product.md §13.4 plan: 1 active, 0 inactive; `status_detail` says it in words. */
export const planStatusDetails = { 1: 'Active', 0: 'Inactive' } as const;

/** A plan as the back office sees it (docs/product.md §13.4). */
export const adminPlan = z.object({
  id: z.number(),
  title: z.string(),
  duration: z.enum(bannerPlanDurations),
  price: z.string(),
  description: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  status_detail: z.enum(['Active', 'Inactive']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlan>;

/** Columns a plan list may be sorted by. */
export const planSortColumns = ['updated_at', 'created_at', 'title', 'price', 'duration', 'status'] as const;

/** docs/product.md §13.7: plan lists take search, status (1 Active, 0 Inactive), Modified Date and paging. */
export const adminPlanListQuery = listQuery(planSortColumns, 'updated_at').safeExtend({
  status: z
    .enum(['0', '1', ''], { error: 'The status must be 0 or 1.' })
    .optional()
    .transform((value) => (value ? (Number(value) as 0 | 1) : undefined)),
});
export type AdminPlanListQuery = z.output<typeof adminPlanListQuery>;

export const adminPlanListResponse = paginatedResponse(adminPlan);
export const adminPlanResponse = z.object({ message: z.string().optional(), data: adminPlan });

/** docs/product.md §13.4 plan: what a plan card shows. */
export const planSummary = z.object({
  id: z.number(),
  title: z.string(),
  price: z.string(),
  duration: z.enum(bannerPlanDurations),
  description: z.string(),
});
export type PlanSummary = z.infer<typeof planSummary>;

/** docs/product.md §13.4 plan category: id, title, description, plans[]. */
export const planCategory = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  plans: z.array(planSummary),
});
export type PlanCategory = z.infer<typeof planCategory>;

const planListResponse = z.object({ data: z.array(planSummary) });

/** docs/product.md §13.4 one-time purchase rate: the price of one extra minute of video, and when it was set. */
export const oneTimeRate = z.object({ id: z.number(), rate: z.string(), updated_at: z.string() });
export type OneTimeRate = z.infer<typeof oneTimeRate>;

/** docs/product.md §13.6: 'Price Per Minute', required and numeric. */
export const oneTimeRateBody = z.object({ rate: moneyField('rate') });

export const rateSortColumns = ['updated_at', 'rate'] as const;
export const oneTimeRateListQuery = listQuery(rateSortColumns, 'updated_at');
/** The rate form and its history table in one answer: `current` is the newest rate (null: none yet). */
export const oneTimeRateResponse = paginatedResponse(oneTimeRate).extend({
  current: oneTimeRate.nullable(),
});

/** What a user may buy besides the home categories: the per-minute rate of extra video time. */
export const userPlanResponse = z.object({
  data: z.object({ categories: z.array(planCategory), one_time_rate: oneTimeRate.nullable() }),
});

const tag = 'Plans';

/** The five admin calls of one kind of plan (docs/product.md §13.2), each keeping its literal path. */
function adminPlanCalls<const B extends string, C extends z.ZodType, U extends z.ZodType>(
  base: B,
  what: string,
  bodies: { create: C; update: U },
) {
  return {
    list: defineRoute({
      method: 'GET',
      path: base,
      tag,
      summary: `${what} plans: search, status, from_date/to_date (modified), sort, paged`,
      access: ['admin'],
      query: adminPlanListQuery,
      response: adminPlanListResponse,
    }),
    detail: defineRoute({
      method: 'GET',
      path: `${base}/:id/detail`,
      tag,
      summary: `One ${what} plan`,
      access: ['admin'],
      params: idParams,
      response: adminPlanResponse,
    }),
    create: defineRoute({
      method: 'POST',
      path: `${base}/create`,
      tag,
      summary: `Create a ${what} plan (duration monthly unless sent); it starts active`,
      access: ['admin'],
      body: bodies.create,
      response: adminPlanResponse,
      status: 201,
    }),
    update: defineRoute({
      method: 'POST',
      path: `${base}/:id/update`,
      tag,
      summary: `Edit a ${what} plan's title, duration, price and description`,
      access: ['admin'],
      params: idParams,
      body: bodies.update,
      response: adminPlanResponse,
    }),
    status: defineRoute({
      method: 'POST',
      path: `${base}/:id/status`,
      tag,
      summary: `Activate (1) or deactivate (0) a ${what} plan; only active plans are offered`,
      access: ['admin'],
      params: idParams,
      body: planStatusBody,
      response: adminPlanResponse,
    }),
  };
}

const planBodies = { create: planCreateBody, update: planUpdateBody };
const membership = adminPlanCalls('/admin/subscription/time-block', 'membership (time)', planBodies);
const adFree = adminPlanCalls('/admin/subscription/ad-free', 'ad-free', planBodies);
const funeralHome = adminPlanCalls('/admin/subscription/funeral-home', 'funeral-home', planBodies);
const bannerAd = adminPlanCalls('/admin/subscription/banner-ad', 'banner-ad', {
  create: bannerPlanCreateBody,
  update: bannerPlanUpdateBody,
});

/** The admin calls of each kind, by kind: the server registers them in one loop. */
export const adminPlanRoutesByKind = {
  membership,
  'ad-free': adFree,
  'funeral-home': funeralHome,
  'banner-ad': bannerAd,
} as const satisfies Record<PlanKind, unknown>;

/** The calls of the plans module (decision 0127). */
export const planRoutes = {
  /** docs/product.md §13.2: the plan categories a user can choose from (only active plans). */
  userHomePlans: defineRoute({
    method: 'GET',
    path: '/web/user/home/plans',
    tag,
    summary: 'Plan categories (membership, ad-free) with their active plans, for a user',
    access: ['user'],
    response: z.object({ data: z.array(planCategory) }),
  }),
  /** docs/product.md §13.2: what a user can buy: the home categories and the per-minute rate of extra time. */
  userPlans: defineRoute({
    method: 'GET',
    path: '/web/user/plan',
    tag,
    summary: 'Everything a user can buy: plan categories with active plans and the per-minute rate',
    access: ['user'],
    response: userPlanResponse,
  }),
  /** docs/product.md §13.2: the funeral-home plans on offer. */
  funeralHomePlans: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/plan',
    tag,
    summary: 'Active funeral-home plans',
    access: ['funeral-home'],
    response: planListResponse,
  }),
  /**
   * docs/product.md §13.2: banner plans, read by the role in the path (the same plans for both,
   * docs/product.md §7.1).
   */
  userBannerAdPlans: defineRoute({
    method: 'GET',
    path: '/web/user/plan/banner-ads',
    tag,
    summary: 'Active banner-ad plans, for a user',
    access: ['user'],
    response: planListResponse,
  }),
  funeralHomeBannerAdPlans: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/plan/banner-ads',
    tag,
    summary: 'Active banner-ad plans, for a funeral home',
    access: ['funeral-home'],
    response: planListResponse,
  }),

  membershipList: membership.list,
  membershipDetail: membership.detail,
  membershipCreate: membership.create,
  membershipUpdate: membership.update,
  membershipStatus: membership.status,
  adFreeList: adFree.list,
  adFreeDetail: adFree.detail,
  adFreeCreate: adFree.create,
  adFreeUpdate: adFree.update,
  adFreeStatus: adFree.status,
  funeralHomePlanList: funeralHome.list,
  funeralHomePlanDetail: funeralHome.detail,
  funeralHomePlanCreate: funeralHome.create,
  funeralHomePlanUpdate: funeralHome.update,
  funeralHomePlanStatus: funeralHome.status,
  bannerAdList: bannerAd.list,
  bannerAdDetail: bannerAd.detail,
  bannerAdCreate: bannerAd.create,
  bannerAdUpdate: bannerAd.update,
  bannerAdStatus: bannerAd.status,

  /** docs/product.md §13.2: the per-minute rate with its history (newest first). */
  oneTimeRate: defineRoute({
    method: 'GET',
    path: '/admin/subscription/one-time-rate',
    tag,
    summary: 'The current per-minute rate of extra video time, and its history (paged)',
    access: ['admin'],
    query: oneTimeRateListQuery,
    response: oneTimeRateResponse,
  }),
  oneTimeRateCreate: defineRoute({
    method: 'POST',
    path: '/admin/subscription/one-time-rate/create',
    tag,
    summary: 'Set a new per-minute rate (the previous ones stay in the history)',
    access: ['admin'],
    body: oneTimeRateBody,
    response: z.object({ message: z.string(), data: oneTimeRate }),
    status: 201,
  }),
};
