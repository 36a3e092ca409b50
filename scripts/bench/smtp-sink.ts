/**
 * An SMTP server on loopback in a process of its own (the bench's mail server, as a real one would be:
 * not sharing the worker's event loop). It accepts everything and reports, over IPC, when each message
 * was accepted: `{ type: 'listening', port }`, then on `{ type: 'get', from }` the records since `from`.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

interface Accepted {
  to: string;
  messageId: string;
  acceptedAt: number;
}

const accepted: Accepted[] = [];
const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('utf8');
      accepted.push({
        to: header(head, 'To').toLowerCase(),
        messageId: header(head, 'Message-ID'),
        acceptedAt: Date.now(),
      });
      callback();
    });
  },
});
server.on('error', () => undefined);
server.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: (server.server.address() as AddressInfo).port });
});
process.on('message', (message: { type: string; from?: number }) => {
  if (message.type === 'get')
    process.send?.({ type: 'accepted', records: accepted.slice(message.from ?? 0) });
  if (message.type === 'stop') server.close(() => process.exit(0));
});
