import { z } from 'zod';
import { idParams } from './common';
import { messageResponse } from './accounts';
import { defineRoute, type ApiRoute } from './route';

/**
 * Leaving, and taking one's messages along (docs/product.md §11.5): the owner's data export (one zip built by a job)
 * and the deletion of the account. docs/product.md §11.5, §11.6.
 */

/** queued → running → ready (→ expired, swept) | failed. */
export const accountExportStates = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type AccountExportState = (typeof accountExportStates)[number];

export const ACCOUNT_DATA_MESSAGES = {
  exportStarted: 'We are preparing your data. You will be notified when it is ready to download.',
  exportReady: 'Your data is ready to download.',
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired. Open your profile to get a new one.',
  passwordRequired: 'The password field is required.',
  wrongPassword: 'The password is incorrect.',
  deleted: 'Your account has been deleted.',
  /** Kept on a failed export and shown on the profile's data card. */
  exportFailed: 'Your data could not be collected. Please try again.',
} as const;

/** One export as its owner reads it; `download_url` only while ready (a signed link that expires). */
export const accountExport = z.object({
  id: z.number(),
  status: z.enum(accountExportStates),
  /** 0–100. */
  progress: z.number(),
  /** What the job is doing now, in words ('Videos 2 of 5'); null once finished. */
  step: z.string().nullable(),
  /** Why it failed (null otherwise). */
  error: z.string().nullable(),
  size_bytes: z.number().nullable(),
  download_url: z.string().nullable(),
  /** When the archive is deleted (null until ready). */
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccountExport = z.infer<typeof accountExport>;

const exportResponse = z.object({ message: z.string().optional(), data: accountExport });

/** `DELETE /web/{role}/account`: the password confirms it is the owner. */
export const accountDeleteBody = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordRequired)
    .max(128, ACCOUNT_DATA_MESSAGES.wrongPassword),
});
export type AccountDeleteInput = z.output<typeof accountDeleteBody>;

/** A download token: `<export id>.<expiry>.<HMAC>` (docs/product.md §11.5). */
export const accountExportDownloadParams = z.object({
  token: z
    .string()
    .max(200, ACCOUNT_DATA_MESSAGES.linkInvalid)
    .regex(/^[A-Za-z0-9_.-]+$/, ACCOUNT_DATA_MESSAGES.linkInvalid),
});

/** The owner's calls, for one role (the role is in the path, as everywhere in docs/product.md §13.2). */
function ownerRoutes<const Role extends 'user' | 'funeral-home'>(role: Role) {
  return {
    startExport: defineRoute({
      method: 'POST',
      path: `/web/${role}/account/export`,
      tag: 'Account data',
      summary: 'Start building a zip of everything held about the account (a running one is answered again)',
      access: [role],
      status: 201,
      response: exportResponse,
    }),
    latestExport: defineRoute({
      method: 'GET',
      path: `/web/${role}/account/export`,
      tag: 'Account data',
      summary: "The account's latest export (null when none), so a reloaded page finds it",
      access: [role],
      response: z.object({ data: accountExport.nullable() }),
    }),
    export: defineRoute({
      method: 'GET',
      path: `/web/${role}/account/export/:id`,
      tag: 'Account data',
      summary: "One of the account's exports: state, progress and, when ready, an expiring download link",
      access: [role],
      params: idParams,
      response: exportResponse,
    }),
    deleteAccount: defineRoute({
      method: 'DELETE',
      path: `/web/${role}/account`,
      tag: 'Account data',
      summary: 'Delete the account ({password}): deliveries cancelled, media and personal data deleted',
      access: [role],
      body: accountDeleteBody,
      response: messageResponse,
    }),
  } satisfies Record<string, ApiRoute>;
}

/**
 * How long what is kept is kept (docs/product.md §11.9): a deactivated account is
 * told 30 and 7 days before its data is deleted; a ready export lives a week; the e-mail log keeps a row
 * 90 days. The retention period itself is the server's RETENTION_DAYS, answered by `retention`.
 */
export const RETENTION_NOTICE_DAYS = [30, 7] as const;
export const EXPORT_KEEP_DAYS = 7;
export const MAIL_LOG_KEEP_DAYS = 90;

/** `GET /web/privacy/retention`: the periods the privacy policy states, as this server keeps them. */
export const retentionSettings = z.object({
  /** Days after a deactivation before the account's media and personal data are deleted. */
  retention_days: z.number().int(),
  /** Days before that deletion on which the account is e-mailed (30, then 7). */
  notice_days: z.array(z.number().int()),
  /** Days a ready data export is kept. */
  export_days: z.number().int(),
  /** Days a row of the e-mail log (whom a mail went to, and whether) is kept. */
  mail_log_days: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

/** The calls of the account-data module (decision 0127). */
export const accountDataRoutes = {
  user: ownerRoutes('user'),
  funeralHome: ownerRoutes('funeral-home'),
  /**
   * The archive itself: a plain link (a browser download sends no bearer header), so the signed,
   * expiring token is the permission (docs/product.md §11.5). The answer is the zip.
   */
  /** The periods the privacy policy states, read by the policy page (no credential: it is public). */
  retention: defineRoute({
    method: 'GET',
    path: '/web/privacy/retention',
    tag: 'Account data',
    summary:
      'How long data is kept: the retention period after a deactivation, its notices, exports, e-mail log',
    access: 'public',
    response: z.object({ data: retentionSettings }),
  }),
  download: defineRoute({
    method: 'GET',
    path: '/web/account/export/download/:token',
    tag: 'Account data',
    summary: 'Download an export archive (application/zip) by its signed link',
    access: 'public',
    params: accountExportDownloadParams,
    response: z
      .string()
      .meta({ description: 'The zip archive; 403 for a bad or expired link, 404 when gone' }),
  }),
} as const;
