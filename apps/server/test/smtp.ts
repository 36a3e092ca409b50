import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  /** The envelope sender (`MAIL FROM`), lower case: where reports about the message go. */
  mailFrom: string;
  /** When the server answered 250 to the message (it was accepted). */
  acceptedAt: number;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** RCPT decisions: return a code to refuse (e.g. 451 temporary, 550 permanent), or nothing to accept. */
  setRecipientPolicy(policy: (address: string, attempt: number) => number | undefined): void;
  /** DATA decisions, by the message's recipients: a code refuses the message after it was sent in full. */
  setDataPolicy(policy: (recipients: string[]) => number | undefined): void;
  /** Extra time before the final reply to DATA (widens the window a crash test aims at). */
  setDataDelay(ms: number): void;
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  /**
   * Waits until no session is in the middle of a message (recipient given, not yet answered or closed):
   * what was handed to the server before a client died has been accepted or dropped by then.
   */
  settled(timeoutMs?: number): Promise<void>;
  /**
   * Holds the final reply to DATA of the messages whose recipients match, until `releaseHeld()` or until
   * the client goes: a message whose client died before the reply is dropped (never answered, never
   * accepted), as a server may do. Null: nothing more is held.
   */
  holdData(predicate: ((recipients: string[]) => boolean) | null): void;
  /** The messages received in full whose reply is held now, with their client's port. */
  held(): Array<{ recipients: string[]; messageId: string; remotePort: number }>;
  /** Accepts every held message (as when its reply was never delayed). */
  releaseHeld(): void;
  /** Messages dropped because their client went while the reply was held. */
  dropped: Array<{ recipients: string[]; messageId: string }>;
  /** Attempts seen per recipient (RCPT commands). */
  attempts: Map<string, number>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server), for tests and the bench. */
export async function startTestSmtp(options: { parse?: boolean } = {}): Promise<TestSmtp> {
  // parse: false (the bench) reads only the headers it needs, so the server costs little CPU.
  const parse = options.parse ?? true;
  const messages: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  let policy: (address: string, attempt: number) => number | undefined = () => undefined;
  let dataDelay = 0;
  let dataPolicy: (recipients: string[]) => number | undefined = () => undefined;
  // Sessions between their first RCPT and the final reply to their message (or their close), and the
  // messages received in full and not yet answered (the server may still accept one whose client died).
  const midMessage = new Set<string>();
  let answering = 0;
  let holdPredicate: ((recipients: string[]) => boolean) | null = null;
  interface Held {
    recipients: string[];
    messageId: string;
    remotePort: number;
    accept: () => void;
    drop: () => void;
  }
  const holding = new Map<string, Held>();
  const dropped: Array<{ recipients: string[]; messageId: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of the client: a loopback test server must not wait on the resolver.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const email = address.address.toLowerCase();
      const attempt = (attempts.get(email) ?? 0) + 1;
      attempts.set(email, attempt);
      const code = policy(email, attempt);
      if (code) {
        const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & {
          responseCode: number;
        };
        error.responseCode = code;
        return callback(error);
      }
      midMessage.add(session.id);
      callback();
    },
    onClose(session: SMTPServerSession) {
      holding.get(session.id)?.drop();
      midMessage.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const answer = (err?: Error) => {
        answering -= 1;
        midMessage.delete(session.id);
        callback(err);
      };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
        const refusal = dataPolicy(recipients);
        if (refusal) {
          midMessage.delete(session.id);
          const error = new Error(refusal >= 500 ? 'Message refused' : 'Try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = refusal;
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('utf8');
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        if (holdPredicate?.(recipients)) {
          const messageId = header('Message-ID');
          holding.set(session.id, {
            recipients,
            messageId,
            remotePort: session.remotePort,
            accept: () => {
              holding.delete(session.id);
              receive();
            },
            drop: () => {
              holding.delete(session.id);
              dropped.push({ recipients, messageId });
              midMessage.delete(session.id);
              callback(new Error('The client went before the reply'));
            },
          });
          return;
        }
        receive();
        function receive() {
          answering += 1;
          void (async () => {
            if (!parse) {
              // The slow peer's own behaviour (its reply comes late), not a wait of the test.
              if (dataDelay) await new Promise((resolve) => setTimeout(resolve, dataDelay));
              messages.push({
                to: header('To').toLowerCase(),
                messageId: header('Message-ID'),
                mailFrom,
                subject: header('Subject'),
                text: '',
                html: '',
                acceptedAt: Date.now(),
              });
              return answer();
            }
            const parsed = await simpleParser(raw);
            // The slow peer's own behaviour, as above.
            if (dataDelay) await new Promise((resolve) => setTimeout(resolve, dataDelay));
            const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
            messages.push({
              to: (to ?? '').toLowerCase(),
              messageId: parsed.messageId ?? '',
              mailFrom,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: String(parsed.html || ''),
              acceptedAt: Date.now(),
            });
            answer();
          })();
        }
      });
    },
  });
  // Clients that die (the crash tests kill workers) reset their connections: not an error of the server.
  server.on('error', () => undefined);
  server.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    attempts,
    setRecipientPolicy(next) {
      policy = next;
    },
    setDataPolicy(next) {
      dataPolicy = next;
    },
    setDataDelay(ms) {
      dataDelay = ms;
    },
    holdData(predicate) {
      holdPredicate = predicate;
    },
    held: () =>
      [...holding.values()].map(({ recipients, messageId, remotePort }) => ({
        recipients,
        messageId,
        remotePort,
      })),
    releaseHeld() {
      for (const message of [...holding.values()]) message.accept();
    },
    dropped,
    async waitFor(predicate, timeoutMs = 20_000) {
      const started = Date.now();
      while (!predicate(messages)) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`timed out waiting for mail (received ${messages.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async settled(timeoutMs = 20_000) {
      const started = Date.now();
      while (midMessage.size > 0 || answering > 0) {
        if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${midMessage.size} messages open`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
