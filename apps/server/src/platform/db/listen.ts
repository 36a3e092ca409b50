import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { holdConnection } from './held-connection';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/**
 * Calls `onPayload` with the payload of each notification on `channel` (LISTEN/NOTIFY): a notification
 * sent in a transaction arrives when it commits, and never if it rolls back. A notification is a hint
 * only: one missed while a PostgreSQL listener reconnects is not sent again.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
) => Promise<Unlisten>;

/** Channel names are written into LISTEN as they are: plain lower-case identifiers only. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  return channel;
}

/** PGlite's one connection listens itself; it receives what its own transactions send once they commit. */
export function listenOnPglite(client: PGlite): Listen {
  return async (channel, onPayload) => {
    const unlisten = await client.listen(checkedChannel(channel), onPayload);
    // Closing the database first ends the listening with it.
    return () => unlisten().catch(() => undefined);
  };
}

/** PostgreSQL: a connection of its own per listener, opened again after a drop (held-connection.ts). */
export function listenOnPostgres(url: string): Listen {
  return async (channel, onPayload, logger) => {
    const name = checkedChannel(channel);
    const connection = await holdConnection({
      url,
      applicationName: `pw-listen-${name}-${process.pid}`,
      what: `the listener on ${name}`,
      logger,
      async onConnect(client) {
        client.on('notification', (message) => {
          if (message.channel === name && message.payload) onPayload(message.payload);
        });
        await client.query(`LISTEN ${name}`);
      },
    });
    return () => connection.close();
  };
}
