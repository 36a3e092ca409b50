import { z } from 'zod';

/** Spec §5: non-space text without @, an @, more such text, a dot, more such text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, 'The email field is required.')
  .regex(EMAIL_PATTERN, 'Please enter a valid e-mail address.')
  .max(254, 'The e-mail address is too long.')
  .transform((value) => value.toLowerCase());

export const requiredText = (label: string, max = 255) =>
  z
    .string()
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be longer than ${max} characters.`);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Passwords: at least 8 characters (NIST 800-63B: length over composition rules), at most 128. */
export const passwordField = z
  .string()
  .min(8, 'The password must be at least 8 characters.')
  .max(128, 'The password may not be longer than 128 characters.');

/** Spec §9: page size default 10, page 1; options 10, 25, 50, All (999). */
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
