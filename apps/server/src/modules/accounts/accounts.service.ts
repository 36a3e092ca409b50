import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DATE_OF_BIRTH_MESSAGES,
  emailField,
  funeralHomeSignupBody,
  userSignupBodyOn,
  type Account,
} from '@pw/contracts';
import type { z } from 'zod';
import type {
  adminProfileUpdateBody,
  changePasswordBody,
  loginBody,
  profileUpdateBody,
  setPasswordBody,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import { hello } from '../../platform/mail/greeting';
import { escapeHtml } from '../../platform/mail/html';
import type { Mailer } from '../../platform/mail/mailer';
import type { Storage } from '../../platform/storage/storage';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import { createFailureThrottle } from '../../platform/rate-limit/failure-throttle';
import type { AppDeps } from '../app-deps';
import type { EventBus } from '../../platform/events/events';
import { forbidden, invalid, unauthorized, validationFailed, type FieldErrors } from '../../platform/errors';
import { fieldErrorsFromIssues } from '../../platform/http/zod-errors';
import type { AccountType } from './accounts.schema';
import type { AccountsRepo, UserRow } from './accounts.repo';
import { isUniqueViolation } from './accounts.repo';
import type { SessionStore } from './sessions';
import type { AuthAccount } from './auth.guard';
import { DEACTIVATED_MESSAGE } from './auth.guard';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { photoUrl, storePhoto, type InspectedPhoto } from './photos';
import {
  codeRules,
  codeTriesPrefix,
  codeTriesRule,
  loginRules,
  RESET_CODE_TTL_MS,
  resetRules,
  rule,
} from './accounts.limits';
import { passwordChangedNotice } from './accounts.notices';
import './accounts.events';

export const MESSAGES = {
  signedUp: 'Your account has been created.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  /** One answer for an unknown e-mail, a wrong password and the wrong area (docs/decisions/0011). */
  invalidCredentials: 'These credentials do not match our records.',
  deactivated: DEACTIVATED_MESSAGE,
  emailTaken: 'The email has already been taken.',
  underage: DATE_OF_BIRTH_MESSAGES.underage,
  dateOfBirthInFuture: DATE_OF_BIRTH_MESSAGES.future,
  resetSent: 'If an account exists for this e-mail, we have sent a verification code.',
  invalidCode: 'The verification code is invalid or has expired.',
  codeValid: 'The verification code is valid.',
  passwordReset: 'Your password has been reset. Please login to continue',
  passwordChanged: 'Your password has been changed.',
  wrongOldPassword: 'The old password is incorrect.',
  profileUpdated: 'Your profile has been updated.',
} as const;

/** The user area (`/web/user/...`) serves users and funeral homes; the admin area only admins. */
export type Area = 'web' | 'admin';
const belongsTo = (type: AccountType, area: Area) => (area === 'admin' ? type === 'admin' : type !== 'admin');

/** The account as the client reads it (spec §3 session user and profile). */
export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    type: row.type,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    home_name: row.homeName,
    dialing_code: row.dialingCode,
    phone: row.phone,
    address: row.address,
    map_link: row.mapLink,
    photo_path: photoUrl(row.photoKey),
    date_of_birth: row.dateOfBirth,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    // Plans arrive with a later issue; until then nobody has a membership.
    active_plan: null,
  };
}

export interface AccountsServiceDeps {
  repo: AccountsRepo;
  sessions: SessionStore;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  rateLimiter: RateLimiter;
  events: EventBus;
  /** The owner's "password changed" notice (in the app and by e-mail), created with the change. */
  notifications: Pick<AppDeps['notifications'], 'notify'>;
  /** Keys the HMAC of reset codes, so a copy of the database alone does not give the codes away. */
  secret: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

type UserSignup = z.output<ReturnType<typeof userSignupBodyOn>>;
type FuneralHomeSignup = z.output<typeof funeralHomeSignupBody>;
type SignupKind = 'user' | 'funeral-home';

/** The sign-up form's photo as the route read it: stored only once every field is right. */
export interface SignupPhoto {
  photo: InspectedPhoto | undefined;
  photoErrors: FieldErrors;
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repo, sessions, clock, rateLimiter } = deps;
  const throttle = createFailureThrottle(rateLimiter);

  const codeHash = (userId: number, code: string) =>
    createHmac('sha256', deps.secret).update(`password-reset:${userId}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  async function deletePhoto(key: string | null) {
    if (!key) return;
    // The row no longer points at it; a leftover file is harmless, so a failure is only logged.
    await deps.storage
      .delete(key)
      .catch((error) => deps.logger.warn({ err: error, key }, 'photo not deleted'));
  }

  async function signIn(user: UserRow, remember: boolean) {
    const token = await sessions.create(user.id, remember);
    return { user: toAccount(user), token };
  }

  function sendResetCode(user: UserRow, code: string) {
    const minutes = RESET_CODE_TTL_MS / 60_000;
    const text =
      `${hello(user.firstName)}\n\n` +
      `Your Parting Words verification code is ${code}.\n` +
      `It is valid for ${minutes} minutes and can be used once.\n\n` +
      'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n\n' +
      'Parting Words';
    const html =
      `<p>${escapeHtml(hello(user.firstName))}</p>` +
      `<p>Your Parting Words verification code is</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
      `<p>It is valid for ${minutes} minutes and can be used once.</p>` +
      '<p>If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.</p>' +
      '<p>Parting Words</p>';
    // Not awaited: the answer must take as long whether or not the e-mail is registered (an SMTP
    // round trip would tell). The code row is already committed; a lost mail means asking again.
    void deps.mailer
      .send({ to: user.email, subject: 'Your Parting Words verification code', text, html })
      .catch((error) => deps.logger.error({ err: error, userId: user.id }, 'reset code e-mail failed'));
  }

  /**
   * Checks a reset code. A wrong one counts as a failure (per account and address, per address, per
   * account) and as a try at the current code from this address (after 5 the code is dead there). With
   * `newPassword`, a right code is spent and the password set in the same transaction.
   */
  async function checkCode(area: Area, email: string, code: string, ip: string, newPassword?: string) {
    const attempt = await throttle.begin(codeRules(email, ip));
    const tries = codeTriesRule(email, ip);
    const tried = await rateLimiter.count(tries);
    const user = await repo.findByEmail(email);
    if (!user || !belongsTo(user.type, area) || !tried.allowed) throw invalid('token', MESSAGES.invalidCode);
    // Hashed before the code row is locked: argon2 takes a while.
    const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
    const now = clock.now();
    const check = await repo.checkResetCode(
      user.id,
      (row) => sameHash(row.codeHash, codeHash(user.id, code)),
      {
        now,
        consume:
          passwordHash === undefined
            ? undefined
            : (tx) => repo.setPasswordRevokingSessions(tx, user.id, passwordHash, now),
      },
    );
    if (!check.ok) throw invalid('token', MESSAGES.invalidCode);
    await attempt.succeeded();
    await rateLimiter.refund(tries);
  }

  return {
    /**
     * Checks the whole form at once — every field (the age on the server's clock), the photo and
     * whether the e-mail is free — so one 422 names every problem, then creates and signs in the account.
     */
    async signup(
      kind: SignupKind,
      raw: Record<string, unknown>,
      { photo, photoErrors }: SignupPhoto,
      ip: string,
    ) {
      const schema = kind === 'user' ? userSignupBodyOn(clock.now()) : funeralHomeSignupBody;
      const parsed = schema.safeParse(raw);
      const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      Object.assign(errors, photoErrors);
      const email = emailField.safeParse(raw.email);
      if (email.success) {
        // The answer tells whether an e-mail is registered: rate-limited, as a sign-up that goes through is.
        await rateLimiter.consume(rule('signupPerIp', ip));
        if (await repo.findByEmail(email.data)) (errors.email ??= []).push(MESSAGES.emailTaken);
      }
      if (!parsed.success || Object.keys(errors).length > 0) throw validationFailed(errors);
      const input: UserSignup | FuneralHomeSignup = parsed.data;

      const passwordHash = await hashPassword(input.password);
      const photoKey = photo ? await storePhoto(deps.storage, photo) : null;
      const now = clock.now();
      let user: UserRow;
      try {
        user = await repo.insertUser({
          type: kind,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          homeName: 'home_name' in input ? input.home_name : null,
          phone: input.phone,
          address: input.address,
          mapLink: input.map_link ?? null,
          photoKey,
          dateOfBirth: 'date_of_birth' in input ? input.date_of_birth : null,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        await deletePhoto(photoKey);
        // Two sign-ups with the same e-mail at once: the unique index decides.
        if (isUniqueViolation(error)) throw invalid('email', MESSAGES.emailTaken);
        throw error;
      }
      const result = await signIn(user, false);
      await deps.events.emit('account.created', { accountId: user.id, type: kind });
      return result;
    },

    async login(area: Area, input: z.output<typeof loginBody>, ip: string) {
      const attempt = await throttle.begin(loginRules(input.email, ip));
      const user = await repo.findByEmail(input.email);
      // An unknown e-mail still costs one argon2 verification, so timing does not tell it apart.
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!user || !passwordOk || !belongsTo(user.type, area))
        throw unauthorized(MESSAGES.invalidCredentials);
      // The password was right: not a failure, even when the account turns out deactivated.
      await attempt.succeeded();
      if (user.status !== 1) throw forbidden(MESSAGES.deactivated);
      return signIn(user, input.remember);
    },

    async logout(account: AuthAccount) {
      await sessions.revoke(account.sessionId);
    },

    /** Sends a code when the e-mail belongs to an account of this area; the answer is the same either way. */
    async requestReset(area: Area, email: string, ip: string) {
      // Every request counts (each one is an e-mail), never given back.
      await throttle.begin(resetRules(email, ip));
      const user = await repo.findByEmail(email);
      if (!user || !belongsTo(user.type, area)) return;
      // The tries at the previous code (now dead) no longer matter.
      await rateLimiter.resetPrefix(codeTriesPrefix(email));
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const now = clock.now();
      await repo.replaceResetCode(
        user.id,
        codeHash(user.id, code),
        now,
        new Date(now.getTime() + RESET_CODE_TTL_MS),
      );
      sendResetCode(user, code);
    },

    async verifyCode(area: Area, email: string, code: string, ip: string) {
      await checkCode(area, email, code, ip);
    },

    /** Sets the password with a live code, spends the code and signs the account out everywhere. */
    async setPassword(area: Area, input: z.output<typeof setPasswordBody>, ip: string) {
      await checkCode(area, input.email, input.token, ip, input.password);
      // This address may sign in at once, even if it mistyped the old password many times.
      await rateLimiter.reset(loginRules(input.email, ip).pair.key);
    },

    async profile(account: AuthAccount): Promise<Account> {
      const user = await repo.findById(account.id);
      if (!user) throw unauthorized();
      return toAccount(user);
    },

    async updateProfile(
      account: AuthAccount,
      input: z.output<typeof profileUpdateBody> | z.output<typeof adminProfileUpdateBody>,
      photo: InspectedPhoto | undefined,
    ): Promise<Account> {
      const current = await repo.findById(account.id);
      if (!current) throw unauthorized();
      const photoKey = photo ? await storePhoto(deps.storage, photo) : current.photoKey;
      const values: Parameters<AccountsRepo['updateUser']>[1] = {
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        photoKey,
        updatedAt: clock.now(),
      };
      // The admin form's country picker always sends a dialing code; a form without one keeps it.
      if ('dialing_code' in input && input.dialing_code) values.dialingCode = input.dialing_code;
      if ('address' in input) {
        values.address = input.address;
        values.mapLink = input.map_link;
        if (current.type === 'funeral-home' && input.home_name) values.homeName = input.home_name;
      }
      let updated: UserRow;
      try {
        updated = await repo.updateUser(account.id, values);
      } catch (error) {
        if (photo) await deletePhoto(photoKey);
        throw error;
      }
      // The old photo goes once the row points at the new one: its URL simply stops working.
      if (photo) await deletePhoto(current.photoKey);
      return toAccount(updated);
    },

    /** Keeps the calling session, revokes every other one (PRODUCT.md). */
    async changePassword(account: AuthAccount, input: z.output<typeof changePasswordBody>) {
      await rateLimiter.consume(rule('changePasswordPerAccount', account.id));
      const user = await repo.findById(account.id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, input.old_password)))
        throw invalid('old_password', MESSAGES.wrongOldPassword);
      const passwordHash = await hashPassword(input.password);
      // All or nothing: a new password with other sessions still alive, or without the owner being
      // told, must never be committed.
      await repo.changePassword(user.id, passwordHash, clock.now(), account.sessionId, (tx) =>
        deps.notifications.notify(user.id, passwordChangedNotice(), tx),
      );
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
