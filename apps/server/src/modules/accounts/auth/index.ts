/** Signing in: sign-up, login, sessions and their guard, passwords and their reset, the first administrator. */
export { ensureFirstAdmin } from './admin-bootstrap';
export { accountOf, createAuthGuard } from './auth.guard';
export type { AuthAccount, AuthGuard } from './auth.guard';
export { registerAuthRoutes } from './auth.routes';
export { createAuthService } from './auth.service';
export { createPasswordResetService } from './password-reset.service';
export { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { createSessionStore } from './sessions';
export type { SessionStore } from './sessions';
