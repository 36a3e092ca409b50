import { and, eq, isNull, sql } from 'drizzle-orm';
import { longDateTimeIn, notificationKinds, RECEIPT_MESSAGES } from '@pw/contracts';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Clock } from '../../../platform/clock';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limit';
import type { NotifyInput } from '../../notifications';
import type { OwnerNotifier } from '../delivery.context';
import { scheduledDeliveries as d } from '../delivery.schema';
import { scheduledVideoLink } from '../owner-notices';

/**
 * Read receipts (docs/product.md §5.8): every answered watch call of a delivery's link
 * counts one open; the first also records `opened_at` and, while the delivery's `receipts` is on,
 * tells the owner in the app, in the same transaction.
 */

/** "12 March 2027 at 09:14" on the clock of the owner's zone; a delivery without a zone says UTC. */
export const openedAtText = (instant: Date, timeZone: string | null): string =>
  `${longDateTimeIn(instant, timeZone ?? 'UTC')}${timeZone ? '' : ' UTC'}`;

/** What the owner reads in the bell; the link opens the video in the scheduled folder. */
export function openedNotice(
  delivery: {
    id: number;
    videoId: number;
    recipientEmail: string;
    openedAt: Date;
    timezone: string | null;
  },
  title: string,
): NotifyInput {
  return {
    kind: notificationKinds.deliveryOpened,
    title: RECEIPT_MESSAGES.noticeTitle,
    // The schedule names no person: the recipient is their address.
    body: `${delivery.recipientEmail} opened your message "${title}" on ${openedAtText(delivery.openedAt, delivery.timezone)}.`,
    data: {
      video_id: delivery.videoId,
      delivery_id: delivery.id,
      recipient_email: delivery.recipientEmail,
      opened_at: delivery.openedAt.toISOString(),
      link: scheduledVideoLink(delivery.videoId),
    },
    // In the app only (docs/product.md §5.8): nothing the owner must act on.
    email: false,
  };
}

/** One browser's opens of one link count once in this long (docs/product.md §5.8). */
export const OPEN_WINDOW_SECONDS = 3600;
/** Memos kept per process before the expired ones are dropped (a burst's keys are a handful). */
const MEMO_LIMIT = 10_000;

/** Who opened: the link's hash and the client's address, as one key that names neither. */
export const openKey = (tokenHash: string, client: string) =>
  `watchOpen:${createHash('sha256').update(`${tokenHash}|${client}`).digest('hex').slice(0, 32)}`;

/**
 * Which opens count (docs/product.md §5.8): a GET of the watch call, once per link and client
 * address an hour. In a process, a burst of requests is settled in memory before any write (the first
 * one of a key goes on, the others return); across processes the database's rate rule on the same key
 * lets one through (an atomic upsert). So a reload, a prefetch or sixty requests at once count once,
 * and at most one write per burst reaches the delivery row.
 */
export function createOpenGate(deps: { rateLimiter: Pick<RateLimiter, 'count'>; clock: Clock }) {
  const memo = new Map<string, number>();
  const forget = (now: number) => {
    for (const [key, until] of memo) if (until <= now) memo.delete(key);
    if (memo.size > MEMO_LIMIT) memo.clear();
  };
  return {
    /** Whether this process may try to count `key` now; `release` gives it back after a failed try. */
    take(key: string): boolean {
      const now = deps.clock.now().getTime();
      if ((memo.get(key) ?? 0) > now) return false;
      if (memo.size >= MEMO_LIMIT) forget(now);
      memo.set(key, now + OPEN_WINDOW_SECONDS * 1000);
      return true;
    },
    release: (key: string) => memo.delete(key),
    /** The database's word, in the counting transaction: the first of the hour for this key anywhere. */
    async first(key: string, tx: DbOrTx): Promise<boolean> {
      const hit = await deps.rateLimiter.count({ key, limit: 1, windowSeconds: OPEN_WINDOW_SECONDS }, { tx });
      return hit.allowed;
    },
  };
}
export type OpenGate = ReturnType<typeof createOpenGate>;

/**
 * The recipient opened the watch link of the delivery with this token hash, from `client` (its
 * address). Counted when the gate lets it through (see createOpenGate). The first-open claim is one
 * UPDATE … WHERE opened_at IS NULL RETURNING: of two opens at once, the second waits for the first's
 * row lock, finds opened_at set and only counts. The notice is written in the claim's transaction, so
 * it exists exactly when the claim committed: one per occurrence, never lost, never twice.
 */
export async function recordOpen(
  deps: { db: Db; notifications: Pick<OwnerNotifier, 'notify'>; openGate: OpenGate },
  tokenHash: string,
  title: string,
  client: string,
): Promise<void> {
  const key = openKey(tokenHash, client);
  if (!deps.openGate.take(key)) return;
  try {
    await countOpen(deps, tokenHash, title, key);
  } catch (error) {
    deps.openGate.release(key);
    throw error;
  }
}

async function countOpen(
  deps: { db: Db; notifications: Pick<OwnerNotifier, 'notify'>; openGate: OpenGate },
  tokenHash: string,
  title: string,
  key: string,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await deps.openGate.first(key, tx))) return;
    const [first] = await tx
      .update(d)
      .set({ openedAt: sql`now()`, openCount: sql`${d.openCount} + 1` })
      .where(and(eq(d.tokenHash, tokenHash), isNull(d.openedAt)))
      .returning({
        id: d.id,
        ownerId: d.ownerId,
        videoId: d.videoId,
        recipientEmail: d.recipientEmail,
        openedAt: d.openedAt,
        timezone: d.timezone,
        receipts: d.receipts,
      });
    if (!first) {
      await tx
        .update(d)
        .set({ openCount: sql`${d.openCount} + 1` })
        .where(eq(d.tokenHash, tokenHash));
      return;
    }
    if (first.receipts)
      await deps.notifications.notify(
        first.ownerId,
        openedNotice({ ...first, openedAt: first.openedAt! }, title),
        tx,
      );
  });
}
