import { z } from 'zod';
import { emailField, idParams, optionalText, requiredText } from './common';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';
import { videoCodeParams } from './videos';

/** Words the legacy mails, notices and pages share (decision 0338). */
export const LEGACY_MESSAGES = {
  /** A trusted contact's mail subject and the owner's page heading. */
  passingReported: 'A passing has been reported',
  /** The owner's notice title and the alive link's heading. */
  yourPassingReported: 'Your passing has been reported',
  /** The owner's button, in the app, on the alive link's page and in the mail. */
  aliveButton: "I'm alive — cancel this",
} as const;

/**
 * Legacy release (docs/product.md §6): the final message opens by its access code only
 * after a reported passing has waited out the owner's waiting period without a cancel (or check-ins went
 * unanswered), unless the owner chose that the code opens it at once. Design: decision 0249.
 */

const legacyTag = 'Legacy release';

export const MAX_TRUSTED_CONTACTS = 5;
export const WAITING_PERIOD_DAYS = { min: 1, max: 30, default: 3 } as const;
/** 0 = check-ins off; otherwise an 'I'm here' e-mail every so many months. */
export const checkInMonths = [0, 3, 6, 12] as const;
export type CheckInMonths = (typeof checkInMonths)[number];
/** Reminders before a check-in's grace period ends, in days (minutes under LEGACY_WAIT_UNIT=minute). */
export const CHECK_IN_REMINDER_DAYS = [14, 3] as const;

/** Where an account's final message stands. */
export const releaseStates = ['sealed', 'waiting', 'released', 'open'] as const;
export type ReleaseState = (typeof releaseStates)[number];

/** What became of a report. */
export const reportStates = ['waiting', 'cancelled', 'halted', 'released'] as const;
export type ReportState = (typeof reportStates)[number];

/** Who reported: a code holder (signed in), a trusted contact (from their e-mail), a funeral home, or check-ins. */
export const reporterKinds = ['code-holder', 'trusted-contact', 'funeral-home', 'check-in'] as const;
export type ReporterKind = (typeof reporterKinds)[number];

/** `detail-by-access-code` before release: 423 with this message and `data.state` (the existing client shows it). */
export const NOT_YET_RELEASED_MESSAGE =
  'A message exists for this code. It will become available once the passing of the person who left it is confirmed.';
export const notReleasedResponse = z.object({
  message: z.string(),
  data: z.object({ state: z.enum(['sealed', 'waiting']) }),
});

export const REPORT_RECEIVED_MESSAGE =
  'Thank you. The report has been received; the message will be released if it is not cancelled in time.';
export const REPORT_CANCELLED_MESSAGE = 'The report has been cancelled.';
export const SETTINGS_SAVED_MESSAGE = 'Your release settings have been saved.';

const trustedContactInput = z.object({ name: requiredText('name', 100), email: emailField });

/** `POST /web/user/legacy`: the owner's settings, saved whole (contacts matched by e-mail). */
export const legacySettingsBody = z.object({
  contacts: z
    .array(trustedContactInput)
    .max(MAX_TRUSTED_CONTACTS, `You may name at most ${MAX_TRUSTED_CONTACTS} trusted contacts.`)
    .refine(
      (list) => new Set(list.map((c) => c.email.toLowerCase())).size === list.length,
      'Each trusted contact needs their own e-mail.',
    ),
  waiting_period_days: z.coerce
    .number({ error: 'The waiting period must be a whole number of days.' })
    .int('The waiting period must be a whole number of days.')
    .min(WAITING_PERIOD_DAYS.min, 'The waiting period must be between 1 and 30 days.')
    .max(WAITING_PERIOD_DAYS.max, 'The waiting period must be between 1 and 30 days.')
    .default(WAITING_PERIOD_DAYS.default),
  check_in_months: z.coerce
    .number()
    .refine((value): value is CheckInMonths => (checkInMonths as readonly number[]).includes(value), {
      message: 'The check-in interval must be 0 (off), 3, 6 or 12 months.',
    })
    .default(0),
  available_at_once: z.boolean().default(false),
});
export type LegacySettingsBody = z.input<typeof legacySettingsBody>;

export const trustedContact = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Set when the contact accepted their role from the link in their e-mail. */
  confirmed_at: z.string().nullable(),
});

/** An open or past report as its owner, and the back office, see it. */
export const legacyReport = z.object({
  id: z.number(),
  state: z.enum(reportStates),
  reporter_kind: z.enum(reporterKinds),
  /** The reporter's name as given (a trusted contact's, an account's, a home's name). */
  reporter_name: z.string(),
  relation: z.string(),
  note: z.string().nullable(),
  reported_at: z.string(),
  /** The end of the waiting period: the instant of release unless cancelled or halted. */
  release_at: z.string(),
  ended_at: z.string().nullable(),
});
export type LegacyReport = z.infer<typeof legacyReport>;

/** `GET /web/user/legacy`: the settings, where the message stands, the open report and the log. */
export const legacySettings = z.object({
  contacts: z.array(trustedContact),
  waiting_period_days: z.number(),
  check_in_months: z.number(),
  available_at_once: z.boolean(),
  state: z.enum(releaseStates),
  next_check_in_at: z.string().nullable(),
  open_report: legacyReport.nullable(),
  /** Everything that happened, newest first (reports, cancels, halts, check-ins, release). */
  log: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type LegacySettings = z.infer<typeof legacySettings>;
export const legacySettingsResponse = z.object({ message: z.string().optional(), data: legacySettings });

/** A report: who the reporter is to the author, and an optional note or obituary link. */
export const reportPassingBody = z.object({
  relation: requiredText('relation', 100),
  note: optionalText(2000),
});
export const reportResponse = z.object({
  message: z.string(),
  data: z.object({ state: z.enum(['waiting', 'released']) }),
});

/** E-mailed links carry 256-bit tokens (base64url, 43 characters); anything else finds nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const legacyTokenParams = z.object({
  token: z.string().transform((value) => (TOKEN.test(value) ? value : '')),
});

/** What a trusted contact's page shows: whose contact they are, and whether a report is open. */
export const contactPage = z.object({
  owner_first_name: z.string(),
  /** The owner's full name, as the contact's e-mails write it (the report form asks the relation to them). */
  owner_name: z.string(),
  contact_name: z.string(),
  confirmed: z.boolean(),
  state: z.enum(releaseStates),
  /** Once released: the contact's private watch link (also e-mailed). */
  watch_url: z.string().nullable(),
});
/** What the owner's alive page shows before they press the button. */
export const alivePage = z.object({
  first_name: z.string(),
  open_report: z.boolean(),
  /** A check-in link also proves the owner alive when no report is open. */
  purpose: z.enum(['report', 'check-in']),
  /** While a report waits: when the message will be released unless cancelled. */
  release_at: z.string().nullable(),
  /** Once the report's waiting period ended: when the message was released (the owner may seal it again). */
  released_at: z.string().nullable(),
});

/** After a mistaken release, the owner seals the message again (docs/product.md §6.6). */
export const RESEALED_MESSAGE =
  'Your final message is sealed again. Its access code and the links sent at its release no longer open it.';
export const NOTHING_TO_RESEAL_MESSAGE =
  'Your final message has not been released: there is nothing to seal again.';
/** A home that published the message before it was sealed again: only the home can take it down. */
export const resealResult = z.object({
  published: z.array(z.object({ home_name: z.string(), email: z.string(), published_at: z.string() })),
  /** Grants others made that no home had published yet, now withdrawn. */
  withdrawn: z.number(),
});
export type ResealResult = z.infer<typeof resealResult>;

export const adminLegacyListQuery = listQuery(
  ['reported_at', 'release_at', 'state'],
  'reported_at',
).safeExtend({
  state: z
    .union([z.enum(reportStates), z.literal('')], {
      error: 'The state must be one of: ' + reportStates.join(', ') + '.',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AdminLegacyListQuery = z.output<typeof adminLegacyListQuery>;
export const adminLegacyItem = legacyReport.extend({
  owner: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type AdminLegacyItem = z.infer<typeof adminLegacyItem>;
export type ContactPage = z.infer<typeof contactPage>;

/** The calls of the legacy module (decision 0127). */
export const legacyRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/web/user/legacy',
    tag: legacyTag,
    summary: 'The owner’s release settings, where the final message stands, the open report and the log',
    access: ['user'],
    response: legacySettingsResponse,
  }),
  saveSettings: defineRoute({
    method: 'POST',
    path: '/web/user/legacy',
    tag: legacyTag,
    summary: 'Save contacts (≤5; new ones get a role e-mail), waiting period, check-ins, available at once',
    access: ['user'],
    body: legacySettingsBody,
    response: legacySettingsResponse,
  }),
  resendContact: defineRoute({
    method: 'POST',
    path: '/web/user/legacy/contacts/:id/resend',
    tag: legacyTag,
    summary: 'Send a trusted contact their role e-mail again (a new link; the old one stops)',
    access: ['user'],
    params: idParams,
    response: legacySettingsResponse,
  }),
  cancelReport: defineRoute({
    method: 'POST',
    path: '/web/user/legacy/cancel',
    tag: legacyTag,
    summary: 'The signed-in owner cancels the open report (a sign-in alone cancels nothing)',
    access: ['user'],
    response: legacySettingsResponse,
  }),
  reportByCode: defineRoute({
    method: 'POST',
    path: '/web/user/video/:code/report-passing',
    tag: legacyTag,
    summary: 'A code holder or a listed funeral home reports the passing of the code’s author',
    access: ['user', 'funeral-home'],
    params: videoCodeParams,
    body: reportPassingBody,
    response: reportResponse,
  }),
  contactPage: defineRoute({
    method: 'GET',
    path: '/legacy/contact/:token',
    tag: legacyTag,
    summary: 'A trusted contact’s page (no account): shows their role; confirms nothing by itself',
    access: 'public',
    params: legacyTokenParams,
    response: z.object({ data: contactPage }),
  }),
  confirmContact: defineRoute({
    method: 'POST',
    path: '/legacy/contact/:token/confirm',
    tag: legacyTag,
    summary: 'A trusted contact accepts their role',
    access: 'public',
    params: legacyTokenParams,
    response: z.object({ message: z.string(), data: contactPage }),
  }),
  reportByContact: defineRoute({
    method: 'POST',
    path: '/legacy/contact/:token/report',
    tag: legacyTag,
    summary: 'A trusted contact reports the passing (no account)',
    access: 'public',
    params: legacyTokenParams,
    body: reportPassingBody,
    response: reportResponse,
  }),
  alivePage: defineRoute({
    method: 'GET',
    path: '/legacy/alive/:token',
    tag: legacyTag,
    summary: 'The owner’s “I’m alive” page (no account): shows, changes nothing (mail scanners follow links)',
    access: 'public',
    params: legacyTokenParams,
    response: z.object({ data: alivePage }),
  }),
  alive: defineRoute({
    method: 'POST',
    path: '/legacy/alive/:token',
    tag: legacyTag,
    summary: 'The owner proves they are alive: cancels the open report, answers the check-in',
    access: 'public',
    params: legacyTokenParams,
    response: z.object({ message: z.string() }),
  }),
  resealByAlive: defineRoute({
    method: 'POST',
    path: '/legacy/alive/:token/reseal',
    tag: legacyTag,
    summary: 'The owner, alive after a release, seals the final message again from their alive link',
    access: 'public',
    params: legacyTokenParams,
    response: z.object({ message: z.string(), data: resealResult }),
  }),
  reseal: defineRoute({
    method: 'POST',
    path: '/web/user/legacy/reseal',
    tag: legacyTag,
    summary: 'The signed-in owner seals their released final message again',
    access: ['user'],
    response: z.object({ message: z.string(), data: resealResult }),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/admin/legacy',
    tag: legacyTag,
    summary: 'Reports and releases: search (owner), state, dates, sort, paged',
    access: ['admin'],
    query: adminLegacyListQuery,
    response: paginatedResponse(adminLegacyItem),
  }),
  adminHalt: defineRoute({
    method: 'POST',
    path: '/admin/legacy/:id/halt',
    tag: legacyTag,
    summary: 'Halt a disputed release before it happens (the owner is told; logged)',
    access: ['admin'],
    params: idParams,
    body: z.object({ reason: requiredText('reason', 1000) }),
    response: z.object({ message: z.string(), data: adminLegacyItem }),
  }),
};
