import { scheduledVideoLink } from './owner-notices';
import { notificationKinds } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import type { PgBoss } from '../../platform/queue';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { DeliveryStatusReport, ReportedRecipient } from '../../platform/mail/dsn';
import type { NotifyInput } from '../notifications';
import type { DeliveryRepo } from './delivery.repo';
import type { DeliveryRow } from './delivery.schema';
import type { OwnerNotifier } from './delivery.context';
import { enqueueSend } from './delivery.queue';
import { hashWatchToken, newMessageId, watchToken } from './delivery.tokens';

/**
 * What follows a delivery that did not reach its recipient (decisions 0370–0372): refused for good
 * (`bounced`: a 5xx at send time, or a delivery status report afterwards) or given up after three days
 * of temporary refusals (`failed`). The owner's second address, when the schedule gave one, gets a
 * delivery of its own at once; the owner is told in the app and by e-mail what happened and what
 * happened next, and asked to fix the address. All of it in the transaction that records the outcome,
 * whose conditional UPDATE lets exactly one caller through.
 */
export interface BounceDeps {
  db: Db;
  repo: DeliveryRepo;
  queue: PgBoss;
  outbox: MailOutbox;
  notifications: Pick<OwnerNotifier, 'notify'>;
  secret: string;
  publicUrl: string;
}

/** How far back a report without a Message-ID is matched by its recipient alone. */
const MATCH_BY_RECIPIENT_DAYS = 30;

/** The owner's notice: what happened, what happened next, and what to do. */
export function undeliveredNotice(
  row: Pick<DeliveryRow, 'id' | 'videoId' | 'recipientEmail' | 'lastError' | 'status'>,
  title: string,
  fallback: Pick<DeliveryRow, 'id' | 'recipientEmail'> | null,
): NotifyInput {
  const what = row.status === 'bounced' ? 'was refused by' : 'could not be handed to';
  const next = fallback
    ? `It was sent to your second address, ${fallback.recipientEmail}, instead.`
    : 'It was not delivered.';
  return {
    kind: row.status === 'bounced' ? notificationKinds.deliveryBounced : notificationKinds.deliveryFailed,
    title: 'Your video could not be delivered',
    body:
      `"${title}" could not be delivered to ${row.recipientEmail}: it ${what} the recipient's mail ` +
      `server. ${row.lastError ?? ''} ${next} Please check the address and correct it on the scheduled video.`,
    data: {
      video_id: row.videoId,
      delivery_id: row.id,
      recipient_email: row.recipientEmail,
      reason: row.lastError,
      next: fallback ? 'sent_to_second_address' : 'not_delivered',
      fallback_email: fallback?.recipientEmail ?? null,
      fallback_delivery_id: fallback?.id ?? null,
      link: scheduledVideoLink(row.videoId),
    },
    email: true,
  };
}

/**
 * In the transaction that recorded `row` as bounced or failed: the delivery to the second address
 * (once: only that transaction gets here), and the owner's notice. No second address for a delivery
 * that was itself the second one, nor when the owner already scheduled the video anew.
 */
export async function afterUndelivered(deps: BounceDeps, row: DeliveryRow, tx: Db) {
  let fallback: DeliveryRow | null = null;
  const second = row.fallbackEmail;
  if (second && row.fallbackOf === null && second !== row.recipientEmail) {
    if (!(await deps.repo.hasLive(row.videoId, tx))) {
      const messageId = newMessageId(deps.publicUrl);
      fallback = await deps.repo.insertFallback(
        {
          videoId: row.videoId,
          ownerId: row.ownerId,
          recipientEmail: second,
          dueAt: row.dueAt,
          messageId,
          tokenHash: hashWatchToken(watchToken(deps.secret, messageId)),
          fallbackOf: row.id,
          receipts: row.receipts,
        },
        tx,
      );
      if (fallback) await enqueueSend(deps.queue, fallback.id, new Date(), tx);
    }
  }
  const titles = await deps.repo.videoTitles([row.videoId], tx);
  await deps.notifications.notify(
    row.ownerId,
    undeliveredNotice(row, titles.get(row.videoId) ?? 'Your video', fallback),
    tx,
  );
  return fallback;
}

/** What a report changed: its failed recipients, and how each was matched. */
export interface BounceResult {
  /** Recipients the report says failed for good. */
  failed: number;
  /** Deliveries marked bounced by this report. */
  bounced: number;
  /** Deliveries already marked bounced (the same report again). */
  already: number;
  /** Other mails of the platform marked bounced (notification copies, links). */
  otherMails: number;
  /** Failed recipients that match nothing of ours: left alone. */
  unmatched: number;
}

const reasonOf = (recipient: ReportedRecipient) =>
  `Returned by the recipient's mail server: ${[recipient.status, recipient.diagnostic]
    .filter(Boolean)
    .join(' ')}`.slice(0, 500);

const names = (delivery: DeliveryRow, recipient: ReportedRecipient) =>
  [recipient.finalRecipient, recipient.originalRecipient].includes(delivery.recipientEmail);

/**
 * Applies a delivery status report (decision 0372). It is matched by the Message-ID of the message it
 * returns, and then only for a recipient that message was sent to: a report naming another delivery's
 * address, or a message we never sent, changes nothing. A report that returns no Message-ID is matched
 * by its recipient alone, when exactly one delivery was sent there in the last 30 days.
 */
export async function applyBounceReport(
  deps: BounceDeps,
  report: DeliveryStatusReport,
): Promise<BounceResult> {
  const result: BounceResult = { failed: 0, bounced: 0, already: 0, otherMails: 0, unmatched: 0 };
  const failed = report.recipients.filter((recipient) => recipient.action === 'failed');
  result.failed = failed.length;
  const messageId = report.originalMessageId;
  const delivery = messageId ? await deps.repo.findByMessageId(messageId) : null;
  for (const recipient of failed) {
    let target: DeliveryRow | null = null;
    if (delivery) target = names(delivery, recipient) ? delivery : null;
    else if (!messageId) {
      const address = recipient.finalRecipient ?? recipient.originalRecipient;
      const sent = address ? await deps.repo.sentTo(address, MATCH_BY_RECIPIENT_DAYS) : [];
      target = sent.length === 1 ? sent[0]! : null;
    } else if (await bounceOtherMail(deps, messageId, recipient)) {
      result.otherMails += 1;
      continue;
    }
    if (!target) {
      result.unmatched += 1;
      continue;
    }
    const outcome = await bounceSent(deps, target, reasonOf(recipient));
    result[outcome] += 1;
  }
  return result;
}

/** sent → bounced, its mail row, the second address and the owner's notice; once. */
async function bounceSent(deps: BounceDeps, delivery: DeliveryRow, reason: string) {
  return deps.db.transaction(async (tx) => {
    const row = await deps.repo.markBouncedAfterSent(delivery.id, reason, tx);
    if (!row)
      return (await deps.repo.findByMessageId(delivery.messageId, tx))?.status === 'bounced'
        ? ('already' as const)
        : ('unmatched' as const);
    await deps.outbox.markBounced(row.messageId, reason, tx);
    await afterUndelivered(deps, row, tx);
    return 'bounced' as const;
  });
}

/** Another mail of ours (a notification's copy, a link): its outbox row says bounced, if it went there. */
async function bounceOtherMail(
  deps: BounceDeps,
  messageId: string,
  recipient: ReportedRecipient,
  tx?: DbOrTx,
) {
  const row = await deps.outbox.byMessageId(messageId, tx);
  if (!row || row.kind === 'delivery') return false;
  const to = row.toEmail.toLowerCase();
  if (to !== recipient.finalRecipient && to !== recipient.originalRecipient) return false;
  return (await deps.outbox.markBounced(messageId, reasonOf(recipient), tx)) !== null;
}
