import type { FastifyBaseLogger } from 'fastify';
import { notificationKinds } from '@pw/contracts';
import type { PgBoss } from '../../platform/queue';
import type { Clock } from '../../platform/clock';
import type { MailOutbox } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';
import { classifyMailError } from '../../platform/mail/mail-errors';
import { waitUntilIdle } from '../../platform/jobs';
import { Semaphore } from '../../platform/semaphore';
import type { NotificationsRepo } from './notifications.repo';
import { notificationEmailQueue, type NotificationEmailJob } from './notifications.queue';

/** What sending an e-mail copy needs. */
export interface NotificationEmailDeps {
  repo: NotificationsRepo;
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
}

/** What the worker needs besides: the queue it runs on and the log its failures go to. */
export interface NotificationWorkerDeps extends NotificationEmailDeps {
  queue: PgBoss;
  logger: FastifyBaseLogger;
}

const notificationsPage: Record<string, string> = {
  user: '/user/notifications',
  'funeral-home': '/funeral/notifications',
  admin: '/admin/notifications',
};

/**
 * The page a notification is about, when it names one (`data.link`, a path of this site) and the words
 * of its link (`data.link_label`): the e-mail leads straight there, e.g. an approved banner request to
 * its payment page. Anything else (an absolute or protocol-relative address) is never put in an e-mail.
 */
function actionOf(data: Record<string, unknown> | null | undefined, publicUrl: string) {
  const path = data?.link;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  const label = typeof data?.link_label === 'string' && data.link_label ? data.link_label : 'Open it';
  return { label, url: `${publicUrl}${path}` };
}

/** Sends the e-mail copy of one notification, once (a retried job finds it already e-mailed). */
export async function sendNotificationEmail(
  { repo, outbox, clock, publicUrl }: NotificationEmailDeps,
  notificationId: number,
): Promise<'sent' | 'skipped'> {
  const found = await repo.findForEmail(notificationId);
  if (!found || found.notification.emailedAt) return 'skipped';
  // A deactivated account is e-mailed nothing but the notice that it was deactivated (decision 0238).
  if (found.status !== 1 && found.notification.kind !== notificationKinds.accountDeactivated)
    return 'skipped';
  const { notification } = found;
  const link = `${publicUrl}${notificationsPage[found.type] ?? '/'}`;
  const action = actionOf(notification.data, publicUrl);
  const host = new URL(publicUrl).hostname || 'partingwords.local';
  await outbox.send(
    {
      kind: 'notification',
      to: found.email,
      accountId: notification.userId,
      ref: `notification:${notification.id}`,
      // Stable, so a copy sent again after a crash or a refusal is recognisably the same message.
      messageId: `<notification-${notification.id}.${notification.createdAt.getTime()}@${host}>`,
    },
    notificationMail({
      firstName: found.firstName,
      title: notification.title,
      body: notification.body,
      action,
      notificationsUrl: link,
    }),
  );
  await repo.markEmailed(notificationId, clock.now());
  return 'sent';
}

/** Runs `notification.email` jobs (ROLE=worker|all); the root created the queue. */
export async function startNotificationWorker(deps: NotificationWorkerDeps): Promise<() => Promise<void>> {
  const { queue, logger } = deps;
  let inFlight = 0;
  // At most 10 a second per worker process: these are not time-critical, and during a burst of
  // scheduled deliveries the CPU and the mail connections are better left to the deliveries.
  const batchSize = 10;
  const slots = new Semaphore(3);
  const workerId = await queue.work<NotificationEmailJob>(
    notificationEmailQueue.name,
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
            logger.warn(
              { notificationId: job.data.notificationId, reason: failure.reason },
              'notification e-mail failed',
            );
            // A permanent refusal will not change on retry; the notification stays in the app.
            if (failure.temporary)
              await queue
                .fail(notificationEmailQueue.name, job.id, { message: failure.reason })
                .catch((err: unknown) => logger.error({ err }, 'could not record the failure'));
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
    await queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}
