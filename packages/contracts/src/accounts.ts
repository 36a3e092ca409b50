import { z } from 'zod';
import {
  adminProfileUpdateBody,
  changePasswordBody,
  funeralHomeSignupBody,
  loginBody,
  photoFile,
  profileUpdateBody,
  resetPasswordBody,
  setPasswordBody,
  userSignupBody,
  verifyCodeBody,
} from './account-forms';
import { defineRoute, type RouteAccess } from './route';
import { ACCOUNT_MESSAGES } from './account-messages';

export { ACCOUNT_MESSAGES };
import { activePlanSchema } from './subscriptions';
import { accountTypes, type AccountType } from './account-types';

export { accountTypes, type AccountType };

/** docs/product.md §13.4 session user + the profile fields every role shares. */
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
  /** The running plans: `home_plan` decides the post-login route (docs/product.md §13.3); null for admins. */
  active_plan: activePlanSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** Login and sign-up answer alike, so a new account is signed in at once. */
export const loginResponse = z.object({
  message: z.string().optional(),
  data: z.object({ user: accountSchema, token: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Profile reads and updates. */
export const accountResponse = z.object({ message: z.string().optional(), data: accountSchema });
export type AccountResponse = z.infer<typeof accountResponse>;

/** Calls whose answer is only a sentence to show (logout, reset steps, change password, contact us). */
export const messageResponse = z.object({ message: z.string(), data: z.null() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * The calls of the accounts module (decision 0127). The user area (`/web/user/...`) serves users and
 * funeral homes, the admin area admins (docs/product.md §1.2); the same call in each area or per role is
 * built by one function below, but every route keeps its literal path.
 */
const tag = 'Accounts';

/**
 * A form with its optional photo. Typed by hand: on a generic object `safeExtend` answers the loose shape
 * of `z.ZodObject` (every field `any`), which would lose the callers' body types (web, e2e).
 */
const withPhoto = <S extends z.core.$ZodShape>(body: z.ZodObject<S>) =>
  (body as z.ZodObject).safeExtend({ photo: photoFile }) as unknown as z.ZodObject<
    S & { photo: typeof photoFile }
  >;

const signup = <const P extends string, S extends z.core.$ZodShape>(
  path: P,
  summary: string,
  body: z.ZodObject<S>,
) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary,
    access: 'public',
    body: withPhoto(body),
    response: loginResponse,
    status: 201,
  });

const login = <const P extends string>(path: P, who: string) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: `Log in (${who} only); remember: false gives 12 hours, true 30 days`,
    access: 'public',
    body: loginBody,
    response: loginResponse,
  });

const logout = <const P extends string, const A extends RouteAccess>(path: P, access: A) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: 'Log out: revokes the calling credential',
    access,
    response: messageResponse,
  });

const resetPassword = <const P extends string>(path: P, who: string) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: `Forgot password, step 1 (${who}): e-mails a 6-digit code valid 10 minutes; same answer for unknown e-mails`,
    access: 'public',
    body: resetPasswordBody,
    response: messageResponse,
  });

const verifyCode = <const P extends string>(path: P) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: 'Forgot password, step 2: checks the code (token) without spending it; 5 wrong tries kill it',
    access: 'public',
    body: verifyCodeBody,
    response: messageResponse,
  });

const setPassword = <const P extends string>(path: P) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: 'Forgot password, step 3: sets the password, spends the code, signs out every session',
    access: 'public',
    body: setPasswordBody,
    response: messageResponse,
  });

const profile = <const P extends string, const T extends AccountType>(path: P, role: T) =>
  defineRoute({
    method: 'GET',
    path,
    tag,
    summary: `The signed-in ${role}'s account`,
    access: [role],
    response: accountResponse,
  });

const profileUpdate = <const P extends string, const T extends AccountType, S extends z.core.$ZodShape>(
  path: P,
  role: T,
  body: z.ZodObject<S>,
) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: `Update the ${role}'s profile; a new photo replaces the old one`,
    access: [role],
    body: withPhoto(body),
    response: accountResponse,
  });

const changePassword = <const P extends string, const T extends AccountType>(path: P, role: T) =>
  defineRoute({
    method: 'POST',
    path,
    tag,
    summary: 'Change password: keeps this session, signs out every other one',
    access: [role],
    body: changePasswordBody,
    response: messageResponse,
  });

const webUsers = 'users and funeral homes';

export const accountRoutes = {
  userSignup: signup(
    '/web/user/signup',
    'Sign up as a user (18 or older); signs the new account in',
    userSignupBody,
  ),
  funeralHomeSignup: signup(
    '/web/funeral-home/signup',
    'Sign up as a funeral home; signs the new account in',
    funeralHomeSignupBody,
  ),

  webLogin: login('/web/user/login', webUsers),
  adminLogin: login('/admin/login', 'admins'),
  webLogout: logout('/web/user/logout', ['user', 'funeral-home']),
  adminLogout: logout('/admin/logout', ['admin']),

  webResetPassword: resetPassword('/web/user/reset/password', webUsers),
  adminResetPassword: resetPassword('/admin/reset/password', 'admins'),
  webVerifyCode: verifyCode('/web/user/verify/code'),
  adminVerifyCode: verifyCode('/admin/verify/code'),
  webSetPassword: setPassword('/web/user/set/password'),
  adminSetPassword: setPassword('/admin/set/password'),

  userProfile: profile('/web/user/profile', 'user'),
  funeralHomeProfile: profile('/web/funeral-home/profile', 'funeral-home'),
  adminProfile: profile('/admin/profile', 'admin'),
  userProfileUpdate: profileUpdate('/web/user/profile/update', 'user', profileUpdateBody),
  funeralHomeProfileUpdate: profileUpdate(
    '/web/funeral-home/profile/update',
    'funeral-home',
    profileUpdateBody,
  ),
  adminProfileUpdate: profileUpdate('/admin/profile/update', 'admin', adminProfileUpdateBody),
  userChangePassword: changePassword('/web/user/change-password', 'user'),
  funeralHomeChangePassword: changePassword('/web/funeral-home/change-password', 'funeral-home'),
  adminChangePassword: changePassword('/admin/change-password', 'admin'),

  /**
   * A profile photo (the photo_path of an account) at its unguessable name (decision 0033): public,
   * cached for a year. The answer is the image itself.
   */
  photo: defineRoute({
    method: 'GET',
    path: '/media/photos/:name',
    tag,
    summary: 'A profile photo (the photo_path of an account)',
    access: 'public',
    params: z.object({ name: z.string() }),
    response: z.unknown().meta({ description: 'The image (jpeg, png, gif, webp or svg)' }),
  }),
};
