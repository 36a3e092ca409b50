import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, DbTx } from '../../platform/db';
import { passwordResets, sessions, users } from './accounts.schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type ResetRow = typeof passwordResets.$inferSelect;

/** True for PostgreSQL's unique_violation, whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

export type CodeCheck = { ok: true; userId: number } | { ok: false; reason: 'no-live-code' | 'wrong-code' };

/** Queries of the accounts feature; no rules here. */
export function createAccountsRepo(db: Db) {
  /** New password hash and every session (but `keepSessionId`) revoked, inside the caller's transaction. */
  async function setPasswordRevokingSessions(
    userId: number,
    passwordHash: string,
    now: Date,
    keepSessionId: number | undefined,
    tx: DbOrTx = db,
  ): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)));
  }

  return {
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    async findById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async insertUser(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async updateUser(id: number, values: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row!;
    },

    /** A new code replaces every earlier one of the account (they count as used from now on). */
    async replaceResetCode(userId: number, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId, codeHash, createdAt: now, expiresAt });
      });
    },

    /**
     * Checks a code against the account's live code (unused, unexpired) with the row locked, so
     * concurrent checks are taken one by one. A wrong code adds to the row's `attempts` (a record of
     * how hard the code was guessed at; the 5 tries are counted per address by the service). With
     * `consume`, a right code is marked used and `consume` runs in the same transaction (setting the
     * password), so a code can never be spent twice.
     */
    async checkResetCode(
      userId: number,
      matches: (row: ResetRow) => boolean,
      options: {
        now: Date;
        consume?: (tx: DbTx) => Promise<void>;
      },
    ): Promise<CodeCheck> {
      return db.transaction(async (tx) => {
        const [live] = await tx
          .select()
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.userId, userId),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, options.now),
            ),
          )
          .orderBy(desc(passwordResets.id))
          .limit(1)
          .for('update');
        if (!live) return { ok: false, reason: 'no-live-code' } as const;
        if (!matches(live)) {
          await tx
            .update(passwordResets)
            .set({ attempts: sql`${passwordResets.attempts} + 1` })
            .where(eq(passwordResets.id, live.id));
          return { ok: false, reason: 'wrong-code' } as const;
        }
        if (options.consume) {
          await tx.update(passwordResets).set({ usedAt: options.now }).where(eq(passwordResets.id, live.id));
          await options.consume(tx);
        }
        return { ok: true, userId } as const;
      });
    },

    setPasswordRevokingSessions,

    /**
     * Deletes the account's row: its sessions, videos, deliveries, notifications and other rows go with
     * it by the foreign keys' cascade; its payments stay, unlinked (docs/product.md §11.6). True when it
     * existed.
     */
    async deleteUser(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * A password change in one transaction: the new hash, every other session revoked, and `alongside`
     * (the owner's notice), so none of them is ever committed without the others.
     */
    async changePassword(
      userId: number,
      passwordHash: string,
      now: Date,
      keepSessionId: number,
      alongside: (tx: DbTx) => Promise<unknown>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await setPasswordRevokingSessions(userId, passwordHash, now, keepSessionId, tx);
        await alongside(tx);
      });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
