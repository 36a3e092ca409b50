import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every module's tables write alike (decision 0310): the generated id, and the moment a row
 * was made. Every stored moment is a `timestamp with time zone`.
 */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
