import type { RouteAccess } from '@pw/contracts';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AccessGuard } from '../../platform/http/route';
import type { AppDeps } from '../app-deps';
import { createSessionStore, type SessionStore } from './sessions';
import { createAuthGuard, type AuthGuard } from './auth.guard';
import { registerAccountRoutes } from './accounts.routes';
import { ensureFirstAdmin } from './admin-bootstrap';

export { accountOf, type AuthAccount } from './auth.guard';

export interface AccountsApi {
  sessions: SessionStore;
  auth: AuthGuard;
  /** The guard of a declared route's `access` (platform/http/route.ts). */
  guardFor: AccessGuard;
  /** The first administrator, from ADMIN_EMAIL/ADMIN_PASSWORD on first start. */
  ensureFirstAdmin(): Promise<void>;
}

/** Accounts: sign-up, login, sessions, profile, photos, and the guard every other module's routes use. */
export function createAccountsModule(platform: Platform, deps: () => AppDeps): AppModule<AccountsApi> {
  const sessions = createSessionStore(platform.db, platform.clock);
  const auth = createAuthGuard(sessions);
  const guardFor = (access: RouteAccess) =>
    access === 'public'
      ? undefined
      : access === 'optional'
        ? auth.optional()
        : access === 'signed-in'
          ? auth.required()
          : auth.required(...access);
  return {
    name: 'accounts',
    routes: (_router, app) => registerAccountRoutes(app, deps()),
    api: { sessions, auth, guardFor, ensureFirstAdmin: () => ensureFirstAdmin(platform) },
  };
}
