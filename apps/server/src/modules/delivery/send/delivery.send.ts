import pRetry from 'p-retry';
import { classifyMailError } from '../../../platform/mail/mail-errors';
import type { Db } from '../../../platform/db';
import type { MailMessage } from '../../../platform/mail/mailer';
import type { ClaimedDelivery } from '../delivery.repo';
import { enqueueSend } from '../delivery.queue';
import { deliveryMail, deliveryMailKind } from '../delivery.mails';
import { watchToken } from '../delivery.tokens';
import { afterUndelivered } from '../bounces';
import { afterRefusal, backoffSeconds, retriesOver } from './delivery.retry-policy';
import type { DeliveryOutcome, WorkerContext } from '../delivery.context';

/**
 * Sending a claimed delivery: the SMTP exchange, recording its outcome exactly once, and what a
 * failure leads to (a retry with back-off, or failed and the owner told).
 * docs/decisions/0040-exactly-once-delivery.md.
 */

/** Sends a delivery this worker claimed, and records how it went. */
export async function sendClaimed(ctx: WorkerContext, claimed: ClaimedDelivery): Promise<DeliveryOutcome> {
  const { deps } = ctx;
  const mail: MailMessage = {
    to: claimed.recipientEmail,
    ...deliveryMail({
      senderName: `${claimed.ownerFirstName} ${claimed.ownerLastName}`.trim(),
      title: claimed.videoTitle,
      description: claimed.videoDescription,
      watchUrl: `${deps.publicUrl}/watch/${watchToken(deps.secret, claimed.messageId)}`,
    }),
    messageId: claimed.messageId,
    // Its own signed return path: a report about this delivery must come back to it (decision 0385).
    returnPath: deps.returnPaths.forDelivery(claimed.id),
  };
  const result = ctx.markDb
    ? await sendInMarkTransaction(ctx, ctx.markDb, claimed, mail)
    : await sendThenMark(ctx, claimed, mail);
  if ('error' in result) return handleSendFailure(ctx, claimed, result.error);
  // The owner is told by the notice batcher, which takes every delivery recorded without its notice.
  if (result.sent) ctx.ownerNotices.kick();
  return result.sent ? 'sent' : 'taken';
}

type SendResult = { sent: boolean } | { error: unknown };

/**
 * PostgreSQL: the row is marked `sent` in a transaction opened before the SMTP exchange and committed
 * right after the server's 250. The in-doubt window is then one COMMIT on a connection already held; a
 * failure or a crash before the 250 rolls it back. The row lock also keeps everyone else off the row
 * meanwhile, and a cancel that landed after the claim wins (the mark finds the row cancelled: no send).
 */
async function sendInMarkTransaction(
  ctx: WorkerContext,
  markDb: Db,
  claimed: ClaimedDelivery,
  mail: MailMessage,
): Promise<SendResult> {
  let smtpError: unknown;
  let accepted = false;
  try {
    const sent = await markDb.transaction(async (tx) => {
      const marked = await ctx.deps.repo.markSent(claimed.id, claimed.attempts, { accepted: false }, tx);
      if (!marked) return false; // cancelled since the claim (or the claim is gone): send nothing
      try {
        await ctx.deps.mailer.send(mail);
      } catch (error) {
        smtpError = error;
        throw error;
      }
      accepted = true;
      return true;
    });
    return { sent };
  } catch (error) {
    if (smtpError !== undefined) return { error: smtpError };
    // The database failed after the server accepted the message: record it as soon as we can.
    if (accepted) return { sent: await markSentPersistently(ctx, claimed) };
    throw error;
  }
}

/**
 * PGlite (one connection, one process): no transaction can stay open during SMTP, so the delivery is
 * recorded by one statement right after the 250.
 */
async function sendThenMark(
  ctx: WorkerContext,
  claimed: ClaimedDelivery,
  mail: MailMessage,
): Promise<SendResult> {
  try {
    await ctx.deps.mailer.send(mail);
  } catch (error) {
    return { error };
  }
  return { sent: await markSentPersistently(ctx, claimed) };
}

function logTakenOver(ctx: WorkerContext, claimed: ClaimedDelivery) {
  ctx.deps.logger.warn(
    { deliveryId: claimed.id, attempt: claimed.attempts },
    'delivery accepted by the mail server but its claim was taken over meanwhile (possible duplicate)',
  );
}

/** The server accepted the message: record it, retrying if the database fails (a lost record means a resend later). */
async function markSentPersistently(ctx: WorkerContext, claimed: ClaimedDelivery): Promise<boolean> {
  const marked = await pRetry(
    () => ctx.deps.repo.markSent(claimed.id, claimed.attempts, { accepted: true }),
    {
      // Ten tries in all, one second apart at first, doubling up to 30 s.
      retries: 9,
      minTimeout: 1000,
      maxTimeout: 30_000,
      onFailedAttempt: ({ error, retriesLeft }) => {
        if (retriesLeft > 0)
          ctx.deps.logger.error(
            { err: error, deliveryId: claimed.id },
            'could not record a sent delivery; retrying',
          );
      },
    },
  );
  if (!marked) logTakenOver(ctx, claimed);
  return marked;
}

async function handleSendFailure(
  ctx: WorkerContext,
  claimed: ClaimedDelivery,
  error: unknown,
): Promise<DeliveryOutcome> {
  const { deps, options } = ctx;
  const { id: deliveryId, attempts: attempt } = claimed;
  const failure = classifyMailError(error);
  deps.logger.warn({ deliveryId, attempt, reason: failure.reason }, 'delivery attempt failed');
  const outboxRow = (state: 'queued' | 'failed' | 'bounced') => ({
    kind: deliveryMailKind.kind,
    to: claimed.recipientEmail,
    messageId: claimed.messageId,
    accountId: claimed.ownerId,
    ref: `delivery:${deliveryId}`,
    attempts: attempt,
    state,
    error,
  });
  const next = afterRefusal(failure, attempt, failure.temporary && retriesOverFor(ctx, claimed));
  if (next.kind === 'retry') {
    const delay = backoffSeconds(attempt, options.retryBaseSeconds);
    const released = await deps.db.transaction(async (tx) => {
      const row = await deps.repo.releaseForRetry(deliveryId, attempt, delay, failure.reason, tx);
      if (row) {
        await enqueueSend(deps.queue, deliveryId, row.nextAttemptAt, tx);
        await deps.outbox.record(outboxRow('queued'), tx);
      }
      return row;
    });
    return released ? 'retry' : 'taken';
  }
  // Bounced or failed: either way the second address, if any, gets the video at once (delivery.bounces.ts).
  const { kind: outcome, reason } = next;
  const ended = await deps.db.transaction(async (tx) => {
    const row =
      outcome === 'bounced'
        ? await deps.repo.markBouncedClaimed(deliveryId, attempt, reason, tx)
        : await deps.repo.markFailed(deliveryId, attempt, reason, tx);
    if (row) {
      await deps.outbox.record(outboxRow(outcome), tx);
      await afterUndelivered(deps, row, tx);
    }
    return row;
  });
  // A yearly delivery's next occurrence follows an ended one as it follows a sent one (the roll-over).
  if (ended) ctx.ownerNotices.kick();
  return ended ? outcome : 'taken';
}

/** Three days (`retryForSeconds`) since the first attempt, by the platform's clock (docs/product.md §5.2). */
function retriesOverFor(ctx: WorkerContext, claimed: ClaimedDelivery): boolean {
  return retriesOver(claimed.firstAttemptAt ?? null, ctx.deps.clock.now(), ctx.options.retryForSeconds);
}
