import { z } from 'zod';
import { defineQueue } from '../../platform/queues';

/** Job payload: ids only; the handler re-reads the row. */
export interface NotificationEmailJob {
  notificationId: number;
}

/**
 * `short` policy: at most one queued job per singleton key (`${id}:email`). Failures retry with growing
 * back-off (30 s, 1 min, 2 min…) and end up visible in pgboss.job (state failed) and the log. Defined
 * here, apart from the service that sends and the worker that runs, so neither imports the other.
 */
export const notificationEmailQueue = defineQueue<NotificationEmailJob>({
  name: 'notification.email',
  payload: z.object({ notificationId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** The singleton key of a notification's e-mail job: one queued copy at most. */
export const emailJobKey = (notificationId: number) => `${notificationId}:email`;
