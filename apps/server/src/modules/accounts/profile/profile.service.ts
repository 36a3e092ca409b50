import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Account, adminProfileUpdateBody, changePasswordBody, profileUpdateBody } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import { invalid, unauthorized } from '../../../platform/errors';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limit';
import type { Storage } from '../../../platform/storage/storage';
import type { AccountNotifier } from '../accounts.notices';
import type { AccountsRepo, UserRow } from '../accounts.repo';
import { rule } from '../accounts.limits';
import { passwordChangedNotice } from '../accounts.notices';
import { accountView, type ActivePlansOf } from '../accounts.view';
import { type AuthAccount, hashPassword, verifyPassword } from '../auth';
import { deletePhoto, storePhoto, type InspectedPhoto } from '../photos';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

export interface ProfileServiceDeps {
  repo: AccountsRepo;
  clock: Clock;
  storage: Storage;
  rateLimiter: RateLimiter;
  /** The owner's "password changed" notice (in the app and by e-mail), created with the change. */
  notifications: AccountNotifier;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** `active_plan` of the profile. */
  activePlans: ActivePlansOf;
}

/** The signed-in account's own profile and password (docs/product.md §13.6, §13.2 for admins). */
export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, clock, rateLimiter } = deps;

  return {
    async profile(account: AuthAccount): Promise<Account> {
      const user = await repo.findById(account.id);
      if (!user) throw unauthorized();
      return accountView(user, deps.activePlans);
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
        if (photo) await deletePhoto(deps.storage, deps.logger, photoKey);
        throw error;
      }
      // The old photo goes once the row points at the new one: its URL simply stops working.
      if (photo) await deletePhoto(deps.storage, deps.logger, current.photoKey);
      return accountView(updated, deps.activePlans);
    },

    /** Keeps the calling session, revokes every other one (docs/product.md §2.2). */
    async changePassword(account: AuthAccount, input: z.output<typeof changePasswordBody>) {
      await rateLimiter.consume(rule('changePasswordPerAccount', account.id));
      const user = await repo.findById(account.id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, input.old_password)))
        throw invalid('old_password', ACCOUNT_MESSAGES.wrongOldPassword);
      const passwordHash = await hashPassword(input.password);
      // All or nothing: a new password with other sessions still alive, or without the owner being
      // told, must never be committed.
      await repo.changePassword(user.id, passwordHash, clock.now(), account.sessionId, (tx) =>
        deps.notifications.notify(user.id, passwordChangedNotice(), tx),
      );
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
