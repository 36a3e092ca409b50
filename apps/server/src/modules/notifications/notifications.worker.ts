import type { FastifyBaseLogger } from 'fastify';
import { notificationKinds } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { MailOutbox } from '../../platform/mail/outbox';
import { mailOf } from '../../platform/mail/define';
import { notificationMailKind } from './notifications.mails';
import { classifyMailError } from '../../platform/mail/mail-errors';
import { handle, type JobHandler } from '../../platform/jobs';
import type { NotificationsRepo } from './notifications.repo';
import { notificationEmailQueue } from './notifications.queue';
import { isActiveAccount } from '../accounts';

/** What sending an e-mail copy needs. */
export interface NotificationEmailDeps {
  repo: NotificationsRepo;
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
}

/** What the handler needs besides: the log its failures go to. */
export interface NotificationWorkerDeps extends NotificationEmailDeps {
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
  // A deactivated account is e-mailed nothing but the notice that it was deactivated (docs/product.md §10.2).
  if (!isActiveAccount(found) && found.notification.kind !== notificationKinds.accountDeactivated)
    return 'skipped';
  const { notification } = found;
  const link = `${publicUrl}${notificationsPage[found.type] ?? '/'}`;
  const action = actionOf(notification.data, publicUrl);
  const host = new URL(publicUrl).hostname || 'partingwords.local';
  await outbox.send({
    mail: mailOf(notificationMailKind, {
      firstName: found.firstName,
      title: notification.title,
      body: notification.body,
      action,
      notificationsUrl: link,
    }),
    to: found.email,
    accountId: notification.userId,
    ref: `notification:${notification.id}`,
    // Stable, so a copy sent again after a crash or a refusal is recognisably the same message.
    messageId: `<notification-${notification.id}.${notification.createdAt.getTime()}@${host}>`,
  });
  await repo.markEmailed(notificationId, clock.now());
  return 'sent';
}

/**
 * The handler of `notification.email` jobs (ROLE=worker|all): one failing e-mail fails (and re-sends)
 * only itself. A permanent refusal will not change on retry: the job ends and the notification stays in
 * the app; a temporary one fails the job, retried with the queue's back-off.
 */
export function notificationEmailHandler(deps: NotificationWorkerDeps): JobHandler {
  return handle(notificationEmailQueue, async (job) => {
    try {
      await sendNotificationEmail(deps, job.data.notificationId);
    } catch (error) {
      const failure = classifyMailError(error);
      // Logged by the runtime with the job, and retried.
      if (failure.temporary) throw new Error(failure.reason);
      deps.logger.warn(
        { notificationId: job.data.notificationId, reason: failure.reason },
        'notification e-mail failed',
      );
    }
  });
}
