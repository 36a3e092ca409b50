import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { GRANT_EMAIL_FAILED } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { AppError, notFound } from '../../../platform/errors';
import { maskEmails } from '../../../platform/logging/redact';
import { classifyMailError } from '../../../platform/mail/mail-errors';
import type { MailOutbox } from '../../../platform/mail/outbox';
import { mailOf } from '../../../platform/mail/define';
import { grantAccessMail } from '../delivery.mails';
import type { MailAllowance, OutboundMailLimit } from '../../../platform/rate-limit/outbound-mail';
import type { DeliveryRepo } from '../delivery.repo';
import { hashWatchToken } from '../delivery.tokens';

/** The same link to the same address again within this time is a retry: answered, not sent again. */
export const GRANT_RETRY_WINDOW_MS = 60_000;
/** An unsent link younger than this is still on its way (older: its process died before sending). */
export const GRANT_SENDING_MS = 30_000;
/** How long a retry waits for the first attempt's e-mail to go (or fail) before giving up. */
const WAIT_MAX_MS = 15_000;
const WAIT_STEP_MS = 50;

export interface ShareInput {
  videoId: number;
  grantedBy: number;
  granterName: string;
  /** Lower-cased already (the contract's e-mail field). */
  email: string;
}

export interface WatchGrantsDeps {
  db: Db;
  repo: DeliveryRepo;
  clock: Clock;
  outbox: MailOutbox;
  mailLimit: OutboundMailLimit;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Grant access, type 0 (docs/product.md §6.7): e-mails a person a private link to the watch page of scheduled
 * deliveries. Sent while the caller waits, so a failure is answered ('Failed to send email!', 502) and
 * leaves nothing: the row is written first (its token only in the e-mail), removed if the send fails.
 */
export function createWatchGrants(deps: WatchGrantsDeps) {
  const { db, repo, clock } = deps;

  /** Waits for another attempt's e-mail: true once sent, false once it failed (its row is gone). */
  async function settled(id: number): Promise<boolean> {
    for (let waited = 0; waited < WAIT_MAX_MS; waited += WAIT_STEP_MS) {
      const row = await repo.grantById(id);
      if (!row) return false;
      if (row.sentAt) return true;
      await sleep(WAIT_STEP_MS);
    }
    throw new AppError(502, GRANT_EMAIL_FAILED);
  }

  async function sendOnce(input: ShareInput): Promise<'sent' | 'retry'> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    const outcome = await db.transaction(async (tx) => {
      await repo.lockGranter(input.grantedBy, tx);
      const recent = await repo.recentGrant(
        { videoId: input.videoId, grantedBy: input.grantedBy, email: input.email },
        new Date(now.getTime() - GRANT_RETRY_WINDOW_MS),
        new Date(now.getTime() - GRANT_SENDING_MS),
        tx,
      );
      if (recent) return { recent, row: null, facts: null, allowance: null };
      const facts = await repo.videoFacts(input.videoId, tx);
      if (!facts) throw notFound('Video not found.');
      // Counted with the row: a refusal (429) leaves neither.
      const allowance: MailAllowance = await deps.mailLimit.take(
        input.grantedBy,
        [input.email],
        'grant-access',
        tx,
      );
      const row = await repo.insertGrant(
        {
          videoId: input.videoId,
          grantedBy: input.grantedBy,
          recipientEmail: input.email,
          tokenHash: hashWatchToken(token),
          createdAt: now,
        },
        tx,
      );
      return { recent: null, row, facts, allowance };
    });
    const { recent, row, facts, allowance } = outcome;
    if (recent) return recent.sentAt || (await settled(recent.id)) ? 'sent' : 'retry';
    try {
      // The token travels in the mail only: the outbox row names the grant, not the link.
      await deps.outbox.send({
        mail: mailOf(grantAccessMail, {
          granterName: input.granterName,
          ownerName: facts.ownerName,
          title: facts.title,
          description: facts.description,
          watchUrl: `${deps.publicUrl}/watch/${token}`,
        }),
        to: input.email,
        accountId: input.grantedBy,
        ref: `watch-grant:${row.id}`,
      });
    } catch (error) {
      await repo.deleteGrant(row.id);
      await allowance.giveBack();
      const reason = maskEmails(classifyMailError(error).reason);
      deps.logger.warn({ to: maskEmails(input.email), grant: row.id, reason }, 'grant-access e-mail failed');
      throw new AppError(502, GRANT_EMAIL_FAILED);
    }
    await repo.markGrantSent(row.id, clock.now());
    return 'sent';
  }

  return {
    /**
     * A watch link whose e-mail another module sends through its own outbox, written in that module's
     * transaction (the legacy release's contacts, docs/product.md §6.6): the same watch page, token hash only.
     */
    async record(input: { videoId: number; grantedBy: number; email: string; tokenHash: string }, tx: Db) {
      const now = clock.now();
      const { videoId, grantedBy, email, tokenHash } = input;
      const row = await repo.insertGrant(
        { videoId, grantedBy, recipientEmail: email, tokenHash, createdAt: now },
        tx,
      );
      await repo.markGrantSent(row.id, now, tx);
    },

    /** The video's sent links, newest first (for its owner's list of who holds access). */
    ofVideo: (videoId: number) => repo.grantsOfVideo(videoId),

    /**
     * A mistaken release sealed again (docs/product.md §6.6): the links that rested on the release stop,
     * those others sent with the code and the contacts' release links (`tokenHashes`); the owner's own
     * deliberate grants stay.
     */
    revokeForReseal: (ownerId: number, videoId: number, tokenHashes: string[], tx: Db) =>
      repo.revokeForReseal(ownerId, videoId, tokenHashes, clock.now(), tx),

    /** The owner takes a link back: from then on it opens nothing. False when the video has no such link. */
    revoke: (videoId: number, grantId: number) => repo.revokeGrant(videoId, grantId, clock.now()),

    /**
     * Sends the link once: a retry or double click within GRANT_RETRY_WINDOW_MS answers the same without
     * a second e-mail; one racing the first waits for its outcome (and tries itself if the first failed).
     */
    async share(input: ShareInput): Promise<void> {
      if ((await sendOnce(input)) === 'retry' && (await sendOnce(input)) === 'retry')
        throw new AppError(502, GRANT_EMAIL_FAILED);
    },
  };
}

export type WatchGrants = ReturnType<typeof createWatchGrants>;
