import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from '../../platform/db/columns';

export const accountTypes = ['user', 'funeral-home', 'admin'] as const;
export type AccountType = (typeof accountTypes)[number];

/** One table for the three roles: they share sign-in, sessions, profile and notifications. */
export const users = pgTable(
  'users',
  {
    id: identityId(),
    type: text('type', { enum: accountTypes }).notNull(),
    /** Stored lower-cased; unique across roles so one e-mail is one sign-in. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    homeName: text('home_name'),
    dialingCode: text('dialing_code'),
    phone: text('phone'),
    address: text('address'),
    mapLink: text('map_link'),
    /** Storage key of the profile photo; served at an unguessable URL (docs/decisions). */
    photoKey: text('photo_key'),
    dateOfBirth: date('date_of_birth'),
    /** 1 active, 0 inactive (the contract's status values). */
    status: integer('status').notNull().default(1),
    /**
     * When the account was last deactivated (null while active): the start of the retention clock
     * (docs/product.md §11.9). Activation clears it, so a later deactivation starts the clock anew.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Counts by type and sign-ups by day: one index serves both (the dashboard,
    // docs/operations.md §Funeral homes, banner ads and the dashboard). The admin's lists page by it from the
    // index alone, deep pages and the status filter too (id, status: 0235).
    index('users_type_created_idx').on(t.type, t.createdAt, t.id, t.status),
    // The lists' other sorts, each a deep page from an index alone (decision 0235).
    index('users_type_first_name_idx').on(t.type, t.firstName, t.id),
    index('users_type_last_name_idx').on(t.type, t.lastName, t.id),
    index('users_type_email_idx').on(t.type, t.email, t.id),
    index('users_type_home_name_idx').on(t.type, t.homeName, t.id),
    index('users_type_status_idx').on(t.type, t.status, t.id),
    // The retention sweep's ended accounts, oldest ending first: the few deactivated ones only.
    index('users_deactivated_idx')
      .on(t.deactivatedAt)
      .where(sql`${t.status} = 0`),
    // The admin's users and funeral-homes lists search a substring of the full name, the e-mail and the
    // home's name: only trigram indexes serve `ilike '%…%'` (decision 0235). The full name is one
    // expression (first, a space, last), so "Ada Love" finds Ada Lovelace; the lists write it the same.
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_home_name_trgm_idx').using('gin', t.homeName.op('gin_trgm_ops')),
  ],
);

/**
 * A column naming the account a row belongs to: never empty, and the row goes with the account when the
 * account is deleted (docs/product.md §11.6). Other modules' tables use it for their owner.
 */
export const accountRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable credential. */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    userId: accountRef('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset codes: 6 digits, hashed, 10 minutes, single use, 5 tries (docs/product.md §2.3). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: identityId(),
    userId: accountRef('user_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
