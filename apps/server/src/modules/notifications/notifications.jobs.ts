import { z } from 'zod';
import type { PgBoss } from '../../platform/queue';
import { createQueues, defineQueue } from '../../platform/queues';
import type { AppDeps } from '../app-deps';
import { hello } from '../../platform/mail/greeting';
import { escapeHtml } from '../../platform/mail/html';
import { classifyMailError } from '../../platform/mail/mail-errors';
import * as repo from './notifications.repo';
import { waitUntilIdle } from '../../platform/jobs';
import { Semaphore } from '../../platform/semaphore';

/** Job payload: ids only; the handler re-reads the row. */
export interface NotificationEmailJob {
  notificationId: number;
}

/**
 * `short` policy: at most one queued job per singleton key (`${id}:email`). Failures retry with growing
 * back-off (30 s, 1 min, 2 min…) and end up visible in pgboss.job (state failed) and the log.
 */
export const notificationEmailQueue = defineQueue({
  name: 'notification.email',
  payload: z.object({ notificationId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
});
export const NOTIFICATION_EMAIL_QUEUE = notificationEmailQueue.name;

export async function ensureNotificationQueue(queue: PgBoss): Promise<void> {
  await createQueues(queue, [notificationEmailQueue]);
}

const notificationsPage: Record<string, string> = {
  user: '/user/notifications',
  'funeral-home': '/funeral/notifications',
  admin: '/admin/notifications',
};

/** Sends the e-mail copy of one notification, once (a retried job finds it already e-mailed). */
export async function sendNotificationEmail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'logger'>,
  notificationId: number,
): Promise<'sent' | 'skipped'> {
  const found = await repo.findForEmail(deps.db, notificationId);
  if (!found || found.notification.emailedAt || found.status !== 1) return 'skipped';
  const { notification } = found;
  const link = `${deps.config.PUBLIC_URL}${notificationsPage[found.type] ?? '/'}`;
  const host = new URL(deps.config.PUBLIC_URL).hostname || 'partingwords.local';
  await deps.mailer.send({
    to: found.email,
    subject: notification.title,
    text: `${hello(found.firstName)}\n\n${notification.body}\n\nSee your notifications: ${link}\n\n— Parting Words\n`,
    html:
      `<p>${escapeHtml(hello(found.firstName))}</p><p>${escapeHtml(notification.body)}</p>` +
      `<p><a href="${escapeHtml(link)}">See your notifications</a></p><p>— Parting Words</p>`,
    // Stable, so a copy sent again after a crash is recognisably the same message.
    messageId: `<notification-${notification.id}.${notification.createdAt.getTime()}@${host}>`,
  });
  await repo.markEmailed(deps.db, notificationId, deps.clock.now());
  return 'sent';
}

export async function startNotificationWorker(deps: AppDeps): Promise<() => Promise<void>> {
  await ensureNotificationQueue(deps.queue);
  let inFlight = 0;
  // At most 10 a second per worker process: these are not time-critical, and during a burst of
  // scheduled deliveries the CPU and the mail connections are better left to the deliveries.
  const batchSize = 10;
  const slots = new Semaphore(3);
  const workerId = await deps.queue.work<NotificationEmailJob>(
    NOTIFICATION_EMAIL_QUEUE,
    { batchSize, pollingIntervalSeconds: 1 },
    async (jobs) => {
      inFlight += jobs.length;
      // One failing e-mail must not fail (and re-send) the others of its batch; a few at a time.
      await Promise.all(
        jobs.map(async (job) => {
          const release = await slots.acquire();
          try {
            await sendNotificationEmail(deps, job.data.notificationId);
          } catch (error) {
            const failure = classifyMailError(error);
            deps.logger.warn(
              { notificationId: job.data.notificationId, reason: failure.reason },
              'notification e-mail failed',
            );
            // A permanent refusal will not change on retry; the notification stays in the app.
            if (failure.temporary)
              await deps.queue
                .fail(NOTIFICATION_EMAIL_QUEUE, job.id, { message: failure.reason })
                .catch((err: unknown) => deps.logger.error({ err }, 'could not record the failure'));
          } finally {
            release();
          }
        }),
      ).finally(() => {
        inFlight -= jobs.length;
      });
    },
  );
  return async () => {
    await deps.queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}
