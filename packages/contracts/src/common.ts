import { z } from 'zod';

/** docs/product.md §13.6: non-space text without @, an @, more such text, a dot, more such text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one wording of a missing field, shared by the schemas and the web forms that check first. */
export const requiredMessage = (label: string) => `The ${label} field is required.`;

export const EMAIL_MESSAGES = {
  invalid: 'Please enter a valid e-mail address.',
  tooLong: 'The e-mail address is too long.',
} as const;

/** docs/product.md §13.5: what a form shows for a choice that is not one of those offered (any list). */
export const INVALID_OPTION = 'Please select a valid option.';

export const emailField = z
  .string()
  .trim()
  .min(1, requiredMessage('email'))
  .regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalid)
  .max(254, EMAIL_MESSAGES.tooLong)
  .transform((value) => value.toLowerCase());

export const requiredText = (label: string, max = 255) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage(label))
    .max(max, `The ${label} may not be longer than ${max} characters.`);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** True for an absolute http: or https: URL with a host (no `javascript:`, `data:` or bare words). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const MAP_LINK_MESSAGE = 'The map link must be a web address starting with https:// or http://.';

/**
 * A map link (docs/product.md §13.6): only a web address, so it can never become a `javascript:` link on a
 * page.
 */
const mapLinkText = (max: number) =>
  z.string().trim().max(max, `The map link may not be longer than ${max} characters.`);

/** Required map link (edit profile, docs/product.md §13.6). */
export const requiredMapLink = (max = 2000) =>
  mapLinkText(max)
    .min(1, { error: 'The map link field is required.', abort: true })
    .refine(isHttpUrl, MAP_LINK_MESSAGE);

/** Optional map link (sign-up): empty means none; anything typed must be a web address. */
export const optionalMapLink = (max = 2000) =>
  mapLinkText(max)
    .refine((value) => value === '' || isHttpUrl(value), MAP_LINK_MESSAGE)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Passwords: at least 8 characters (NIST 800-63B: length over composition rules), at most 128. */
export const passwordField = z
  .string()
  .min(8, 'The password must be at least 8 characters.')
  .max(128, 'The password may not be longer than 128 characters.');

/** docs/product.md §13.7: page size default 10, page 1; options 10, 25, 50, All (999). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(999).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Envelope<T> {
  message?: string;
  data: T;
}

/** The 422 body. */
export interface ValidationErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** "1"/"0", "true"/"false", true/false, 1/0 as sent by forms and JSON alike. */
export const booleanish = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on');

/**
 * A record's id in a path: a positive integer. Anything else (`abc`, `-1`, a 30-digit number) is simply
 * not found: it becomes 0, which no row has, so the answer is the same 404 as for an unknown id.
 */
export const recordId = z.string().transform((value) => (/^\d{1,9}$/.test(value) ? Number(value) : 0));

/** `/{id}/…` paths. */
export const idParams = z.object({ id: recordId });

/**
 * The platform's answer (429) when an account asks it to e-mail other people more often than its limit
 * allows (the outbound e-mail limit: per account and per recipient; see docs/operations.md).
 */
export const MAIL_LIMIT_MESSAGE =
  'You have asked us to send too many e-mails for now. Nothing was sent; please try again later.';
export const MAIL_RECIPIENT_LIMIT_MESSAGE =
  'This address has already received enough e-mails from you today. Nothing was sent; please try again later.';
