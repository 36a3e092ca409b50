import { scheduledVideoLink } from '../owner-notices';
import { notificationKinds } from '@pw/contracts';
import type { Db } from '../../../platform/db';
import type { Clock } from '../../../platform/clock';
import type { ReturnPaths } from '../../../platform/mail/verp';
import { returnedSentence } from '../../../platform/mail/refusals';
import type { PgBoss } from '../../../platform/queue';
import type { MailOutbox } from '../../../platform/mail/outbox';
import type { DeliveryStatusReport, ReportedRecipient } from '../../../platform/mail/dsn';
import type { NotifyInput } from '../../notifications';
import type { DeliveryRepo } from '../delivery.repo';
import type { DeliveryRow } from '../delivery.schema';
import type { OwnerNotifier } from '../delivery.context';
import { enqueueSend } from '../delivery.queue';
import { hashWatchToken, newMessageId, watchToken } from '../delivery.tokens';
import { scheduleOfRow } from '../delivery.copy';

/**
 * What follows a delivery that did not reach its recipient (decision 0385; docs/product.md §5.2): refused for
 * good (`bounced`: a 5xx at send time, or a delivery status report afterwards) or given up after three days
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
  /** Reads a report's envelope recipient: the signed return path of the mail it is about. */
  returnPaths: Pick<ReturnPaths, 'read'>;
  /** How old a delivery is, for the window a report may still bounce it in. */
  clock: Clock;
}

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
          ...scheduleOfRow(row),
          recipientEmail: second,
          // The copy is part of this occurrence: it does not repeat by itself, the original rolls over.
          repeat: 'none',
          repeatUntil: null,
          timezone: null,
          localAt: null,
          dueAt: row.dueAt,
          messageId,
          tokenHash: hashWatchToken(watchToken(deps.secret, messageId)),
          fallbackOf: row.id,
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
  /** Deliveries left as they were: their link was opened, or they were sent too long ago (decision 0385). */
  kept: number;
  /** Other mails of the platform marked bounced (notification copies, links). */
  otherMails: number;
  /** Failed recipients that match nothing of ours (no signed return path, another address): left alone. */
  unmatched: number;
}

/**
 * How long after the server took a delivery a report may still bounce it: mail servers keep a message
 * they cannot hand on for about five days (RFC 5321 §4.5.4.1 suggests 4–5; Postfix's and Exim's
 * defaults are 5 and 4 days) and only then report it, so a genuine late report comes within that;
 * two more days cover the report's own queueing. Anything later is no news about this message.
 */
export const BOUNCE_WINDOW_DAYS = 7;

const names = (address: string, recipient: ReportedRecipient) =>
  [recipient.finalRecipient, recipient.originalRecipient].includes(address.toLowerCase());

/** A report that returns a Message-ID must return the one of the mail its return path names. */
const sameMessage = (report: DeliveryStatusReport, messageId: string) =>
  report.originalMessageId === null || report.originalMessageId === messageId;

/**
 * Applies a delivery status report (decision 0385). It counts only when it came back to the
 * signed return path of the mail it is about (`envelopeRecipient`, as the mail server received it):
 * that names one delivery or one outbox row, and the report is applied to it alone, for a failed
 * recipient that mail went to. Nothing is matched by an address or a Message-ID alone: anyone can
 * write those into a message to our addresses.
 */
export async function applyBounceReport(
  deps: BounceDeps,
  report: DeliveryStatusReport,
  envelopeRecipient: string | null,
): Promise<BounceResult> {
  const result: BounceResult = { failed: 0, bounced: 0, already: 0, kept: 0, otherMails: 0, unmatched: 0 };
  const failed = report.recipients.filter((recipient) => recipient.action === 'failed');
  result.failed = failed.length;
  const signed = deps.returnPaths.read(envelopeRecipient);
  const delivery = signed?.kind === 'delivery' ? await deps.repo.findById(signed.id) : null;
  for (const recipient of failed) {
    if (signed?.kind === 'mail') {
      if (await bounceOtherMail(deps, signed.id, report, recipient)) result.otherMails += 1;
      else result.unmatched += 1;
      continue;
    }
    if (!delivery || !names(delivery.recipientEmail, recipient) || !sameMessage(report, delivery.messageId)) {
      result.unmatched += 1;
      continue;
    }
    const outcome = await bounceSent(
      deps,
      delivery,
      returnedSentence(recipient.status, recipient.diagnostic),
    );
    result[outcome] += 1;
  }
  return result;
}

/** sent → bounced, its mail row, the second address and the owner's notice; once. */
async function bounceSent(deps: BounceDeps, delivery: DeliveryRow, reason: string) {
  const sentAfter = new Date(deps.clock.now().getTime() - BOUNCE_WINDOW_DAYS * 24 * 3600 * 1000);
  return deps.db.transaction(async (tx) => {
    const row = await deps.repo.markBouncedAfterSent(delivery.id, reason, sentAfter, tx);
    if (!row) {
      const now = (await deps.repo.findById(delivery.id, tx))?.status;
      return now === 'bounced'
        ? ('already' as const)
        : now === 'sent'
          ? ('kept' as const)
          : ('unmatched' as const);
    }
    await deps.outbox.markBounced(row.messageId, reason, tx);
    await afterUndelivered(deps, row, tx);
    return 'bounced' as const;
  });
}

/** Another mail of ours (a notification's copy, a link): its outbox row says bounced, if it went there. */
async function bounceOtherMail(
  deps: BounceDeps,
  outboxId: number,
  report: DeliveryStatusReport,
  recipient: ReportedRecipient,
) {
  const row = await deps.outbox.byId(outboxId);
  if (
    !row ||
    row.kind === 'delivery' ||
    !names(row.toEmail, recipient) ||
    !sameMessage(report, row.messageId)
  )
    return false;
  const reason = returnedSentence(recipient.status, recipient.diagnostic);
  return (await deps.outbox.markBounced(row.messageId, reason)) !== null;
}
