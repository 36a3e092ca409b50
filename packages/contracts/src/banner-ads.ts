import { z } from 'zod';
import { emailField, idParams, requiredText } from './common';
import { IMAGE_MAX_BYTES } from './account-forms';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute, type ApiRoute } from './route';

/** docs/product.md §13.4: a banner ad request's states (§13.5). */
export const bannerAdStatuses = ['pending', 'approved', 'rejected'] as const;
export type BannerAdStatus = (typeof bannerAdStatuses)[number];

/** docs/product.md §13.6 image uploader: at most 3 images, 15 MB each. */
export const BANNER_IMAGES_MAX = 3;
export const BANNER_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;

/** Under an ad's counts: what one view or click is (a reader counts once a day, docs/product.md §8.6). */
export const BANNER_COUNTS_NOTE = 'Each reader counts once a day: one view and one click at most.';

export const BANNER_MESSAGES = {
  /** The admin's notice title and the request form's name. */
  newRequest: 'New banner ad request',
  /** docs/product.md §13.6, word for word. */
  urlIncorrect: 'URL is Incorrect!',
  urlRequired: 'The brand url field is required.',
  imagesRequired: 'The images field is required.',
  tooManyImages: `You may upload at most ${BANNER_IMAGES_MAX} images.`,
  imageTooLarge: 'An image may not be larger than 15 MB.',
  reasonRequired: 'The rejection reason field is required.',
  statusInvalid: 'The status must be 1 (approve) or 2 (reject).',
  created: 'Your banner ad request has been sent.',
  approved: 'The banner ad request has been approved.',
  rejected: 'The banner ad request has been rejected.',
  alreadyDecided: 'This banner ad request has already been decided.',
  /** Paying for a request (docs/product.md §8.4, §8.5): only an approved request not yet paid. */
  notApproved: 'This banner ad request is still waiting for approval: it cannot be paid yet.',
  rejectedNotPayable: 'This banner ad request was rejected: it cannot be paid.',
  alreadyPaid: 'This banner ad has already been paid for.',
  notBannerPlan: 'Only a banner plan is paid for a banner ad request.',
} as const;

/**
 * docs/product.md §13.6: optional http/https, optional www, a domain whose top-level part has 2+ letters, an
 * optional path. Nothing else (no `javascript:`, no bare words); docs/product.md §8.4 says how it is stored.
 */
export const BRAND_URL_PATTERN =
  /^(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** The brand URL as typed, stored with `https://` in front when it had no scheme (docs/product.md §8.4). */
export const brandUrlField = z
  .string()
  .trim()
  .min(1, { error: BANNER_MESSAGES.urlRequired, abort: true })
  .max(2000, 'The brand url may not be longer than 2000 characters.')
  .refine((value) => BRAND_URL_PATTERN.test(value), BANNER_MESSAGES.urlIncorrect)
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`));

/** `POST /web/{role}/banner-ad/create` (multipart): the text fields; `images` are files (1–3). */
export const bannerAdCreateBody = z.object({
  brand_name: requiredText('brand name', 200),
  brand_email: emailField,
  brand_url: brandUrlField,
  images: z
    .array(z.file())
    .optional()
    .meta({ description: '1 to 3 images (jpeg, png, gif, webp or svg), up to 15 MB each' }),
});
export type BannerAdCreateInput = z.output<typeof bannerAdCreateBody>;

/** One stored image of a request, at a signed, expiring URL (docs/product.md §13.4 `media[].media_link`). */
export const bannerAdMedia = z.object({ id: z.number(), media_link: z.string() });

/** docs/product.md §13.4 banner ad request, as its requester reads it. */
export const bannerAdItem = z.object({
  id: z.number(),
  brand_name: z.string(),
  brand_email: z.string(),
  brand_url: z.string(),
  /** The image URLs, in the order sent. */
  images: z.array(z.string()),
  media: z.array(bannerAdMedia),
  status: z.enum(bannerAdStatuses),
  status_detail: z.enum(bannerAdStatuses),
  rejection_reason: z.string().nullable(),
  /** The banner plan paid for it (null until paid); the ad runs from `live_from` to `live_until`. */
  plan: z.object({ id: z.number(), title: z.string(), duration: z.string() }).nullable(),
  live_from: z.string().nullable(),
  live_until: z.string().nullable(),
  /** True while paid and within its plan's duration. */
  is_live: z.boolean(),
  /** Counted by the banner slot (a view per ad shown) and its click link. */
  views: z.number(),
  clicks: z.number(),
  created_at: z.string(),
});
export type BannerAdItem = z.infer<typeof bannerAdItem>;

/** Who asked for an ad, as the admin's log and details show it: name, user type and e-mail. */
const requester = { name: z.string(), type: z.string(), email: z.string() };

/** docs/product.md §9 logs row: who asked (name, user type, e-mail) and the brand. */
export const adminBannerAdRow = z.object({
  id: z.number(),
  ...requester,
  brand_name: z.string(),
  brand_email: z.string(),
  brand_url: z.string(),
  status: z.enum(bannerAdStatuses),
  status_detail: z.enum(bannerAdStatuses),
  created_at: z.string(),
});
export type AdminBannerAdRow = z.infer<typeof adminBannerAdRow>;

/** docs/product.md §9 detail: the request itself with who asked and when it was decided. */
export const adminBannerAdDetail = bannerAdItem.extend({
  ...requester,
  reviewed_at: z.string().nullable(),
});
export type AdminBannerAdDetail = z.infer<typeof adminBannerAdDetail>;

export const bannerAdSortColumns = ['created_at', 'brand_name'] as const;
export const bannerAdListQuery = listQuery(bannerAdSortColumns, 'created_at');
export type BannerAdListQuery = z.output<typeof bannerAdListQuery>;

/** docs/product.md §9: 1 approves; 2 rejects and needs the reason the requester will read. */
export const bannerAdDecisionBody = z
  .object({
    status: z.coerce
      .number({ error: BANNER_MESSAGES.statusInvalid })
      .refine((value): value is 1 | 2 => value === 1 || value === 2, BANNER_MESSAGES.statusInvalid),
    rejection_reason: z
      .string()
      .trim()
      .max(1000, 'The rejection reason may not be longer than 1000 characters.')
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((body) => body.status !== 2 || body.rejection_reason !== undefined, {
    message: BANNER_MESSAGES.reasonRequired,
    path: ['rejection_reason'],
  });
export type BannerAdDecision = z.output<typeof bannerAdDecisionBody>;

const itemResponse = z.object({ message: z.string().optional(), data: bannerAdItem });

/** docs/product.md §13.5: after a banner payment's 'Payment Successfully Made!'. */
export const AD_LIVE_MESSAGE = 'Your Ad Is Live Successfully!';

/** The ad the banner slot shows: the image at a signed URL, and a counted link through the app. */
export const bannerSlotAd = z.object({
  id: z.number(),
  brand_name: z.string(),
  image_url: z.string(),
  /** A link through the app (the click is counted) that forwards to the brand URL. */
  click_url: z.string(),
});
export type BannerSlotAd = z.infer<typeof bannerSlotAd>;

/** A click token: `<ad id>.<expiry>.<HMAC>`, base64url characters and dots only (docs/product.md §8.6). */
export const bannerClickParams = z.object({
  token: z
    .string()
    .max(200, 'The click link is not valid.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'The click link is not valid.'),
});

/** The requester's three calls, for one role (docs/product.md §13.2: the role is in the path). */
function requesterRoutes<const Role extends 'user' | 'funeral-home'>(role: Role) {
  return {
    create: defineRoute({
      method: 'POST',
      path: `/web/${role}/banner-ad/create`,
      tag: 'Banner ads',
      summary: 'Send a banner ad request (multipart: brand_name, brand_email, brand_url, images)',
      access: [role],
      body: bannerAdCreateBody,
      status: 201,
      response: itemResponse,
    }),
    list: defineRoute({
      method: 'GET',
      path: `/web/${role}/banner-ad`,
      tag: 'Banner ads',
      summary: 'Own banner ad requests, paged',
      access: [role],
      query: bannerAdListQuery,
      response: paginatedResponse(bannerAdItem),
    }),
    slot: defineRoute({
      method: 'GET',
      path: `/web/${role}/banner-ad/slot`,
      tag: 'Banner ads',
      summary: 'The live ad to show in the banner slot (a view is counted), or null (none live, or ad-free)',
      access: [role],
      response: z.object({ data: bannerSlotAd.nullable() }),
    }),
    detail: defineRoute({
      method: 'GET',
      path: `/web/${role}/banner-ad/:id`,
      tag: 'Banner ads',
      summary: 'One own banner ad request',
      access: [role],
      params: idParams,
      response: itemResponse,
    }),
  } satisfies Record<string, ApiRoute>;
}

const adminLog = (state: 'panding' | 'approved') =>
  defineRoute({
    method: 'GET',
    // docs/product.md §13.2 spells the pending log `panding`: the path is the contract.
    path: `/admin/banner-ads/${state}/logs`,
    tag: 'Banner ads',
    summary: `${state === 'panding' ? 'Pending' : 'Approved'} banner ad requests: search, dates, paged`,
    access: ['admin'],
    query: bannerAdListQuery,
    response: paginatedResponse(adminBannerAdRow),
  });

/** The calls of the banner-ads module (decision 0127). */
export const bannerAdRoutes = {
  user: requesterRoutes('user'),
  funeralHome: requesterRoutes('funeral-home'),
  pendingLogs: adminLog('panding'),
  approvedLogs: adminLog('approved'),
  detail: defineRoute({
    method: 'GET',
    path: '/admin/banner-ads/:id/detail',
    tag: 'Banner ads',
    summary: 'One banner ad request with its requester',
    access: ['admin'],
    params: idParams,
    response: z.object({ data: adminBannerAdDetail }),
  }),
  /**
   * The slot's `click_url` (docs/product.md §8.6): a plain link, followed without a bearer header, so the
   * signed token is the permission; counted while the ad runs, then a 302 to the ad's own brand URL.
   */
  click: defineRoute({
    method: 'GET',
    path: '/web/banner-ad/click/:token',
    tag: 'Banner ads',
    summary: "A banner click: counted, then 302 to the ad's brand URL (the token comes from the slot)",
    access: 'public',
    params: bannerClickParams,
    response: z.object({ message: z.string() }).meta({ description: '302 to the brand URL; 404 otherwise' }),
  }),
  updateStatus: defineRoute({
    method: 'POST',
    path: '/admin/banner-ads/:id/update-status',
    tag: 'Banner ads',
    summary: 'Approve ({status: 1}) or reject ({status: 2, rejection_reason}) a pending request',
    access: ['admin'],
    params: idParams,
    body: bannerAdDecisionBody,
    response: z.object({ message: z.string(), data: adminBannerAdDetail }),
  }),
};
