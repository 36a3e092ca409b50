import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/** Contact-us messages ("queries" in the back office; listed by modules/queries). */
export const queries = pgTable(
  'queries',
  {
    id: identityId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** user, funeral-home or guest (docs/product.md §9.5's user types). */
    userType: text('user_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin's list: newest first, by date range, per user type; search is a substring of name,
    // e-mail or subject, which only trigram indexes serve (docs/decisions/0235).
    index('queries_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('queries_user_type_created_idx').on(t.userType, t.createdAt.desc(), t.id.desc()),
    index('queries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('queries_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('queries_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
  ],
);
