import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  emailField,
  funeralHomeSignupBody,
  userSignupBodyOn,
  type loginBody,
  ACCOUNT_MESSAGES,
} from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import type { EventBus } from '../../../platform/events/events';
import {
  forbidden,
  invalid,
  unauthorized,
  validationFailed,
  type FieldErrors,
} from '../../../platform/errors';
import { fieldErrorsFromIssues } from '../../../platform/http/zod-errors';
import { createFailureThrottle } from '../../../platform/rate-limit/failure-throttle';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limit';
import type { Storage } from '../../../platform/storage/storage';
import { isUniqueViolation, type AccountsRepo, type UserRow } from '../accounts.repo';
import { loginRules, rule } from '../accounts.limits';
import { accountView, belongsTo, type ActivePlansOf, type Area } from '../accounts.view';
import type { AuthAccount } from './auth.guard';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { deletePhoto, storePhoto, type FormPhoto } from '../photos';
import type { SessionStore } from './sessions';
import '../accounts.events';
import { isActiveAccount } from '../account-reads';

export interface AuthServiceDeps {
  repo: AccountsRepo;
  sessions: SessionStore;
  clock: Clock;
  storage: Storage;
  rateLimiter: RateLimiter;
  events: EventBus;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** `active_plan` of the login answer (the post-login rule of docs/product.md §13.3 reads it). */
  activePlans: ActivePlansOf;
}

type UserSignup = z.output<ReturnType<typeof userSignupBodyOn>>;
type FuneralHomeSignup = z.output<typeof funeralHomeSignupBody>;
type SignupKind = 'user' | 'funeral-home';

/** Sign-up, login and logout (docs/product.md §13.4); the password reset is password-reset.service.ts. */
export function createAuthService(deps: AuthServiceDeps) {
  const { repo, sessions, clock, rateLimiter } = deps;
  const throttle = createFailureThrottle(rateLimiter);

  async function signIn(user: UserRow, remember: boolean) {
    const token = await sessions.create(user.id, remember);
    return { user: await accountView(user, deps.activePlans), token };
  }

  return {
    /**
     * Checks the whole form at once — every field (the age on the server's clock), the photo and
     * whether the e-mail is free — so one 422 names every problem, then creates and signs in the account.
     */
    async signup(
      kind: SignupKind,
      raw: Record<string, unknown>,
      { photo, photoErrors }: FormPhoto,
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
        if (await repo.findByEmail(email.data)) (errors.email ??= []).push(ACCOUNT_MESSAGES.emailTaken);
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
        await deletePhoto(deps.storage, deps.logger, photoKey);
        // Two sign-ups with the same e-mail at once: the unique index decides.
        if (isUniqueViolation(error)) throw invalid('email', ACCOUNT_MESSAGES.emailTaken);
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
        throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
      // The password was right: not a failure, even when the account turns out deactivated.
      await attempt.succeeded();
      if (!isActiveAccount(user)) throw forbidden(ACCOUNT_MESSAGES.deactivated);
      return signIn(user, input.remember);
    },

    async logout(account: AuthAccount) {
      await sessions.revoke(account.sessionId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
