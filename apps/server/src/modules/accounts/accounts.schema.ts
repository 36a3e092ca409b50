import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const accountTypes = ['user', 'funeral-home', 'admin'] as const;
export type AccountType = (typeof accountTypes)[number];

/** One table for the three roles: they share sign-in, sessions, profile and notifications. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
    /** 1 active, 0 inactive (spec's status values). */
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_type_idx').on(t.type)],
);

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable credential. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset codes: 6 digits, hashed, 10 minutes, single use, 5 tries (PRODUCT.md). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Contact-us messages ("queries" in the back office; listed by modules/queries). */
export const queries = pgTable(
  'queries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** user, funeral-home or guest (spec 001's user types). */
    userType: text('user_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin's list: newest first, by date range, per user type; search is a substring of name,
    // e-mail or subject, which only trigram indexes serve (docs/decisions/0117-queries-search-indexes.md).
    index('queries_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('queries_user_type_created_idx').on(t.userType, t.createdAt.desc(), t.id.desc()),
    index('queries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('queries_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('queries_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
  ],
);
