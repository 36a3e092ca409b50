import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, like, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db';
import { maskEmails } from '../logging/redact';
import { classifyMailError } from './mail-errors';
import type { Mailer } from './mailer';
import type { ReturnPaths } from './verp';
import { mailOutbox, type MailOutboxRow, type MailState } from './mail.schema';
import type { RenderedMail } from './templates';
import type { MailContent, MailTemplate } from './define';

/** Whom an e-mail goes to and what it is about, written on its outbox row. */
export interface Addressee {
  to: string;
  /** The account it belongs to (sent for it or to it), for bounces and receipts to attach to. */
  accountId?: number | null;
  /** What it is about, `<what>:<id>` (e.g. `delivery:12`, `notification:5`). */
  ref?: string | null;
  /** Given when the caller's own records fix it already (a delivery's claim row); otherwise made here. */
  messageId?: string;
}

/** One e-mail: whom to, and its kind and params (`mailOf(definition, params)`). */
export interface OutboxEntry extends Addressee {
  mail: MailContent;
}

type Params = MailOutboxRow['params'];

/**
 * The one path every e-mail takes (docs/decisions/0305-one-mail-path.md): a row in `mail_outbox`, then
 * the mailer (SMTP, or the .eml files of DATA_DIR/outbox). Two ways in:
 * - `enqueue` writes rows in the caller's transaction (they exist iff what they tell committed); the
 *   caller's job sends each with `deliver`, written by the `compose` of the row's kind (`defineMail`);
 * - `send` records and sends at once, for a mail sent while someone waits or from a job that is already
 *   the retry loop (a notification's copy).
 * Either way the Message-ID is fixed when the row is first written, so a mail sent again after a crash
 * or a temporary refusal is recognisably the same message (docs/decisions/0040-exactly-once-delivery.md).
 */
export function createMailOutbox(deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Each mail's own signed envelope sender: a report about it must come back to that (verp.ts). */
  returnPaths: ReturnPaths;
}) {
  const { db, mailer, clock } = deps;
  const host = new URL(deps.publicUrl).hostname || 'partingwords.local';

  /** The kinds the modules registered (the composition root's `useMails`); a row's mail is written by its kind's. */
  let templates: Map<string, MailTemplate> | null = null;
  const templateOf = (kind: string): MailTemplate => {
    if (!templates)
      throw new Error('The outbox has no mails registered yet (compose registers them at start).');
    const template = templates.get(kind);
    if (!template)
      throw new Error(
        `No module registers the mail kind ${kind}: declare it with defineMail in modules/<m>/<m>.mails.ts and list it in the module's mails (bindMails).`,
      );
    return template;
  };
  /** The params checked against their kind's schema: a mail of the wrong shape is refused before any row is written. */
  const checked = ({ kind, params }: MailContent) => {
    const parsed = templateOf(kind).params.safeParse(params);
    if (!parsed.success)
      throw new Error(`The params of a ${kind} mail do not match its schema: ${parsed.error.message}`);
    return parsed.data;
  };
  const composeFor = async (entry: { kind: string; params: unknown } & Addressee) => {
    const envelope = { to: entry.to, accountId: entry.accountId ?? null, ref: entry.ref ?? null };
    return templateOf(entry.kind).compose(entry.params, envelope);
  };

  const newMessageId = (kind: string) => `<${kind.replace('.', '-')}.${randomUUID()}@${host}>`;

  /** Writes the row of an attempt about to be made: a new row, or the same row one attempt on. */
  async function startAttempt(
    entry: Addressee & { kind: string; params?: Params },
    tx: DbOrTx = db,
  ): Promise<MailOutboxRow> {
    const now = clock.now();
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        kind: entry.kind,
        toEmail: entry.to,
        messageId: entry.messageId ?? newMessageId(entry.kind),
        state: 'queued',
        attempts: 1,
        accountId: entry.accountId ?? null,
        ref: entry.ref ?? null,
        params: entry.params ?? {},
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: mailOutbox.messageId,
        set: { state: 'queued', attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now },
      })
      .returning();
    return row!;
  }

  async function settle(id: number, state: MailState, error?: unknown, tx: DbOrTx = db) {
    const now = clock.now();
    await tx
      .update(mailOutbox)
      .set({
        state,
        updatedAt: now,
        ...(state === 'sent' ? { sentAt: now, lastError: null } : {}),
        // The server's reply, addresses masked: the row keeps why, never whom else it named.
        ...(error !== undefined ? { lastError: maskEmails(classifyMailError(error).reason) } : {}),
      })
      .where(eq(mailOutbox.id, id));
  }

  async function transmit(row: MailOutboxRow, mail: RenderedMail) {
    try {
      await mailer.send({
        to: row.toEmail,
        ...mail,
        messageId: row.messageId,
        returnPath: deps.returnPaths.forMail(row.id),
      });
    } catch (error) {
      await settle(row.id, 'failed', error);
      throw error;
    }
    await settle(row.id, 'sent');
  }

  return {
    /**
     * Registers the modules' mails (`checkMails`), once, at start. Then refuses to start while rows still to
     * send are of a kind no module registers: an upgrade that dropped or renamed a kind would otherwise
     * leave them unsent, as a queue without its handler would leave its jobs.
     */
    async useMails(registered: Map<string, MailTemplate>): Promise<void> {
      templates = registered;
      const waiting = await db
        .selectDistinct({ kind: mailOutbox.kind })
        .from(mailOutbox)
        .where(inArray(mailOutbox.state, ['queued', 'failed']));
      const unknown = waiting.map((r) => r.kind).filter((kind) => !registered.has(kind));
      if (unknown.length > 0)
        throw new Error(
          `The mail outbox holds rows to send of kind ${unknown.sort().join(', ')}, which no module registers: declare it with defineMail in the module's mails (a stored kind is never renamed).`,
        );
    },

    /** Queued rows, in `tx`; their ids, in order, for the caller's jobs. Params not of their kind's schema are refused. */
    async enqueue(entries: OutboxEntry[], tx: DbOrTx): Promise<number[]> {
      if (entries.length === 0) return [];
      for (const e of entries) checked(e.mail);
      const now = clock.now();
      const rows = await tx
        .insert(mailOutbox)
        .values(
          entries.map((e) => ({
            kind: e.mail.kind,
            toEmail: e.to,
            messageId: e.messageId ?? newMessageId(e.mail.kind),
            accountId: e.accountId ?? null,
            ref: e.ref ?? null,
            // As given (JSON): a schema's transforms are applied when the mail is written.
            params: e.mail.params as Params,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: mailOutbox.id });
      return rows.map((r) => r.id);
    },

    /**
     * Sends a queued row once, written by its kind's `compose` from its params: a row already sent (a
     * retried job) is skipped, one with nothing left to say is dropped. A failure is recorded on the row
     * and thrown, for the caller's job to retry.
     */
    async deliver(id: number): Promise<'sent' | 'skipped'> {
      const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!found || found.state === 'sent' || found.state === 'dropped') return 'skipped';
      const mail = await composeFor({
        kind: found.kind,
        params: checked({ kind: found.kind, params: found.params }),
        to: found.toEmail,
        accountId: found.accountId,
        ref: found.ref,
      });
      if (!mail) {
        await settle(id, 'dropped');
        return 'skipped';
      }
      const row = await startAttempt({ ...found, to: found.toEmail });
      await transmit(row, mail);
      return 'sent';
    },

    /**
     * Writes the mail and sends it now; throws what the mailer threw (the row says failed). The row keeps
     * none of the params: what a mail sent at once says (a code) lives in the mail alone.
     */
    async send(entry: OutboxEntry): Promise<MailOutboxRow> {
      const { mail: content, ...addressee } = entry;
      const mail = await composeFor({ ...addressee, kind: content.kind, params: checked(content) });
      if (!mail) throw new Error(`A ${content.kind} mail sent at once had nothing to say.`);
      const row = await startAttempt({ ...addressee, kind: content.kind });
      await transmit(row, mail);
      return row;
    },

    /**
     * The outcome of a send whose attempts another table already counts (a delivery's claim), written in
     * that table's transaction.
     */
    async record(
      entry: Addressee & {
        kind: string;
        messageId: string;
        attempts: number;
        state: MailState;
        error?: unknown;
      },
      tx: DbOrTx,
    ) {
      const now = clock.now();
      const lastError = entry.error === undefined ? null : maskEmails(classifyMailError(entry.error).reason);
      await tx
        .insert(mailOutbox)
        .values({
          kind: entry.kind,
          toEmail: entry.to,
          messageId: entry.messageId,
          state: entry.state,
          attempts: entry.attempts,
          lastError,
          accountId: entry.accountId ?? null,
          ref: entry.ref ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: mailOutbox.messageId,
          set: { state: entry.state, attempts: entry.attempts, lastError, updatedAt: now },
        });
    },

    /**
     * A report that a sent mail came back (decision 0385): the row says bounced and why, whatever sent
     * it. Null when no mail of ours has this Message-ID (or it is not sent); a repeated report finds it
     * bounced already and changes nothing.
     */
    async markBounced(messageId: string, reason: string, tx: DbOrTx = db): Promise<MailOutboxRow | null> {
      const [row] = await tx
        .update(mailOutbox)
        .set({ state: 'bounced', lastError: maskEmails(reason), updatedAt: clock.now() })
        .where(and(eq(mailOutbox.messageId, messageId), eq(mailOutbox.state, 'sent')))
        .returning();
      return row ?? null;
    },

    /** The row of this id (a signed return path names it). */
    async byId(id: number, tx: DbOrTx = db): Promise<MailOutboxRow | null> {
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row ?? null;
    },

    /** The row of a Message-ID, if the platform sent it. */
    async byMessageId(messageId: string, tx: DbOrTx = db): Promise<MailOutboxRow | null> {
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.messageId, messageId));
      return row ?? null;
    },

    /**
     * Forgets an account's mails (its deletion, docs/product.md §11.6): the rows name its address and those
     * it wrote to; a queued one is then never sent.
     */
    async forget(accountId: number, tx: DbOrTx = db) {
      await tx.delete(mailOutbox).where(eq(mailOutbox.accountId, accountId));
    },

    /**
     * Deletes the rows settled (sent, given up, dropped or returned) before `before` (the retention
     * sweep, docs/product.md §11.9): past that age nobody needs to tell whether or why a mail went, and the
     * rows name addresses. A queued row stays whatever its age: its job has yet to send it.
     */
    async purgeSettledBefore(before: Date, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.state, ['sent', 'failed', 'dropped', 'bounced']),
            lte(mailOutbox.updatedAt, before),
          ),
        )
        .returning({ id: mailOutbox.id });
      return rows.length;
    },

    /** Unsent rows of these kinds written before `before` (their job lost in a crash, or out of retries), oldest first. */
    unsentBefore(kindPrefix: string, before: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.state, ['queued', 'failed']),
            like(mailOutbox.kind, `${kindPrefix}%`),
            lte(mailOutbox.createdAt, before),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(limit);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
