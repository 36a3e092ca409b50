import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Database, Db } from './index';

/** The setting as the connection that runs the statement sees it. */
async function synchronousCommit(db: Db): Promise<string> {
  const result = await db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`);
  return (result as unknown as { rows: Array<{ synchronous_commit: string }> }).rows[0]!.synchronous_commit;
}

// Decision 0259: only counters skip waiting for the disk; everything else commits durably.
describe('the counters connection', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await createTestDatabase()));
  afterAll(() => drop());

  it('commits without waiting for the disk on PostgreSQL, and is the one connection on PGlite', async () => {
    if (database.kind === 'postgres') {
      expect(await synchronousCommit(database.counters)).toBe('off');
      expect(await synchronousCommit(database.db)).toBe('on');
    } else {
      expect(database.counters).toBe(database.db);
    }
  });

  it('writes what every other connection reads at once', async () => {
    await database.db.execute(sql`create table counter_probe (id int primary key, n bigint not null)`);
    await database.db.execute(sql`insert into counter_probe values (1, 0)`);
    await Promise.all(
      Array.from({ length: 40 }, () =>
        database.counters.execute(sql`update counter_probe set n = n + 1 where id = 1`),
      ),
    );
    const result = await database.db.execute<{ n: string }>(sql`select n from counter_probe where id = 1`);
    expect(Number((result as unknown as { rows: Array<{ n: string }> }).rows[0]!.n)).toBe(40);
  });
});
