import { bindMails } from '../../platform/mail/define';
import { accountsMails } from './accounts.mails';
import type { RouteAccess } from '@pw/contracts';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AccessGuard } from '../../platform/http/route';
import type { AccountNotifier } from './accounts.notices';
import {
  createAuthGuard,
  createAuthService,
  createPasswordResetService,
  createSessionStore,
  dummyPasswordHash,
  ensureFirstAdmin,
  registerAuthRoutes,
  verifyPassword,
  type AuthGuard,
  type SessionStore,
} from './auth';
import { createAccountsRepo } from './accounts.repo';
import { createProfileService, registerProfileRoutes } from './profile';
import { registerPhotoRoutes } from './photos';
import type { ActivePlansOf } from './accounts.view';
import {
  createAccountStatusRepo,
  createAccountStatusService,
  registerAccountStatusRoutes,
  type ResumeDeliveries,
} from './status';
import { createAccountRetentionRepo, type AccountRetentionRepo } from './account-retention.repo';
import type { DbTx } from '../../platform/db';

export { accountOf, type AuthAccount, type AuthGuard, type SessionStore } from './auth';
/** Sessions over a database with no app composed: a bench signs in an account it seeded. */
export { createSessionStore } from './auth';
export type { AccountType } from './accounts.schema';
/** The one rule of an active account, and the accounts as other modules read them (decision 0310). */
export { accountActiveById, accountsView, activeAccount, fullNameOf, isActiveAccount } from './account-reads';
/** A profile photo's public URL (the funeral-home directory shows homes' photos). */
export { photoUrl } from './photos';
/** The one way a form's photo is checked, stored and served (the memorial's photos use it too). */
export { checkFields, deletePhoto, photoUpload, readPhoto, storePhoto, type FormPhoto } from './photos';

export interface AccountsApi {
  sessions: SessionStore;
  auth: AuthGuard;
  /** The guard of a declared route's `access` (platform/http/route.ts). */
  guardFor: AccessGuard;
  /** The first administrator, from ADMIN_EMAIL/ADMIN_PASSWORD on first start. */
  ensureFirstAdmin(): Promise<void>;
  /** Whether `password` is the account's (argon2; false for an unknown account). */
  passwordMatches(accountId: number, password: string): Promise<boolean>;
  /**
   * Deletes the account's row in the caller's transaction (account-data's deletion; docs/product.md §11.6).
   */
  removeAccount(accountId: number, tx: DbTx): Promise<boolean>;
  /**
   * Locks an account still deactivated since `endedAt` for its retention deletion (docs/product.md §11.9).
   */
  holdEnded: AccountRetentionRepo['holdEnded'];
  /** Deletes expired or revoked sessions and used or expired reset codes (the retention sweep). */
  purgeSignInLeftovers: AccountRetentionRepo['purgeSignInLeftovers'];
}

/** What accounts calls in other modules. */
export interface AccountsNeeds {
  /** The owner's "password changed" notice, written in the transaction that changes the password. */
  notifications: AccountNotifier;
  /** The account's running plans for `active_plan` (the payments module's, built after accounts). */
  activePlans: ActivePlansOf;
  /** Activation resumes the account's held deliveries (the delivery module's, built after accounts). */
  resumeDeliveries: ResumeDeliveries;
}

/** Accounts: sign-up, login, sessions, profile, photos, and the guard every other module's routes use. */
export function createAccountsModule(platform: Platform, needs: AccountsNeeds): AppModule<AccountsApi> {
  const { db, clock, storage, rateLimiter, logger } = platform;
  const sessions = createSessionStore(db, clock);
  const auth = createAuthGuard(sessions);
  const guardFor = (access: RouteAccess) =>
    access === 'public'
      ? undefined
      : access === 'optional'
        ? auth.optional()
        : access === 'signed-in'
          ? auth.required()
          : auth.required(...access);

  const repo = createAccountsRepo(db);
  const authService = createAuthService({
    repo,
    sessions,
    clock,
    storage,
    rateLimiter,
    events: platform.events,
    logger,
    activePlans: needs.activePlans,
  });
  const passwordReset = createPasswordResetService({
    repo,
    clock,
    outbox: platform.outbox,
    rateLimiter,
    secret: platform.secret,
    logger,
  });
  const profile = createProfileService({
    repo,
    clock,
    storage,
    rateLimiter,
    notifications: needs.notifications,
    logger,
    activePlans: needs.activePlans,
  });

  const retention = createAccountRetentionRepo(db);
  const accountStatus = createAccountStatusService({
    db,
    repo: createAccountStatusRepo(db),
    sessions,
    clock,
    notifications: needs.notifications,
    resumeDeliveries: needs.resumeDeliveries,
  });

  return {
    name: 'accounts',
    mails: bindMails({}, accountsMails),
    routes: (router) => {
      registerAuthRoutes(router, authService, passwordReset, platform.svg);
      registerAccountStatusRoutes(router, accountStatus);
      registerProfileRoutes(router, profile, platform.svg);
      registerPhotoRoutes(router, storage);
    },
    api: {
      sessions,
      auth,
      guardFor,
      ensureFirstAdmin: () => ensureFirstAdmin(platform),
      async passwordMatches(accountId, password) {
        const user = await repo.findById(accountId);
        // An unknown account still costs one verification, as a login does.
        return (await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password)) && !!user;
      },
      removeAccount: (accountId, tx) => repo.deleteUser(accountId, tx),
      holdEnded: retention.holdEnded,
      purgeSignInLeftovers: retention.purgeSignInLeftovers,
    },
  };
}
