import { z } from 'zod';
import { booleanish, emailField, optionalText, passwordField, requiredText } from './common';

export const accountTypes = ['user', 'funeral-home', 'admin'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Spec §3 session user + the profile fields every role shares. */
export const accountSchema = z.object({
  id: z.number(),
  type: z.enum(accountTypes),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  home_name: z.string().nullable().optional(),
  dialing_code: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  map_link: z.string().nullable(),
  photo_path: z.string().nullable(),
  date_of_birth: z.string().nullable().optional(),
  status: z.number(),
  created_at: z.string(),
  /** The membership that decides the post-login route (spec §2); null until plans arrive. */
  active_plan: z.object({ home_plan: z.unknown().nullable() }).nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, 'The password field is required.'),
  remember: booleanish.optional().default(false),
});

export const loginResponse = z.object({
  message: z.string().optional(),
  data: z.object({ user: accountSchema, token: z.string() }),
});

/** Spec §3 sign-up: the funeral home adds home_name; the user adds date_of_birth (18+, PRODUCT.md). */
const signupBase = {
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  email: emailField,
  phone: requiredText('phone', 20),
  address: requiredText('address', 500),
  map_link: optionalText(2000),
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

export const LEGAL_AGE = 18;

export const userSignupBody = z
  .object({
    ...signupBase,
    date_of_birth: z
      .string({ error: 'The date of birth field is required.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be a date (YYYY-MM-DD).'),
  })
  .superRefine(confirmMatches);

export const funeralHomeSignupBody = z
  .object({ ...signupBase, home_name: requiredText('home name', 200) })
  .superRefine(confirmMatches);

export const resetPasswordBody = z.object({ email: emailField });
export const verifyCodeBody = z.object({
  email: emailField,
  token: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code must be 6 digits.'),
});
export const setPasswordBody = z
  .object({
    email: emailField,
    token: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code must be 6 digits.'),
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

/** Spec §5: first_name, last_name, phone required; address and map_link required for users and homes. */
export const profileUpdateBody = z.object({
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  phone: requiredText('phone', 20),
  address: requiredText('address', 500),
  map_link: requiredText('map link', 2000),
  home_name: optionalText(200),
});

/** Admin profile (spec 001 §7): the phone comes with its dialing code from the country picker (15 digits max). */
export const adminProfileUpdateBody = z.object({
  first_name: requiredText('first name', 100),
  last_name: requiredText('last name', 100),
  phone: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, 'The phone must be up to 15 digits.'),
  dialing_code: optionalText(8),
});

export const contactUsBody = z.object({
  name: requiredText('name', 200),
  email: emailField,
  subject: requiredText('subject', 200),
  message: requiredText('message', 5000),
});

/** Spec §5 image uploader. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
