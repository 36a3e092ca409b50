import {
  FUNERAL_HOME_ACTIVATED,
  FUNERAL_HOME_DEACTIVATED,
  USER_ACTIVATED,
  USER_DEACTIVATED,
  FUNERAL_HOME_NOT_FOUND,
} from '@pw/contracts';
import type { Db } from '../../../platform/db';
import type { Clock } from '../../../platform/clock';
import { notFound } from '../../../platform/errors';
import type { AccountNotifier } from '../accounts.notices';
import type { AccountStatusRepo } from './account-status.repo';
import type { SessionStore } from '../auth';
import { accountStatusNotice } from './account-status.notices';

/** The two kinds of account an administrator may toggle; an admin's id is unknown here (404). */
export type ToggledAccountType = 'user' | 'funeral-home';

/** Resumes the deliveries held while the owner was deactivated (the delivery module's, built later). */
export type ResumeDeliveries = (ownerId: number, tx: Db) => Promise<unknown>;

export interface AccountStatusDeps {
  db: Db;
  repo: AccountStatusRepo;
  sessions: Pick<SessionStore, 'revokeAllFor'>;
  clock: Clock;
  notifications: AccountNotifier;
  resumeDeliveries: ResumeDeliveries;
}

const messages = {
  user: { 0: USER_DEACTIVATED, 1: USER_ACTIVATED },
  'funeral-home': { 0: FUNERAL_HOME_DEACTIVATED, 1: FUNERAL_HOME_ACTIVATED },
} as const;

const notFoundMessage = { user: 'User not found.', 'funeral-home': FUNERAL_HOME_NOT_FOUND } as const;

/**
 * Deactivating and activating an account (docs/product.md §2.6). Everything else that a deactivation
 * stops (logins, the reel and code search, ads, the directory, signed media, deliveries) reads
 * `users.status` at the moment it acts, so the status, the sessions, the owner's notice and the held
 * deliveries change here, in one transaction; a repeated request changes and sends nothing again.
 */
export function createAccountStatusService({
  db,
  repo,
  sessions,
  clock,
  notifications,
  resumeDeliveries,
}: AccountStatusDeps) {
  return {
    async change(type: ToggledAccountType, id: number, status: 0 | 1) {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const changed = await repo.changeStatus(id, type, status, now, tx);
        if (!changed) {
          if (!(await repo.exists(id, type, tx))) throw notFound(notFoundMessage[type]);
          return;
        }
        if (status === 0) await sessions.revokeAllFor(id, undefined, tx);
        else await resumeDeliveries(id, tx);
        await notifications.notify(id, accountStatusNotice(status), tx);
      });
      return { message: messages[type][status], data: { id, status } };
    },
  };
}

export type AccountStatusService = ReturnType<typeof createAccountStatusService>;
