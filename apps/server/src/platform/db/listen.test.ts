import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase } from '../../../test/helpers';
import { sqlExecutor } from './executor';
import type { Database } from '.';

const logger = pino({ level: 'silent' });

describe('LISTEN on the database (the embedded one, or PostgreSQL in its pass)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await createTestDatabase()));
  afterAll(() => drop());

  const notify = (payload: string, db = database.db) =>
    sqlExecutor(db).executeSql('select pg_notify($1, $2)', ['pw_probe', payload]);

  it('hears what a transaction sends once it commits, never what one rolled back sends, and nothing once it stops', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('pw_probe', (payload) => heard.push(payload), logger);
    await database.db.transaction(async (tx) => {
      await notify('committed', tx);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await notify('rolled back', tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await notify('outside a transaction');
    await expect.poll(() => heard, { timeout: 20_000 }).toEqual(['committed', 'outside a transaction']);

    await unlisten();
    await notify('unheard');
    // Notifications arrive in order: once the next listener hears its own, the one before was not heard.
    const unlistenAgain = await database.listen('pw_probe', (payload) => heard.push(payload), logger);
    await notify('heard again');
    await expect
      .poll(() => heard, { timeout: 20_000 })
      .toEqual(['committed', 'outside a transaction', 'heard again']);
    await unlistenAgain();
  });

  it('refuses a channel name that is not a plain identifier (it is written into LISTEN as it is)', async () => {
    await expect(database.listen('pw_probe; drop table users', () => {}, logger)).rejects.toThrow(
      'Not a plain channel name: pw_probe; drop table users',
    );
  });
});
