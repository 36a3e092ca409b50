import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Clock } from '../../../platform/clock';
import { sessions, users } from '../accounts.schema';

/** "Remember me" unchecked: a working day; checked: a month (docs/product.md §2.2). */
export const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;
export const LONG_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionStore(db: Db, clock: Clock) {
  // Every authenticated call runs this: its SQL is built once (a prepared statement, named so that
  // PostgreSQL also parses and plans it once per connection), and it reads only the columns the guard
  // uses (docs/operations.md §Request pipeline).
  const findLive = db
    .select({
      session: { id: sessions.id },
      user: {
        id: users.id,
        type: users.type,
        status: users.status,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_session_by_token_hash');

  return {
    /** Issues a new opaque token (256 random bits); only its hash is stored. */
    async create(userId: number, remember: boolean): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(sessions).values({
        userId,
        tokenHash: hashToken(token),
        remember,
        createdAt: now,
        expiresAt: new Date(now.getTime() + (remember ? LONG_SESSION_MS : SHORT_SESSION_MS)),
      });
      return token;
    },

    /** The live session and what the guard needs of its account, or null when unknown, expired or revoked. */
    async find(token: string) {
      const [row] = await findLive.execute({ tokenHash: hashToken(token), now: clock.now().toISOString() });
      return row ?? null;
    },

    async revoke(sessionId: number) {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    },

    /** Every session of the account but `keepSessionId`, or all of them (deactivation), in `tx` if given. */
    async revokeAllFor(userId: number, keepSessionId?: number, tx: DbOrTx = db) {
      const condition =
        keepSessionId === undefined
          ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
          : and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId));
      await tx.update(sessions).set({ revokedAt: clock.now() }).where(condition);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
