import { z } from 'zod';
import { DATE_OF_BIRTH_MESSAGES, LEGAL_AGE } from './account-messages';

export { DATE_OF_BIRTH_MESSAGES, LEGAL_AGE };
import {
  booleanish,
  emailField,
  optionalMapLink,
  optionalText,
  passwordField,
  requiredMapLink,
  requiredText,
} from './common';

/** The forms of the accounts calls: sign-up, login, password reset and change, profile updates. */

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, 'The password field is required.'),
  remember: booleanish.optional().default(false),
});

/** The optional `photo` file of multipart forms, for the API reference only (files never pass zod). */
export const photoFile = z
  .file()
  .optional()
  .meta({ description: 'jpeg, png, gif, webp or svg, up to 15 MB' });

/** docs/product.md §13.4 sign-up: the funeral home adds home_name; the user adds date_of_birth (18+, docs/product.md §2.1). */
const signupBase = {
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  email: emailField,
  phone: requiredText('phone', 20),
  address: requiredText('address', 500),
  map_link: optionalMapLink(),
  password: passwordField,
  password_confirmation: z.string(),
};

const confirmMatches = <T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'The password confirmation does not match.',
    });
  }
};

/**
 * Zod skips an object's refinements once any field is missing; the comparison only needs the two
 * passwords, so it runs whenever both are text: a mismatch is reported with every other field error.
 */
const whenBothPasswords = {
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.password_confirmation === 'string';
  },
};

/** "2023-02-30" matches the pattern but is no day of the calendar (the shape is the pattern's concern). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC calendar days). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Date of birth on `today` (the server's clock): required, a real calendar day, in the past, and
 * 18 or more years ago (docs/product.md §2.1). Each step stops the next, so one problem gives one sentence.
 */
export function dateOfBirthField(today: Date) {
  const todayIso = today.toISOString().slice(0, 10);
  return z
    .string({ error: DATE_OF_BIRTH_MESSAGES.required })
    .trim()
    .min(1, { error: DATE_OF_BIRTH_MESSAGES.required, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_OF_BIRTH_MESSAGES.shape, abort: true })
    .refine(isCalendarDate, { error: DATE_OF_BIRTH_MESSAGES.calendar, abort: true })
    .refine((value) => value <= todayIso, { error: DATE_OF_BIRTH_MESSAGES.future, abort: true })
    .refine((value) => ageOn(value, today) >= LEGAL_AGE, DATE_OF_BIRTH_MESSAGES.underage);
}

/** User sign-up as checked on `today`; every field's problem is reported in one answer. */
export const userSignupBodyOn = (today: Date) =>
  z
    .object({ ...signupBase, date_of_birth: dateOfBirthField(today) })
    .superRefine(confirmMatches, whenBothPasswords);

/** The user sign-up's shape, for types and the API reference (the server checks with `userSignupBodyOn`). */
export const userSignupBody = userSignupBodyOn(new Date());

export const funeralHomeSignupBody = z
  .object({ ...signupBase, home_name: requiredText('home name', 200) })
  .superRefine(confirmMatches, whenBothPasswords);

export const resetPasswordBody = z.object({ email: emailField });

/** The e-mailed code; `token` is the contract's name for it. */
const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The verification code must be 6 digits.');

/**
 * The e-mail is required with the code in both areas (docs/product.md §2.3): a code alone cannot be
 * tied to one account safely, and the client knows the e-mail from the step before.
 */
export const verifyCodeBody = z.object({ email: emailField, token: codeField });
export const setPasswordBody = z
  .object({
    email: emailField,
    token: codeField,
    password: passwordField,
    password_confirmation: z.string(),
  })
  .superRefine(confirmMatches);

export const changePasswordBody = z
  .object({
    old_password: z.string().min(1, 'The old password field is required.'),
    password: passwordField,
    password_confirmation: z.string(),
  })
  .superRefine(confirmMatches);

/** docs/product.md §13.6: first_name, last_name, phone required; address and map_link required for users and homes. */
export const profileUpdateBody = z.object({
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  phone: requiredText('phone', 20),
  address: requiredText('address', 500),
  map_link: requiredMapLink(),
  home_name: optionalText(200),
});

/** Admin profile (docs/product.md §13.2): the phone comes with its dialing code from the country picker (15 digits max). */
export const adminProfileUpdateBody = z.object({
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  phone: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, 'The phone must be up to 15 digits.'),
  dialing_code: optionalText(8),
});

/** docs/product.md §13.6 image uploader. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
/** docs/product.md §13.6's image uploader message, word for word: the server's refusal and the uploader's own. */
export const IMAGE_TYPE_MESSAGE = 'Only image files (jpg, png, gif, webp, svg) are allowed.';
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
