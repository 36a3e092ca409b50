import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { FastifyRequest } from 'fastify';
import { CENSORED_PATHS, REDACTED, redactSecrets, redactUrl } from './redact';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The process's logger (main.ts), with secrets kept out (docs/operations.md §Security headers and logs).
 * - Fastify takes its `req` serializer from here: request lines carry the URL already redacted.
 * - Fields that hold credentials or card details are censored by name, whatever their value.
 * - Last, every finished line goes through the same redaction: Fastify writes some URLs into messages,
 *   an SMTP refusal quotes the recipient's address in the error, and future code may log a URL or an
 *   address in a field no one thought of.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      redact: {
        paths: [...CENSORED_PATHS],
        censor: REDACTED,
      },
      hooks: { streamWrite: redactSecrets },
    },
    destination,
  );
}

/**
 * Where the process's lines go: readable lines for a person at a terminal (`npm start` in a shell), one
 * JSON object a line otherwise (a file, a pipe, a log collector). Lines reach the prettifier after the
 * redaction above, so a terminal shows no more than the JSON would.
 */
export function logDestination(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  if (!out.isTTY) return undefined;
  return pretty({
    destination: out,
    sync: true,
    colorize: out === process.stdout,
    translateTime: 'SYS:HH:MM:ss.l',
  });
}
