import { z } from 'zod';
import { INVALID_OPTION, idParams, optionalText, pageQuery, requiredText } from './common';
import { captionLinks } from './caption-tracks';
import { deliveryInfo } from './delivery';
import { requireSchedule, scheduleFields } from './schedule';
import { paginatedResponse } from './lists';
import { defineRoute } from './route';

/** Folders (`type`): draft, scheduled and final ("My Parting Words"). */
export const videoFolders = ['draft', 'scheduled', 'final'] as const;
export type VideoFolder = (typeof videoFolders)[number];

/** Labels used in the contract's messages ("…transferred to {folder label}."). */
export const videoFolderLabels: Record<VideoFolder, string> = {
  final: 'My Parting Words',
  scheduled: 'Scheduled folder',
  draft: 'Drafts',
};

/** uploaded → processing → ready | failed. */
export const videoStates = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type VideoState = (typeof videoStates)[number];

/** Free length of one video (docs/product.md §3); payments add whole minutes. */
export const FREE_VIDEO_SECONDS = 60;

export const ONLY_VIDEO_MESSAGE = 'Only Video File Allowed!';
export const FOLDER_OCCUPIED_MESSAGE =
  'A file already exists in that folder. It needs to be removed before placing another file there.';
export const INVALID_PAYMENT_MESSAGE = 'The payment is invalid or already used.';
export const NO_VIDEO_FOR_CODE_MESSAGE = 'No video found for this code.';
// Contract text, kept as written (contract): the lower-case 'please' and 'Atleast' are the contract's.
export const TOO_FEW_VIDEOS_MESSAGE = 'please Select Atleast 2 Videos to Continue!';
export const VIDEOS_MERGED_MESSAGE = 'Videos Merged Successfully!';
/** A folder choice that is missing or not offered (the upload chain and Change Folder). */

/** What the video calls answer with and the web shows (contract texts, kept as written). */
export const VIDEO_MESSAGES = {
  savedAndScheduled: 'Video Saved and scheduled',
  movedAndScheduled: 'Video moved and scheduled',
  scheduleUpdated: 'Video schedule has been updated',
  /** Scheduling a delivered video again: a new delivery, worded as one. */
  scheduledAgain: 'Video scheduled to be sent again',
  /** 'has' after a plural subject is the contract's. */
  detailsUpdated: 'Video Title and description has been updated',
  deleted: 'Video deleted successfully',
  /** A video whose conversion failed, when no better reason was kept. */
  processingFailed: 'The video could not be processed.',
} as const;

const folderField = z.enum(videoFolders, { error: INVALID_OPTION });

/** Repeated fields, `name[]`, a comma list or a JSON array all become a list of strings. */
const stringList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value))
    return value
      .flatMap((item) => String(item).split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((item) => String(item).trim()).filter(Boolean);
    } catch {
      return [text];
    }
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}, z.array(z.string()));

export const UPLOAD_NAMED_TWICE_MESSAGE = 'Each upload may be named only once.';

/**
 * Unfinished resumable uploads one account may hold at once, and the bytes they may declare together:
 * a started upload reserves room on the server until it finishes or expires (a day).
 */
export const PENDING_UPLOADS_MAX = 5;
export const PENDING_UPLOAD_BYTES_MAX = 10 * 1024 * 1024 * 1024;
export const PENDING_UPLOAD_MESSAGES = {
  tooMany: `You already have ${PENDING_UPLOADS_MAX} unfinished uploads. Let one finish, or try again tomorrow, when unfinished uploads expire.`,
  tooLarge:
    'Your unfinished uploads would add up to more than 10 GB. Let one finish, or try again tomorrow, when unfinished uploads expire.',
} as const;

/** Trimming a clip before it is kept (docs/product.md §4.2): the texts of the store call's 422s. */
export const TRIM_MESSAGES = {
  notSeconds: 'Each trim start and end must be a number of seconds, 0 or more.',
  endBeforeStart: 'The trim end must be after the trim start.',
  tooShort: 'At least 1 second of each clip must be kept.',
  moreThanClips: 'There are more trims than clips.',
  pastEnd: (seconds: number) => `The trim end is past the end of the clip (${seconds.toFixed(1)} s).`,
  onlyDrafts: 'Only a draft can be trimmed.',
  notReady: 'The video is still being processed. Please trim it once it is ready.',
  merging: 'This draft is being merged. Please trim it once the merge is done.',
  started: 'The video is being trimmed.',
} as const;

/** The shortest part of a clip a trim may keep. */
export const TRIM_MIN_SECONDS = 1;

/**
 * `trim_start` / `trim_end`: one entry per clip in the clip order (`videos[]` files, then `upload_ids`);
 * an empty entry leaves that end of the clip as it is. Unlike `stringList`, empty entries are kept, so
 * the entries stay aligned with the clips. Numbers are seconds, decimals allowed.
 */
const trimList = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const items: unknown[] = Array.isArray(value) ? value : String(value).split(',');
    return items.map((item) => {
      if (typeof item === 'number') return item;
      const text = String(item).trim();
      if (text === '') return null;
      // Anything else is not a number of seconds: NaN, refused below.
      return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    });
  },
  z.array(
    z.custom<number | null>(
      (item) => item === null || (typeof item === 'number' && Number.isFinite(item) && item >= 0),
      { error: TRIM_MESSAGES.notSeconds },
    ),
  ),
);

/** Each clip's start before its end, keeping at least TRIM_MIN_SECONDS; the clip's length is the server's to check. */
function checkTrims(
  value: { trim_start: Array<number | null>; trim_end: Array<number | null> },
  ctx: z.RefinementCtx,
) {
  const count = Math.max(value.trim_start.length, value.trim_end.length);
  for (let i = 0; i < count; i++) {
    const start = value.trim_start[i] ?? 0;
    const end = value.trim_end[i] ?? null;
    if (end === null) continue;
    if (end <= start)
      ctx.addIssue({ code: 'custom', path: ['trim_end', i], message: TRIM_MESSAGES.endBeforeStart });
    else if (end - start < TRIM_MIN_SECONDS)
      ctx.addIssue({ code: 'custom', path: ['trim_end', i], message: TRIM_MESSAGES.tooShort });
  }
}

/**
 * POST /web/user/video/store (multipart): `videos[]` files in order and/or `upload_ids[]` of finished
 * resumable (tus) uploads; `duration` is the client's claim and is ignored (the server measures).
 * `trim_start[]` / `trim_end[]` (optional): where each clip is cut, see `trimList`.
 */
export const videoStoreBody = z
  .object({
    type: folderField,
    title: optionalText(255),
    description: optionalText(5000),
    duration: z.unknown().optional(),
    payment_id: optionalText(100),
    // One upload is one clip: naming it twice would move its file twice.
    upload_ids: stringList
      .refine((ids) => new Set(ids).size === ids.length, { error: UPLOAD_NAMED_TWICE_MESSAGE })
      .optional()
      .default([]),
    trim_start: trimList.optional().default([]),
    trim_end: trimList.optional().default([]),
    ...scheduleFields,
  })
  .superRefine(requireSchedule)
  .superRefine(checkTrims);
export type VideoStoreBody = z.infer<typeof videoStoreBody>;

/** One end of a draft's trim: seconds of the video as it is now, decimals allowed. */
const trimSeconds = z.preprocess(
  (value) => {
    if (value === undefined || typeof value === 'number') return value;
    const text = typeof value === 'string' ? value.trim() : '';
    return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  },
  z.custom<number>((item) => typeof item === 'number' && Number.isFinite(item) && item >= 0, {
    error: TRIM_MESSAGES.notSeconds,
  }),
);

/**
 * POST /web/user/video/{id}/trim: the part of a draft to keep, from `trim_start` to `trim_end`, at least
 * TRIM_MIN_SECONDS; the video's length is the server's to check.
 */
export const videoTrimBody = z
  .object({ trim_start: trimSeconds, trim_end: trimSeconds })
  .superRefine((value, ctx) => {
    if (value.trim_end <= value.trim_start)
      ctx.addIssue({ code: 'custom', path: ['trim_end'], message: TRIM_MESSAGES.endBeforeStart });
    else if (value.trim_end - value.trim_start < TRIM_MIN_SECONDS)
      ctx.addIssue({ code: 'custom', path: ['trim_end'], message: TRIM_MESSAGES.tooShort });
  });
export type VideoTrimBody = z.infer<typeof videoTrimBody>;

/** POST /web/user/video/{id}/update-type. */
export const videoUpdateTypeBody = z
  .object({ type: folderField, ...scheduleFields })
  .superRefine(requireSchedule);
export type VideoUpdateTypeBody = z.infer<typeof videoUpdateTypeBody>;

/** POST /web/user/video/{id}/update-title-desc. */
export const videoUpdateTitleDescBody = z.object({
  title: requiredText('title', 255),
  description: requiredText('description', 5000),
});

/**
 * The owner publishes drafts only: a final message becomes public after its author's passing (by a
 * funeral home it was granted to, once released), a scheduled video goes to its recipient alone.
 */
export const ONLY_DRAFTS_PUBLISHED = 'Only a draft can be made public.';

/** POST /web/user/video/{id}/update-status: empty (publish) or `is_private: 0`; 1 is refused once public. */
export const videoUpdateStatusBody = z.object({
  is_private: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
      error: 'The is private field must be 0 or 1.',
    })
    .optional()
    .transform((value) => (value === undefined ? 0 : value === true || value === 1 || value === '1' ? 1 : 0)),
});

/** POST /web/user/video/{id}/reaction. */
export const videoReactionBody = z.object({
  reaction: z.literal('like', { error: "The reaction must be 'like'." }),
});

/** How drafts are merged: `copy` keeps them, `move` removes them once the merged draft is ready. */
export const videoMergeActions = ['copy', 'move'] as const;
export type VideoMergeAction = (typeof videoMergeActions)[number];

/** POST /user/video/copyMove: at least two ready drafts of the caller, joined in the given order. */
export const videoCopyMoveBody = z.object({
  video_ids: stringList.pipe(
    z
      .array(z.string().regex(/^\d+$/, 'Each video id must be a number.').transform(Number))
      .min(2, TOO_FEW_VIDEOS_MESSAGE),
  ),
  action: z.enum(videoMergeActions, { error: "The action must be 'copy' or 'move'." }),
  durationGreater: z.unknown().optional(),
  payment_id: optionalText(100),
});
export type VideoCopyMoveBody = z.infer<typeof videoCopyMoveBody>;

/** The Video entity of docs/product.md §13.4 as every video call returns it. */
export const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: z.enum(videoFolders),
  /** The processing state (same as `state`): uploaded, processing, ready or failed. */
  status: z.enum(videoStates),
  state: z.enum(videoStates),
  failure_reason: z.string().nullable(),
  /**
   * The video's file or thumbnail was found missing or altered in storage (decision 0340): its link
   * answers 410 with MEDIA_MESSAGES.damaged until the file is restored.
   */
  damaged: z.boolean(),
  /**
   * Owner only: a merge that joins this draft is still being processed, and how it was asked for
   * (`move` removes this draft once the merged one is ready); null otherwise (docs/product.md §3.5).
   */
  merging: z.enum(videoMergeActions).nullable(),
  /** Signed, expiring URLs (null until the video is ready). */
  video_link: z.string().nullable(),
  video_thumbnail: z.string().nullable(),
  /** The accepted caption tracks at signed URLs like the video's (none until the video is ready). */
  captions: captionLinks,
  /** `HH:MM:SS`, measured from the file. */
  duration: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  hashtags: z.array(z.string()),
  total_likes: z.number(),
  is_liked: z.boolean(),
  search_code: z.string(),
  /** Only for the owner, only on the final video. */
  access_code: z.string().nullable(),
  is_private: z.union([z.literal(0), z.literal(1)]),
  creator: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
  /** Scheduled videos, owner only: recipient and the instant in the owner's time zone. */
  email: z.string().nullable(),
  share_at_date: z.string().nullable(),
  share_at_time: z.string().nullable(),
  timezone: z.string().nullable(),
  /** Scheduled folder, owner only: its live delivery, else its latest (sent ones stay, marked delivered). */
  delivery: deliveryInfo.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** Folder lists: `{ data: Video[] }` (not paginated: a person's folders are small). */
export const videoListResponse = z.object({ message: z.string().optional(), data: z.array(videoSchema) });
/** One video after an action: `{ message, data: Video }`. */
export const videoResponse = z.object({ message: z.string().optional(), data: videoSchema });
/** Find by code: the existing client reads `data.data`. */
export const videoByCodeResponse = z.object({ data: z.object({ data: videoSchema }) });
export const videoReactionResponse = z.object({
  message: z.string().optional(),
  data: z.object({ total_likes: z.number(), is_liked: z.boolean() }),
});

/** Delete answers its message only (no `data`). */
export const videoDeleteResponse = z.object({ message: z.string() });
/** The home reel: public videos, paged with the list kit's envelope. */
export const videoFeedResponse = paginatedResponse(videoSchema);

/** What a search or access code may look like; anything else is simply not found. */
const VIDEO_CODE = /^[A-Za-z0-9 -]{1,64}$/;
/** `/{code}/…` paths: a code that cannot be one becomes '', which no video has (404, no lookup). */
export const videoCodeParams = z.object({
  code: z.string().transform((value) => (VIDEO_CODE.test(value) ? value : '')),
});

/**
 * The tus resumable-upload endpoints (`POST` on the collection; `HEAD`, `PATCH`, `DELETE` on `/<id>`).
 * They are not declared with defineRoute: the tus protocol answers with headers and raw bodies the tus
 * server writes itself (the route hijacks the reply), so there is no JSON schema to declare. Their path
 * lives here once; the server and the web client's tus endpoint both use it.
 */
export const VIDEO_TUS_PATH = '/web/user/video/tus';
export const VIDEO_TUS_UPLOAD_PATH = `${VIDEO_TUS_PATH}/:id`;

const folderList = (path: string, label: string) =>
  defineRoute({
    method: 'GET',
    path,
    tag: 'Videos',
    summary: `${label} of the caller, newest first: \`{ data: Video[] }\``,
    access: ['user'],
    response: videoListResponse,
  });

const codeLookup = <P extends string>(path: P, summary: string, hidden: boolean) =>
  defineRoute({
    method: 'GET',
    path,
    tag: 'Videos',
    summary,
    access: ['user'],
    params: videoCodeParams,
    response: videoByCodeResponse,
    hidden,
  });
const BY_SEARCH_CODE = 'Find a public video by its search code: `{ data: { data: Video } }`';
const BY_ACCESS_CODE = 'Open a final video by its access code: `{ data: { data: Video } }`';

/** docs/product.md §13.2 video calls (user role) and the home reel (decision 0127). */
export const videoRoutes = {
  store: defineRoute({
    method: 'POST',
    path: '/web/user/video/store',
    tag: 'Videos',
    summary:
      'Upload one video: multipart `videos[]` (clips in order) and/or `upload_ids[]` of finished tus uploads; ' +
      '`type`, `title`, `description`, `payment_id`; for scheduled also `email`, `share_at_date`, ' +
      '`share_at_time`, `timezone` (and optionally `fallback_email`). Answers at once with the video in state `processing`.',
    access: ['user'],
    body: videoStoreBody,
    response: videoResponse,
    status: 201,
  }),
  listFinal: folderList('/web/user/video/list', 'The final video ("My Parting Words")'),
  listScheduled: folderList('/web/user/video/list/scheduled', 'Scheduled videos'),
  listDraft: folderList('/web/user/video/list/draft', 'Drafts'),
  feed: defineRoute({
    method: 'GET',
    path: '/web/user/video/feed',
    tag: 'Videos',
    summary: 'Home reel: public videos of active accounts, newest first (paginated)',
    access: ['user'],
    query: pageQuery,
    response: videoFeedResponse,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/web/user/video/:id',
    tag: 'Videos',
    summary: 'One of the caller’s videos (e.g. to follow processing)',
    access: ['user'],
    params: idParams,
    response: videoResponse,
  }),
  updateTitleDesc: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/update-title-desc',
    tag: 'Videos',
    summary: 'Change title and description',
    access: ['user'],
    params: idParams,
    body: videoUpdateTitleDescBody,
    response: videoResponse,
  }),
  updateType: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/update-type',
    tag: 'Videos',
    summary:
      'Move to another folder; scheduled needs email, share_at_date, share_at_time, timezone (fallback_email optional)',
    access: ['user'],
    params: idParams,
    body: videoUpdateTypeBody,
    response: videoResponse,
  }),
  updateStatus: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/update-status',
    tag: 'Videos',
    summary:
      'Publish a draft (empty body or `is_private: 0`); a final or scheduled video is refused (422); a public ' +
      'video cannot become private again',
    access: ['user'],
    params: idParams,
    body: videoUpdateStatusBody,
    response: videoResponse,
  }),
  trim: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/trim',
    tag: 'Videos',
    summary:
      'Trim a ready draft: keep `trim_start` to `trim_end` (seconds of the video as it is); it is cut again ' +
      'into new media (state processing), the old media kept until the new is ready',
    access: ['user'],
    params: idParams,
    body: videoTrimBody,
    response: videoResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/web/user/video/:id/delete',
    tag: 'Videos',
    summary: 'Delete the video, its media and any pending delivery',
    access: ['user'],
    params: idParams,
    response: videoDeleteResponse,
  }),
  reaction: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/reaction',
    tag: 'Videos',
    summary: 'Like toggles',
    access: ['user'],
    params: idParams,
    body: videoReactionBody,
    response: videoReactionResponse,
  }),
  // The existing client calls the code lookups with and without a trailing slash; the slashed twin is
  // left out of the reference.
  bySearchCode: codeLookup('/web/user/video/:code/detail-by-search-code', BY_SEARCH_CODE, false),
  bySearchCodeSlash: codeLookup('/web/user/video/:code/detail-by-search-code/', BY_SEARCH_CODE, true),
  byAccessCode: codeLookup('/web/user/video/:code/detail-by-access-code', BY_ACCESS_CODE, false),
  byAccessCodeSlash: codeLookup('/web/user/video/:code/detail-by-access-code/', BY_ACCESS_CODE, true),
  copyMove: defineRoute({
    method: 'POST',
    path: '/user/video/copyMove',
    tag: 'Videos',
    summary:
      'Merge drafts in order into a new draft: `video_ids` (2+; `video_ids[]`, repeated, comma list or JSON ' +
      'array), `action` copy|move, `payment_id`',
    access: ['user'],
    body: videoCopyMoveBody,
    response: videoResponse,
    status: 201,
  }),
};
