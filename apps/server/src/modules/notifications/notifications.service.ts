import type { NotificationItem, NotificationListQuery, NotificationStatus } from '@pw/contracts';
import type { PgBoss } from '../../platform/queue';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { NotificationRow } from './notifications.schema';
import type { NewNotification, NotificationsRepo } from './notifications.repo';
import { formatDateTime, timeAgo } from './notifications.format';
import { emailJobKey, notificationEmailQueue } from './notifications.queue';
import type { AccountType } from '../accounts';
import { sendJobs } from '../../platform/jobs';

/** Who gets a notification: some accounts by id, or every active account of a role (e.g. the admins). */
export type NotifyTarget = number | number[] | { role: AccountType };

export interface NotifyInput {
  /** What happened, e.g. `delivery.sent` (see `notificationKinds` in @pw/contracts). */
  kind: string;
  title: string;
  body: string;
  /** Extra fields for the client (link, video id…), returned inside `data`. */
  data?: Record<string, unknown>;
  /** Important ones are also e-mailed (docs/product.md §10.2): queued, sent by a worker, retried with back-off. */
  email?: boolean;
}

/** How many recent notifications the bell dropdown shows. */
export const BELL_SIZE = 10;

export function toItem(row: NotificationRow, now: Date, timeZone?: string): NotificationItem {
  return {
    id: row.id,
    type: row.kind,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    created_at_human: timeAgo(row.createdAt, now),
    created_at_formatted: formatDateTime(row.createdAt, timeZone),
    data: { ...row.data, title: row.title, body: row.body, kind: row.kind },
  };
}

export interface NotificationsServiceDeps {
  db: Db;
  repo: NotificationsRepo;
  queue: PgBoss;
  clock: Clock;
}

/**
 * The notifications capability. Other modules get it from the composition root as a need and call:
 *
 *   await notifications.notify(ownerId, { kind: 'delivery.sent', title, body, data, email: true }, tx);
 *   await notifications.notify({ role: 'admin' }, { kind: 'signup.new', title, body });
 *
 * Pass the caller's transaction as `tx` so the notification exists exactly when the event committed.
 */
export function createNotifications({ db, repo, queue, clock }: NotificationsServiceDeps) {
  async function userIdsOf(tx: Db, target: NotifyTarget): Promise<number[]> {
    if (typeof target === 'number') return [target];
    if (Array.isArray(target)) return [...new Set(target)];
    return repo.activeUserIdsOfType(target.role, tx);
  }

  /**
   * All the notifications in two INSERTs at most (those e-mailed, those not) and their e-mail jobs in
   * one more, whatever the number of events: a worker recording a batch of deliveries calls this once.
   */
  async function notifyIn(tx: Db, events: Array<{ target: NotifyTarget; input: NotifyInput }>) {
    const createdAt = clock.now();
    const emailed: NewNotification[] = [];
    const quiet: NewNotification[] = [];
    for (const { target, input } of events) {
      for (const userId of await userIdsOf(tx, target)) {
        const { kind, title, body, data = {} } = input;
        (input.email ? emailed : quiet).push({ userId, kind, title, body, data, createdAt });
      }
    }
    const emailedRows = await repo.insertNotifications(emailed, tx);
    const quietRows = await repo.insertNotifications(quiet, tx);
    if (emailedRows.length) {
      // One INSERT for all the e-mail jobs (sendJob sends one at a time), in the caller's transaction.
      await sendJobs(
        queue,
        notificationEmailQueue,
        emailedRows.map((row) => ({
          payload: { notificationId: row.id },
          singletonKey: emailJobKey(row.id),
        })),
        { tx },
      );
    }
    return [...emailedRows, ...quietRows].map((r) => r.id);
  }

  const inTransaction = <T>(tx: Db | undefined, work: (tx: Db) => Promise<T>) =>
    tx ? work(tx) : db.transaction((own) => work(own as unknown as Db));

  return {
    /** Creates the notifications (and queues their e-mails) in `tx`, or in a transaction of its own. */
    async notify(target: NotifyTarget, input: NotifyInput, tx?: Db): Promise<number[]> {
      return inTransaction(tx, (t) => notifyIn(t, [{ target, input }]));
    },

    /** Several events at once (a batch of deliveries recorded together), in `tx` or a transaction of its own. */
    async notifyMany(
      events: Array<{ target: NotifyTarget; input: NotifyInput }>,
      tx?: Db,
    ): Promise<number[]> {
      return inTransaction(tx, (t) => notifyIn(t, events));
    },

    async list(userId: number, query: NotificationListQuery) {
      const { rows, total } = await repo.list(userId, query.status as NotificationStatus, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const now = clock.now();
      return { items: rows.map((row) => toItem(row, now, query.tz)), total };
    },

    async bell(userId: number, timeZone?: string) {
      const [recent, count] = await Promise.all([
        repo.list(userId, 'all', { limit: BELL_SIZE, offset: 0 }),
        repo.unreadCount(userId),
      ]);
      const now = clock.now();
      const notifications = recent.rows.map((row) => toItem(row, now, timeZone));
      return { notifications, count, bell: notifications.filter((item) => item.read_at === null) };
    },

    async toggle(userId: number, id: number) {
      const row = await repo.toggleRead(userId, id, clock.now());
      if (!row) throw notFound('Notification not found.');
      return toItem(row, clock.now());
    },

    async markAllRead(userId: number) {
      const updated = await repo.markAllRead(userId, clock.now());
      return { updated, count: await repo.unreadCount(userId) };
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
