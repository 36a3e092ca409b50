/**
 * PostgreSQL only (a PGlite listener is the database's own connection): a listener whose connection
 * drops is opened again and hears notifications as before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '.';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const lines: string[] = [];
const logger = pino(
  { level: 'info' },
  { write: (line: string) => void lines.push(JSON.parse(line).msg as string) },
);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await createTestDatabase(baseUrl)));
afterAll(() => drop());

it('a listener whose connection is terminated listens again and hears what is sent after', async () => {
  const heard: string[] = [];
  const unlisten = await database.listen('pw_probe_drop', (payload) => heard.push(payload), logger);
  const name = `pw-listen-pw_probe_drop-${process.pid}`;
  const terminated = await database.executeSql(
    'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
    [name],
  );
  expect(terminated.rows).toEqual([{ done: true }]);
  // Sent until one is heard: the ones sent while it reconnects are lost, which is what a hint allows.
  await expect
    .poll(
      async () => {
        await database.executeSql('select pg_notify($1, $2)', ['pw_probe_drop', 'after the drop']);
        return heard.includes('after the drop');
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  expect(lines).toContain('the listener on pw_probe_drop: connection lost; reconnecting');
  expect(lines).toContain('the listener on pw_probe_drop: restored');
  await unlisten();
});
