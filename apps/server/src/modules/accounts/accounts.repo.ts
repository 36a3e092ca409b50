import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { passwordResets, queries, sessions, users } from './accounts.schema';

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
     * Checks a code against the account's live code (unused, unexpired, under `maxAttempts` wrong
     * tries) with the row locked, so concurrent guesses are counted one by one. A wrong code counts an
     * attempt. With `consume`, a right code is marked used and `onConsume` runs in the same transaction
     * (setting the password), so a code can never be spent twice.
     */
    async checkResetCode(
      userId: number,
      matches: (row: ResetRow) => boolean,
      options: {
        now: Date;
        maxAttempts: number;
        consume?: (tx: Pick<Db, 'update'>) => Promise<void>;
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
              lt(passwordResets.attempts, options.maxAttempts),
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

    /** New password hash and every session revoked, inside the caller's transaction. */
    async setPasswordRevokingSessions(
      tx: Pick<Db, 'update'>,
      userId: number,
      passwordHash: string,
      now: Date,
    ): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async insertQuery(values: typeof queries.$inferInsert): Promise<{ id: number }> {
      const [row] = await db.insert(queries).values(values).returning({ id: queries.id });
      return row!;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
