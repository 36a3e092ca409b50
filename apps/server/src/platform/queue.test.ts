import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type PgBoss from 'pg-boss';
import { createTestDatabase } from '../../test/helpers';
import { startQueue } from './queue';
import type { Database } from './db';

describe('job queue', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let boss: PgBoss;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    boss = await startQueue(database, pino({ level: 'silent' }), { supervise: true });
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await drop();
  });

  it('runs a delayed job once, on time', async () => {
    await boss.createQueue('probe');
    const sentAt = Date.now();
    await boss.send('probe', { n: 1 }, { startAfter: 1 });
    const seen: number[] = [];
    const ranAt = await new Promise<number>((resolve) => {
      void boss.work<{ n: number }>('probe', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        seen.push(job!.data.n);
        resolve(Date.now());
      });
    });
    expect(seen).toEqual([1]);
    // Not before its second (the database's clock decides, and it is not early); how soon after depends
    // on the poll and the machine's load, so the job's own time is checked instead of a stopwatch.
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(900);
    const { rows } = await database.executeSql(
      `select extract(epoch from start_after - created_on)::float8 as delay from pgboss.job where name = 'probe'`,
    );
    expect(rows).toEqual([{ delay: 1 }]);
  });
});
