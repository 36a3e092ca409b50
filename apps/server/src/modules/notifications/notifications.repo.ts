import { and, count, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedQuery } from '../../platform/db/prepared';
import type { Db } from '../../platform/db';
import type { NotificationStatus } from '@pw/contracts';
import { users, type AccountType } from '../accounts/accounts.schema';
import { notifications, type NotificationRow } from './notifications.schema';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<Array<{ id: number }>> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id });
}

/** Active accounts of a role (deactivated admins get no new notifications). */
export async function activeUserIdsOfType(db: Db, type: AccountType): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, type), eq(users.status, 1)));
  return rows.map((r) => r.id);
}

function statusFilter(userId: Placeholder, status: NotificationStatus): SQL | undefined {
  if (status === 'read') return and(eq(notifications.userId, userId), isNotNull(notifications.readAt));
  if (status === 'unread') return and(eq(notifications.userId, userId), isNull(notifications.readAt));
  return eq(notifications.userId, userId);
}

export async function listNotifications(
  db: Db,
  userId: number,
  status: NotificationStatus,
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  // Built once per status (the list and the bell call this on every page): decision 0121.
  const queries = preparedQuery(db, `notifications_page_${status}`, (db) => {
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
    queries.rows.execute({ userId, limit: page.limit, offset: page.offset }),
    queries.total.execute({ userId }),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** Flips read ↔ unread in one statement; null when the notification is not this person's. */
export async function toggleRead(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({
      readAt: sql`case when ${notifications.readAt} is null then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findForEmail(db: Db, id: number) {
  const [row] = await db
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
}

/** Claims the e-mail copy: only one job run gets true for a notification. */
export async function markEmailed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ emailedAt: now })
    .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}
