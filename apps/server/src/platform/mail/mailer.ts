import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type { FastifyBaseLogger } from 'fastify';
import { maskEmails } from '../logging/redact';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable Message-ID (`<local@domain>`): a message sent again after a crash carries the same one, so
   * mailboxes that de-duplicate by Message-ID keep one copy (docs/decisions/0040-exactly-once-delivery.md).
   */
  messageId?: string;
  /**
   * The envelope sender (SMTP `MAIL FROM`, the receiving server's Return-Path): a signed return path
   * (verp.ts), where reports about this very message come back. The header From stays MAIL_FROM.
   */
  returnPath?: string;
}

/** nodemailer's message: the envelope is given only when a return path is. */
function toNodemailer(from: string, { returnPath, ...message }: MailMessage) {
  return returnPath
    ? { from, ...message, envelope: { from: returnPath, to: message.to } }
    : { from, ...message };
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox
 * (atomically: a temporary name, then a rename) with one log line, so a fresh clone needs no mail server.
 * Log lines name the recipient masked (`j***@example.com`): logs travel further than the mailbox does.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (options.smtpUrl) {
    // A small pool of kept-open connections: no TCP (and TLS) handshake and greeting per message.
    // `maxRequeues: 0`: when a connection closes mid-message the pool must not silently send the
    // message again by itself (the server may already have it); the caller decides, with its own
    // records (docs/decisions/0040-exactly-once-delivery.md). Bounded timeouts (nodemailer's defaults
    // wait up to 10 minutes on a silent socket). Options in SMTP_URL's query still win.
    const poolOptions: SMTPPool.Options & { maxRequeues: number } = {
      url: options.smtpUrl,
      pool: true,
      // Deliveries send up to 8 at once per process, notification e-mails 3.
      maxConnections: 11,
      maxMessages: 100,
      maxRequeues: 0, // a documented pool option the type definitions lack
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      // Our own TCP connection, with TCP_NODELAY: nodemailer writes the message's end in small pieces,
      // and without it each message waits for the server's delayed ACK (about 40 ms on Linux).
      // nodemailer then speaks SMTP on it (and starts TLS itself for smtps:// and STARTTLS).
      getSocket: (socketOptions, callback) => {
        const socket = net.connect({
          host: socketOptions.host ?? 'localhost',
          port: socketOptions.port ?? (socketOptions.secure ? 465 : 587),
          noDelay: true,
        });
        let settled = false;
        const settle = (error: Error | null) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.off('error', settle);
          if (error) {
            socket.destroy();
            callback(error, null);
          } else callback(null, { connection: socket });
        };
        const timer = setTimeout(
          () => settle(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
          10_000,
        );
        socket.once('connect', () => settle(null));
        socket.once('error', settle);
      },
    };
    const transport = nodemailer.createTransport(new SMTPPool(poolOptions));
    return {
      async send(message) {
        const info = await transport.sendMail(toNodemailer(options.from, message));
        options.logger.info({ to: maskEmails(message.to), subject: message.subject }, 'mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(options.from, message));
      // Messages carry watch links and reset codes: the server's own user reads them, nobody else.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const target = path.join(options.outboxDir, name);
      await fs.writeFile(`${target}.tmp`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${target}.tmp`, target);
      options.logger.info(
        { to: maskEmails(message.to), subject: message.subject, file: target },
        'mail written to outbox',
      );
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
