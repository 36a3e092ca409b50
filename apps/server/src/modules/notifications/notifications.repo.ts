import { and, count, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NotificationStatus } from '@pw/contracts';
import { preparedQuery } from '../../platform/db/prepared';
import type { Db, DbOrTx } from '../../platform/db';
import { notifications, type NotificationRow } from './notifications.schema';
import { accountsView, activeAccount, type AccountType } from '../accounts';
import { queriesView as queries } from '../queries';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

function statusFilter(userId: Placeholder, status: NotificationStatus): SQL | undefined {
  if (status === 'read') return and(eq(notifications.userId, userId), isNotNull(notifications.readAt));
  if (status === 'unread') return and(eq(notifications.userId, userId), isNull(notifications.readAt));
  return eq(notifications.userId, userId);
}

/**
 * The module's one door to its table (and the read-only lookups of other modules' rows its notices
 * name): a factory over the database; a method that may join a caller's transaction takes it as `tx`.
 */
export function createNotificationsRepo(db: Db) {
  return {
    async insertNotifications(rows: NewNotification[], tx: DbOrTx = db): Promise<Array<{ id: number }>> {
      if (rows.length === 0) return [];
      return tx.insert(notifications).values(rows).returning({ id: notifications.id });
    },

    /** Active accounts of a role (deactivated admins get no new notifications). */
    async activeUserIdsOfType(type: AccountType, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.type, type), activeAccount(users)));
      return rows.map((r) => r.id);
    },

    async list(
      userId: number,
      status: NotificationStatus,
      page: { limit: number; offset: number },
    ): Promise<{ rows: NotificationRow[]; total: number }> {
      // Built once per status (the list and the bell call this on every page):
      // docs/operations.md §Request pipeline.
      const prepared = preparedQuery(db, `notifications_page_${status}`, (db) => {
        const where = statusFilter(sql.placeholder('userId'), status);
        return {
          rows: db
            .select()
            .from(notifications)
            .where(where)
            .orderBy(desc(notifications.createdAt), desc(notifications.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare(`notifications_page_${status}`),
          total: db
            .select({ total: count() })
            .from(notifications)
            .where(where)
            .prepare(`notifications_count_${status}`),
        };
      });
      const [rows, [totalRow]] = await Promise.all([
        prepared.rows.execute({ userId, limit: page.limit, offset: page.offset }),
        prepared.total.execute({ userId }),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async unreadCount(userId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.total ?? 0;
    },

    /** Flips read ↔ unread in one statement; null when the notification is not this person's. */
    async toggleRead(
      userId: number,
      id: number,
      now: Date,
      tx: DbOrTx = db,
    ): Promise<NotificationRow | null> {
      const [row] = await tx
        .update(notifications)
        .set({
          readAt: sql`case when ${notifications.readAt} is null then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row ?? null;
    },

    async markAllRead(userId: number, now: Date, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async findForEmail(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          notification: notifications,
          email: users.email,
          type: users.type,
          status: users.status,
          firstName: users.firstName,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Claims the e-mail copy: only one job run gets true for a notification. */
    async markEmailed(id: number, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(notifications)
        .set({ emailedAt: now })
        .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)))
        .returning({ id: notifications.id });
      return rows.length === 1;
    },

    /** The account a sign-up notice names (read-only: the accounts module owns the table). */
    async findAccount(id: number, tx: DbOrTx = db) {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return user ?? null;
    },

    /** The contact-us message a query notice names (read-only: the queries module owns the table). */
    async findQuery(id: number, tx: DbOrTx = db) {
      const [query] = await tx.select().from(queries).where(eq(queries.id, id)).limit(1);
      return query ?? null;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
