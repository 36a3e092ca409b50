import { defineQueue, type PayloadOf, idPayload } from '../../platform/jobs';

/**
 * `short` policy: at most one queued job per singleton key (`${id}:email`). Failures retry with growing
 * back-off (30 s, 1 min, 2 min…) and end up visible in pgboss.job (state failed) and the log. Defined
 * here, apart from the service that sends and the worker that runs, so neither imports the other.
 * At most 10 a second per worker process (ten a poll, three at once): these are not time-critical, and
 * during a burst of scheduled deliveries the CPU and the mail connections are better left to them.
 */
export const notificationEmailQueue = defineQueue({
  name: 'notification.email',
  // Ids only; the handler re-reads the row.
  payload: idPayload('notificationId'),
  policy: 'short',
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  work: { batchSize: 10, concurrency: 3, pollingIntervalSeconds: 1 },
});

export type NotificationEmailJob = PayloadOf<typeof notificationEmailQueue>;

/** The singleton key of a notification's e-mail job: one queued copy at most. */
export const emailJobKey = (notificationId: number) => `${notificationId}:email`;
