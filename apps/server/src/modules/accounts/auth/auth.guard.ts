import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../../platform/errors';
import type { AccountType } from '../accounts.schema';
import type { SessionStore } from './sessions';
import { ACCOUNT_MESSAGES } from '@pw/contracts';
import { isActiveAccount } from '../account-reads';

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
    if (!isActiveAccount(found.user)) throw forbidden(ACCOUNT_MESSAGES.deactivated);
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
    /**
     * A credential is optional: a valid one identifies the caller; none, a dead one or a deactivated
     * account calls as a guest (a deactivated account is told to contact support: it may, as a guest).
     */
    optional(): preHandlerAsyncHookHandler {
      return async (request) => {
        try {
          request.account = (await resolve(request)) ?? undefined;
        } catch (error) {
          if (error instanceof AppError && error.status === 403) request.account = undefined;
          else throw error;
        }
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
