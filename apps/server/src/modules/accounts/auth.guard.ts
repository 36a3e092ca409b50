import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../../platform/errors';
import type { AccountType } from './accounts.schema';
import type { SessionStore } from './sessions';

export interface AuthAccount {
  id: number;
  type: AccountType;
  sessionId: number;
  email: string;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on routes that require or accept a credential. */
    account?: AuthAccount;
  }
}

export const DEACTIVATED_MESSAGE = 'Your account has been deactivated. Please contact support.';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Guards for routes: `required(...roles)` refuses a missing or dead credential with 401, a deactivated
 * account or another role with 403; `optional()` attaches the account when a valid credential is sent.
 */
export function createAuthGuard(sessions: SessionStore) {
  async function resolve(request: FastifyRequest): Promise<AuthAccount | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const found = await sessions.find(token);
    if (!found) return null;
    if (found.user.status !== 1) throw forbidden(DEACTIVATED_MESSAGE);
    return {
      id: found.user.id,
      type: found.user.type,
      sessionId: found.session.id,
      email: found.user.email,
      firstName: found.user.firstName,
      lastName: found.user.lastName,
    };
  }

  return {
    required(...roles: AccountType[]): preHandlerAsyncHookHandler {
      return async (request) => {
        const account = await resolve(request);
        if (!account) throw unauthorized();
        if (roles.length && !roles.includes(account.type))
          throw forbidden('You are not allowed to access this area.');
        request.account = account;
      };
    },
    optional(): preHandlerAsyncHookHandler {
      return async (request) => {
        request.account = (await resolve(request)) ?? undefined;
      };
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The account of a guarded route (the guard has run, so it is there). */
export function accountOf(request: FastifyRequest): AuthAccount {
  if (!request.account) throw unauthorized();
  return request.account;
}
