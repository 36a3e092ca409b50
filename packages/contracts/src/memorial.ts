import { z } from 'zod';
import { photoFile } from './account-forms';
import { booleanish, idParams, optionalText, recordId, requiredText } from './common';
import { legacyTokenParams } from './legacy';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';
import { videoSchema } from './videos';

/**
 * A video as a memorial's visitors get it: what plays it and what names it, nothing more (not its search
 * code, its creator's e-mail or any owner-only field of the full video shape).
 */
export const memorialVideo = videoSchema.pick({
  id: true,
  title: true,
  description: true,
  video_link: true,
  video_thumbnail: true,
  captions: true,
  duration: true,
  duration_seconds: true,
});
export type MemorialVideo = z.infer<typeof memorialVideo>;

/**
 * The memorial page (docs/product.md §6.9): chosen in advance by the owner, opened at the release of
 * their final message, with a guestbook its moderators (trusted contacts, the funeral home) look after.
 */
const tag = 'Memorial';

export const memorialModerators = ['contacts', 'home', 'both'] as const;
export type MemorialModerators = (typeof memorialModerators)[number];
export const entryStatuses = ['pending', 'approved', 'hidden'] as const;
export type EntryStatus = (typeof entryStatuses)[number];

export const MEMORIAL_TEXT_MAX = 2000;
export const GUESTBOOK_MESSAGE_MAX = 2000;
export const MEMORIAL_VIDEOS_MAX = 10;

export const MEMORIAL_MESSAGES = {
  saved: 'Your memorial page choices have been saved.',
  entryReceived: 'Thank you. Your message will appear once the family has seen it.',
  entryPublished: 'Thank you. Your message has been added to the guestbook.',
  reported: 'Thank you. The family and our team will look at this message.',
  guestbookClosed: 'The guestbook is closed.',
  updated: 'The memorial page has been updated.',
  takenDown: 'The memorial page has been taken down.',
  videoNotYours: 'Only your own videos can appear on your memorial page.',
  openPage: 'Open the memorial page',
} as const;

export { MEMORIAL_AREA_TEXTS } from './memorial-texts';

/** A list of video ids, as JSON (an array) or as a form sends it (`video_ids[]` repeated, or one value). */
const videoIds = z
  .preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.unknown()),
  )
  .refine(
    (ids) => ids.every((id) => /^[1-9]\d{0,8}$/.test(String(id))),
    'Please choose your videos from the list.',
  )
  .transform((ids) => [...new Set(ids.map(Number))])
  .refine(
    (ids) => ids.length <= MEMORIAL_VIDEOS_MAX,
    `At most ${MEMORIAL_VIDEOS_MAX} videos can appear on the page.`,
  );

/** `PUT /web/user/legacy/memorial`: the owner's choice, saved whole (JSON or a form with its photo). */
export const memorialSettingsBody = z.object({
  enabled: booleanish.default(false),
  text: optionalText(MEMORIAL_TEXT_MAX),
  video_ids: videoIds.default([]),
  moderators: z
    .enum(memorialModerators, { error: 'Please choose who looks after the page.' })
    .default('contacts'),
  listed: booleanish.default(false),
  /** Takes the stored photo off (a new `photo` file replaces it anyway). */
  remove_photo: booleanish.default(false),
  photo: photoFile,
});
export type MemorialSettingsBody = z.input<typeof memorialSettingsBody>;

export const memorialSettings = z.object({
  enabled: z.boolean(),
  text: z.string().nullable(),
  photo_path: z.string().nullable(),
  video_ids: z.array(z.number()),
  moderators: z.enum(memorialModerators),
  listed: z.boolean(),
  /** The owner's videos that may be chosen (ready ones, any folder). */
  choosable_videos: z.array(z.object({ id: z.number(), title: z.string(), type: z.string() })),
  /** Once the page is open (after the release): its address. */
  page_path: z.string().nullable(),
});
export type MemorialSettings = z.infer<typeof memorialSettings>;
const settingsResponse = z.object({ message: z.string().optional(), data: memorialSettings });

/** Unguessable page addresses: 22 base64url characters (128 bits); anything else finds nothing. */
const SLUG = /^[A-Za-z0-9_-]{22}$/;
const slugField = z.string().transform((value) => (SLUG.test(value) ? value : ''));
export const memorialSlugParams = z.object({ slug: slugField });
export const memorialEntryParams = z.object({ slug: slugField, id: recordId });

export const serviceDetails = z.object({
  when: z.string().nullable(),
  location: z.string().nullable(),
  type: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ServiceDetails = z.infer<typeof serviceDetails>;

export const guestbookEntry = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  photo_path: z.string().nullable(),
  created_at: z.string(),
});
export type GuestbookEntry = z.infer<typeof guestbookEntry>;

/** What anyone with the address sees: only what the owner chose, the service and approved entries. */
export const publicMemorial = z.object({
  slug: z.string(),
  name: z.string(),
  born_year: z.number().nullable(),
  died_year: z.number(),
  text: z.string().nullable(),
  photo_path: z.string().nullable(),
  videos: z.array(memorialVideo),
  service: serviceDetails,
  guestbook_open: z.boolean(),
  entries: z.array(guestbookEntry),
});
export type PublicMemorial = z.infer<typeof publicMemorial>;

export const guestbookBody = z.object({
  name: requiredText('name', 100),
  message: requiredText('message', GUESTBOOK_MESSAGE_MAX),
  photo: photoFile,
});
export type GuestbookBody = z.input<typeof guestbookBody>;
export const guestbookResponse = z.object({
  message: z.string(),
  data: z.object({ status: z.enum(entryStatuses) }),
});

export const reportEntryBody = z.object({ reason: optionalText(500) });

export const memorialSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'Please type at least 2 letters of the name.')
    .max(100, 'The name may not be longer than 100 characters.'),
});
export const memorialSearchItem = z.object({
  slug: z.string(),
  name: z.string(),
  born_year: z.number().nullable(),
  died_year: z.number(),
});

/** What a moderator changes: the service, listed or by link only, the guestbook's moderation and closing. */
export const moderatorBody = z.object({
  service_when: optionalText(200),
  service_location: optionalText(200),
  service_type: optionalText(200),
  service_notes: optionalText(1000),
  listed: booleanish,
  guestbook_moderation: booleanish,
  guestbook_closed: booleanish,
});
export type ModeratorBody = z.input<typeof moderatorBody>;
export const entryActionBody = z.object({
  action: z.enum(['approve', 'hide', 'delete'], { error: 'Please choose approve, hide or delete.' }),
});

export const moderatedEntry = guestbookEntry.extend({
  status: z.enum(entryStatuses),
  reports: z.number(),
});
/** What a moderator sees: the page, its settings and every entry (pending, approved, hidden). */
export const moderatorView = publicMemorial.omit({ entries: true }).extend({
  listed: z.boolean(),
  guestbook_moderation: z.boolean(),
  guestbook_closed: z.boolean(),
  entries: z.array(moderatedEntry),
  /** The home's own listed locations and types of service, to pick from (empty for a trusted contact). */
  home_locations: z.array(z.string()),
  home_services: z.array(z.string()),
});
export type ModeratorView = z.infer<typeof moderatorView>;
const moderatorResponse = z.object({ message: z.string().optional(), data: moderatorView });

export const homeMemorialItem = memorialSearchItem.extend({ listed: z.boolean(), pending: z.number() });

export const adminMemorialQuery = listQuery(['opened_at', 'name'], 'opened_at');
export const adminMemorialItem = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  owner_id: z.number().nullable(),
  listed: z.boolean(),
  opened_at: z.string(),
  taken_down_at: z.string().nullable(),
  taken_down_reason: z.string().nullable(),
  entries: z.number(),
  reported_entries: z.number(),
});
export const adminReportedEntry = moderatedEntry.extend({
  page_id: z.number(),
  page_name: z.string(),
  page_slug: z.string(),
  reasons: z.array(z.string()),
});
export const takeDownBody = z.object({ reason: requiredText('reason', 1000) });

export const memorialRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/web/user/legacy/memorial',
    tag,
    summary: 'The owner’s memorial page choices (off until they turn it on)',
    access: ['user'],
    response: settingsResponse,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/web/user/legacy/memorial',
    tag,
    summary: 'Save the memorial page choices: on/off, text, photo, videos (own only), moderators, listed',
    access: ['user'],
    body: memorialSettingsBody,
    response: settingsResponse,
  }),
  page: defineRoute({
    method: 'GET',
    path: '/memorial/:slug',
    tag,
    summary: 'A memorial page (no account): 404 before the release, when unknown or taken down',
    access: 'public',
    params: memorialSlugParams,
    response: z.object({ data: publicMemorial }),
  }),
  sign: defineRoute({
    method: 'POST',
    path: '/memorial/:slug/guestbook',
    tag,
    summary:
      'Leave a message in the guestbook (no account): held for the moderators unless they turned that off',
    access: 'public',
    params: memorialSlugParams,
    body: guestbookBody,
    response: guestbookResponse,
    status: 202,
  }),
  report: defineRoute({
    method: 'POST',
    path: '/memorial/:slug/guestbook/:id/report',
    tag,
    summary: 'Report a guestbook message (no account)',
    access: 'public',
    params: memorialEntryParams,
    body: reportEntryBody,
    response: z.object({ message: z.string() }),
    status: 202,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/memorial',
    tag,
    summary: 'Find listed memorial pages by name',
    access: 'public',
    query: memorialSearchQuery,
    response: z.object({ data: z.array(memorialSearchItem) }),
  }),
  contactView: defineRoute({
    method: 'GET',
    path: '/legacy/contact/:token/memorial',
    tag,
    summary: 'A trusted contact who moderates the page: the page, its settings and every entry',
    access: 'public',
    params: legacyTokenParams,
    response: moderatorResponse,
  }),
  contactUpdate: defineRoute({
    method: 'PUT',
    path: '/legacy/contact/:token/memorial',
    tag,
    summary: 'A trusted contact sets the service details, listed or link only, the guestbook’s moderation',
    access: 'public',
    params: legacyTokenParams,
    body: moderatorBody,
    response: moderatorResponse,
  }),
  contactEntry: defineRoute({
    method: 'POST',
    path: '/legacy/contact/:token/memorial/entries/:id',
    tag,
    summary: 'A trusted contact approves, hides or deletes a guestbook message',
    access: 'public',
    params: legacyTokenParams.extend({ id: recordId }),
    body: entryActionBody,
    response: moderatorResponse,
  }),
  homeList: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/memorials',
    tag,
    summary: 'The memorial pages the home looks after',
    access: ['funeral-home'],
    response: z.object({ data: z.array(homeMemorialItem) }),
  }),
  homeView: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/memorials/:slug',
    tag,
    summary: 'A memorial page the home looks after: settings and every entry',
    access: ['funeral-home'],
    params: memorialSlugParams,
    response: moderatorResponse,
  }),
  homeUpdate: defineRoute({
    method: 'PUT',
    path: '/web/funeral-home/memorials/:slug',
    tag,
    summary: 'The home sets the service details, listed or link only, the guestbook’s moderation',
    access: ['funeral-home'],
    params: memorialSlugParams,
    body: moderatorBody,
    response: moderatorResponse,
  }),
  homeEntry: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/memorials/:slug/entries/:id',
    tag,
    summary: 'The home approves, hides or deletes a guestbook message',
    access: ['funeral-home'],
    params: memorialEntryParams,
    body: entryActionBody,
    response: moderatorResponse,
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/admin/memorials',
    tag,
    summary: 'Memorial pages: search (name), sort, paged',
    access: ['admin'],
    query: adminMemorialQuery,
    response: paginatedResponse(adminMemorialItem),
  }),
  adminReported: defineRoute({
    method: 'GET',
    path: '/admin/memorials/reported-entries',
    tag,
    summary: 'Guestbook messages someone reported, newest report first',
    access: ['admin'],
    response: z.object({ data: z.array(adminReportedEntry) }),
  }),
  adminTakeDown: defineRoute({
    method: 'POST',
    path: '/admin/memorials/:id/take-down',
    tag,
    summary: 'Take a memorial page down with a reason (its moderators are told)',
    access: ['admin'],
    params: idParams,
    body: takeDownBody,
    response: z.object({ message: z.string(), data: adminMemorialItem }),
  }),
};
