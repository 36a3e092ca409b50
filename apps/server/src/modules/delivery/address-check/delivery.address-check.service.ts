import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  ADDRESS_CHECK_MESSAGES,
  ADDRESS_CONFIRM_PAGE,
  SCHEDULED_FOLDER_PAGE,
  ADDRESS_LINK_DAYS,
  notificationKinds,
} from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { sendJob } from '../../../platform/jobs';
import type { MailOutbox } from '../../../platform/mail/outbox';
import { mailOf } from '../../../platform/mail/define';
import type { PgBoss } from '../../../platform/queue';
import type { OwnerNotifier } from '../delivery.context';
import { addressMailQueue } from './delivery.address-check.queue';
import { hashWatchToken } from '../delivery.tokens';
import { scheduledVideoLink } from '../owner-notices';
import { addressCheckMailKind } from '../delivery.mails';
import { createAddressCheckQueries, DAY_MS, PAGE } from './delivery.address-check.queries';

/**
 * The yearly address check (docs/product.md §5.9, decision 0366). Once a year, an active owner
 * with pending deliveries due more than a year ahead gets one e-mail and one notice listing them, each
 * with 'Still right' (a link that needs no sign-in) and 'Change' (the video's schedule); 60 days later,
 * one reminder about those not confirmed. Nothing is ever paused or dropped for want of an answer.
 */

/** A check's e-mail whose job was lost in a crash is sent again after this long. */
const LOST_JOB_MS = 10 * 60 * 1000;

/** The 'Still right' token of an item: HMAC-SHA256(APP_SECRET, "address:" + nonce), base64url. */
export const addressToken = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`address:${nonce}`).digest('base64url');

export interface AddressCheckDeps {
  db: Db;
  queue: PgBoss;
  clock: Clock;
  outbox: MailOutbox;
  notifications: Pick<OwnerNotifier, 'notify'>;
  logger: Pick<FastifyBaseLogger, 'info'>;
  secret: string;
  publicUrl: string;
}

export interface AddressCheckRun {
  checks: number;
  reminders: number;
}

export function createAddressCheck(deps: AddressCheckDeps) {
  const { db, clock } = deps;
  const queries = createAddressCheckQueries(db);

  /** The in-app task beside the e-mail: the same list, in the notification's words. */
  async function notice(
    ownerId: number,
    lines: Array<{ title: string; recipientEmail: string }>,
    reminder: boolean,
    tx: Db,
  ) {
    const list = lines.map((line) => `"${line.title}" to ${line.recipientEmail}`).join('; ');
    await deps.notifications.notify(
      ownerId,
      {
        kind: notificationKinds.deliveryAddressCheck,
        title: reminder
          ? 'Reminder: are these addresses still right?'
          : 'Are the addresses of your scheduled videos still right?',
        body: `Please check the recipient's address of each video due more than a year from now: ${list}. We e-mailed you a 'Still right' link for each; change an address on the video's schedule.`,
        // The scheduled folder, where each video's schedule is changed.
        data: { link: SCHEDULED_FOLDER_PAGE, reminder, count: lines.length },
      },
      tx,
    );
  }

  /** The check's e-mail row and its job, in `tx`: they exist iff the claim commits. */
  async function enqueueMail(
    account: { id: number; email: string },
    checkSentAt: Date,
    reminder: boolean,
    tx: Db,
  ) {
    const [mailId] = await deps.outbox.enqueue(
      [
        {
          mail: mailOf(addressCheckMailKind, {
            checkSentAt: checkSentAt.toISOString(),
            reminder: reminder ? 1 : 0,
          }),
          to: account.email,
          accountId: account.id,
          ref: `address-check:${account.id}`,
        },
      ],
      tx,
    );
    await sendJob(deps.queue, addressMailQueue, { mailId: mailId! }, { singletonKey: `${mailId}`, tx });
  }

  /**
   * One owner's yearly check, claimed and written in one transaction: the upsert takes the owner's row
   * only when its last check is a year old, so of two runs (or a retry) one sends, the other finds it
   * taken. Answers whether this run sent it.
   */
  async function check(ownerId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const far = await queries.farOf(tx, ownerId, now);
      const account = await queries.ownerOf(ownerId, tx);
      if (far.length === 0 || !account) return false;
      const claimed = await queries.claimCheck(tx, ownerId, now);
      if (claimed.length === 0) return false;
      const expiresAt = new Date(now.getTime() + ADDRESS_LINK_DAYS * DAY_MS);
      await queries.insertItems(
        tx,
        far.map((row) => {
          const nonce = randomBytes(16).toString('hex');
          return {
            ownerId,
            checkSentAt: now,
            deliveryId: row.id,
            recipientEmail: row.recipientEmail,
            nonce,
            tokenHash: hashWatchToken(addressToken(deps.secret, nonce)),
            expiresAt,
          };
        }),
      );
      await enqueueMail(account, now, false, tx);
      await notice(ownerId, far, false, tx);
      return true;
    });
  }

  /** The one reminder of a check, claimed by setting `reminder_sent_at` in the transaction of its mail. */
  async function remind(ownerId: number, checkSentAt: Date, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await queries.claimReminder(tx, ownerId, checkSentAt, now);
      const account = await queries.ownerOf(ownerId, tx);
      if (claimed.length === 0 || !account) return false;
      await enqueueMail(account, checkSentAt, true, tx);
      await notice(ownerId, await queries.linesOf(ownerId, checkSentAt, true, tx), true, tx);
      return true;
    });
  }

  /**
   * The one item `where` finds, as its link's page shows it: absent → 404 with `missing`, expired (when
   * `expires`) → 410, its delivery changed, sent or cancelled since → 409. Locked with `lock`.
   */
  async function findItem(tx: DbOrTx, where: SQL, missing: string, expires: boolean, lock: boolean) {
    const found = await queries.itemRow(tx, where, lock);
    if (!found) throw notFound(missing);
    if (expires && found.expiresAt.getTime() <= clock.now().getTime())
      throw new AppError(410, ADDRESS_CHECK_MESSAGES.expired);
    if (!['pending', 'sending'].includes(found.status) || found.currentEmail !== found.recipientEmail)
      throw conflict(ADDRESS_CHECK_MESSAGES.changed);
    return found;
  }

  /** What a link's page and its answer show: the video, the address asked about, when it is due. */
  const itemData = (found: Awaited<ReturnType<typeof findItem>>, confirmedAt: Date | null) => ({
    video_title: found.title,
    recipient_email: found.recipientEmail,
    due_at: found.dueAt.toISOString(),
    confirmed_at: confirmedAt ? confirmedAt.toISOString() : null,
  });

  /** Confirms the one item `where` finds, in one transaction with its row locked (refusals: findItem). */
  function confirmItem(where: SQL, missing: string, expires: boolean) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const found = await findItem(tx, where, missing, expires, true);
      let confirmedAt = found.confirmedAt;
      if (!confirmedAt) {
        confirmedAt = now;
        await queries.setConfirmed(tx, found.id, confirmedAt);
      }
      return {
        message: ADDRESS_CHECK_MESSAGES.confirmed,
        data: { ...itemData(found, confirmedAt), confirmed_at: confirmedAt.toISOString() },
      };
    });
  }

  /** A link's item, its owner active (a deactivated owner's link is no link, §5.6). */
  const byToken = (token: string) => queries.byTokenHash(hashWatchToken(token));

  return {
    /** One run of the duty (its job's work; tests move the clock and call it). */
    async run(): Promise<AddressCheckRun> {
      const now = clock.now();
      const lost = await deps.outbox.unsentBefore(
        addressCheckMailKind.kind,
        new Date(now.getTime() - LOST_JOB_MS),
        PAGE,
      );
      for (const { id } of lost)
        await sendJob(deps.queue, addressMailQueue, { mailId: id }, { singletonKey: `${id}` });

      const outcome: AddressCheckRun = { checks: 0, reminders: 0 };
      for (let after = 0; ;) {
        const page = await queries.ownersDue(now, after);
        for (const { ownerId } of page) if (await check(ownerId, now)) outcome.checks += 1;
        if (page.length < PAGE) break;
        after = page.at(-1)!.ownerId;
      }
      for (let after = 0; ;) {
        const page = await queries.remindersDue(now, after);
        for (const row of page) if (await remind(row.ownerId, row.sentAt, now)) outcome.reminders += 1;
        if (page.length < PAGE) break;
        after = page.at(-1)!.ownerId;
      }
      if (outcome.checks || outcome.reminders) deps.logger.info(outcome, 'address checks sent');
      return outcome;
    },

    /**
     * Sends a check's (or reminder's) row once, its links made here from the items' nonces (they live in
     * the e-mail alone). Dropped when nothing is left to ask (all confirmed, changed or sent) or the
     * account was deactivated meanwhile (its deliveries are held: docs/product.md §5.6).
     */
    sendMail(mailId: number) {
      return deps.outbox.deliver(mailId);
    },

    /** What the check's mail asks about now (its `compose`, delivery.mails.ts); null: nothing. */
    async addressCheckOf(accountId: number, checkSentAt: Date, reminder: boolean) {
      const [account] = await queries.activeOwnerName(accountId);
      if (!account) return null;
      const lines = await queries.linesOf(accountId, checkSentAt, reminder);
      if (lines.length === 0) return null;
      return {
        firstName: account.firstName,
        lines: lines.map((line) => ({
          title: line.title,
          recipientEmail: line.recipientEmail,
          dueAt: line.dueAt,
          confirmUrl: `${deps.publicUrl}${ADDRESS_CONFIRM_PAGE}/${addressToken(deps.secret, line.nonce)}`,
          changeUrl: `${deps.publicUrl}${scheduledVideoLink(line.videoId)}`,
        })),
      };
    },

    /**
     * The owner's 'Still right' (no sign-in: the token is the permission). Unknown, or its owner
     * deactivated → 404, expired → 410,
     * the delivery changed, sent or cancelled since → 409: nothing is recorded. A second click answers
     * the first one's confirmation (idempotent).
     */
    confirm(token: string) {
      // A deactivated owner's link answers as an unknown one, confirming nothing.
      return confirmItem(byToken(token), ADDRESS_CHECK_MESSAGES.invalidLink, true);
    },

    /**
     * What the link's page names before its button (no sign-in: the token is the permission): the
     * video, the address and when it is due, and whether it was confirmed already. Changes nothing; it
     * refuses as `confirm` does, so the page says at once that a link no longer works.
     */
    async details(token: string) {
      const found = await findItem(db, byToken(token), ADDRESS_CHECK_MESSAGES.invalidLink, true, false);
      return { data: itemData(found, found.confirmedAt) };
    },

    /**
     * The signed-in owner's 'Still right' in the app (docs/product.md §5.9): the latest check item of the
     * video's current delivery, confirmed by the link's own code. The sign-in is the permission, so the
     * link's expiry does not apply; another owner's video, or one no check asks about → 404, nothing
     * recorded.
     */
    confirmOwn(ownerId: number, videoId: number) {
      return confirmItem(
        queries.latestOwnItem(ownerId, videoId),
        ADDRESS_CHECK_MESSAGES.nothingToConfirm,
        false,
      );
    },
  };
}

export type AddressCheck = ReturnType<typeof createAddressCheck>;
