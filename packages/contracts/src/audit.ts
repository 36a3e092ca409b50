import { z } from 'zod';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';

export { ADMIN_READS_PAGE, ADMIN_READS_TITLE } from './audit-page';

/**
 * An administrator's reading of an owner's private data is recorded and shown to the owner
 * (docs/product.md §11.10): the sealed final message (with a reason the administrator gives) and the
 * user's details in the back office.
 */

/** What was read: the final message (Parting Words), or the profile with its plans. */
export const adminReadKinds = ['parting_words', 'account_details'] as const;
export type AdminReadKind = (typeof adminReadKinds)[number];

/** How the owner's list names what was read. */
export const ADMIN_READ_LABELS: Record<AdminReadKind, string> = {
  parting_words: 'Your Parting Words (final message)',
  account_details: 'Your profile and plans',
};

/** Said for an administrator who had no name when they read (an administrator may be unnamed, §1.1). */
export const UNNAMED_ADMIN = 'An administrator';

export const ADMIN_READ_REASON_MIN = 10;
export const ADMIN_READ_REASON_MAX = 500;

export const ADMIN_READ_MESSAGES = {
  reasonRequired: 'The reason field is required.',
  reasonShort: `The reason must be at least ${ADMIN_READ_REASON_MIN} characters.`,
  reasonLong: `The reason may not be longer than ${ADMIN_READ_REASON_MAX} characters.`,
} as const;

/** Why an administrator opens a sealed message: 10–500 characters once trimmed. */
export const adminReadReason = z
  .string({ error: ADMIN_READ_MESSAGES.reasonRequired })
  .trim()
  // An empty reason is said to be missing, and only that.
  .min(1, { error: ADMIN_READ_MESSAGES.reasonRequired, abort: true })
  .min(ADMIN_READ_REASON_MIN, ADMIN_READ_MESSAGES.reasonShort)
  .max(ADMIN_READ_REASON_MAX, ADMIN_READ_MESSAGES.reasonLong);

/** `GET /admin/video/{id}/parting-words?reason=…`: the path stays as the client knows it (§13.2). */
export const adminPartingWordsQuery = z.object({ reason: adminReadReason });

/** The owner's in-app notice, at once (docs/product.md §10.2). */
export const adminReadNotice = (administrator: string | null, reason: string) => ({
  title: 'An administrator opened your Parting Words',
  body: `${administrator ?? UNNAMED_ADMIN} opened your final message. Reason given: “${reason}”`,
});

/** One reading as its owner sees it. */
export const adminReadItem = z.object({
  id: z.number(),
  read_at: z.string(),
  /** The administrator's name when they read; null when they had none ('An administrator'). */
  administrator: z.string().nullable(),
  what: z.enum(adminReadKinds),
  /** The final message's title when it was read (null for the details). */
  video_title: z.string().nullable(),
  /** The reason the administrator gave (null where none is asked: the details). */
  reason: z.string().nullable(),
});
export type AdminReadItem = z.infer<typeof adminReadItem>;

export const adminReadListQuery = listQuery(['read_at'], 'read_at');
export type AdminReadListQuery = z.output<typeof adminReadListQuery>;

/** The calls of the audit module (decision 0127). */
export const auditRoutes = {
  userList: defineRoute({
    method: 'GET',
    path: '/web/user/audit',
    tag: 'Account data',
    summary: "Every administrator's reading of the user's private data, newest first, paged",
    access: ['user'],
    query: adminReadListQuery,
    response: paginatedResponse(adminReadItem),
  }),
};
