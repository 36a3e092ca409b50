import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { keptCount, loadsOfTheCopy, takeEmbeddedTestDatabase } from './embedded-test-database';

const logger = pino({ level: 'silent' });
const MIGRATIONS = 'drizzle.__drizzle_migrations';

async function one<T>(
  database: { executeSql: (text: string) => Promise<{ rows: unknown[] }> },
  text: string,
) {
  return (await database.executeSql(text)).rows[0] as T;
}

/** Takes the PGlites this worker keeps, so that what a test hands back is the one taken next. */
async function holdTheKept(): Promise<() => Promise<void>> {
  const held: Array<Awaited<ReturnType<typeof takeEmbeddedTestDatabase>>> = [];
  while (keptCount() > 0) held.push(await takeEmbeddedTestDatabase());
  return async () => {
    for (const database of held) await database.drop();
  };
}

describe("the embedded pass's test databases: one PGlite per worker, put back as the copy between files", () => {
  it('gives the next file the copy as it was: its rows, sequences and settings back, what the last file wrote gone', async () => {
    const release = await holdTheKept();
    const first = await takeEmbeddedTestDatabase();
    const copy = await one<{ n: number; last: number }>(
      first.database,
      `select count(*)::int as n, max(id)::int as last from ${MIGRATIONS}`,
    );
    const searchPath = await one<{ search_path: string }>(first.database, 'show search_path');
    expect(copy.n).toBeGreaterThan(0);
    const loads = loadsOfTheCopy();

    await first.database.executeSql(`delete from ${MIGRATIONS} where id > 1`);
    await first.database.executeSql(
      `insert into ${MIGRATIONS} (hash, created_at) values ('written by a file', 1)`,
    );
    await first.database.executeSql(
      `select nextval(pg_get_serial_sequence('${MIGRATIONS}', 'id')) from generate_series(1, 5)`,
    );
    await first.database.executeSql(`set statement_timeout = '1s'`);
    await first.database.executeSql('select pg_advisory_lock(4242)');
    await first.drop();

    const next = await takeEmbeddedTestDatabase();
    expect(loadsOfTheCopy()).toBe(loads);
    expect(
      await one(next.database, `select count(*)::int as n, max(id)::int as last from ${MIGRATIONS}`),
    ).toEqual(copy);
    expect(
      await one(
        next.database,
        `select count(*)::int as n from ${MIGRATIONS} where hash = 'written by a file'`,
      ),
    ).toEqual({ n: 0 });
    await next.database.executeSql(`insert into ${MIGRATIONS} (hash, created_at) values ('next', 2)`);
    expect(await one(next.database, `select max(id)::int as last from ${MIGRATIONS}`)).toEqual({
      last: copy.last + 1,
    });
    expect(await one(next.database, 'show statement_timeout')).toEqual({ statement_timeout: '0' });
    expect(await one(next.database, 'show search_path')).toEqual(searchPath);
    expect(await one(next.database, 'select pg_try_advisory_lock(4242) as locked')).toEqual({ locked: true });
    await next.drop();
    await release();
  });

  it("ends a file's handle when it hands the database back: its queries throw, its close closes nothing", async () => {
    const first = await takeEmbeddedTestDatabase();
    await first.drop();
    const next = await takeEmbeddedTestDatabase();
    await expect(first.database.executeSql('select 1')).rejects.toThrow(/handed back/);
    await first.database.close();
    expect(await one(next.database, 'select 1 as one')).toEqual({ one: 1 });
    await next.drop();
  });

  it("does not call one file's listener with what the next file's notifications carry", async () => {
    const release = await holdTheKept();
    const first = await takeEmbeddedTestDatabase();
    const heardByFirst: string[] = [];
    await first.database.listen('pw_reuse_probe', (payload) => heardByFirst.push(payload), logger);
    await first.drop();

    const loads = loadsOfTheCopy();
    const next = await takeEmbeddedTestDatabase();
    expect(loadsOfTheCopy()).toBe(loads);
    const heardByNext: string[] = [];
    await next.database.listen('pw_reuse_probe', (payload) => heardByNext.push(payload), logger);
    await next.database.executeSql(`select pg_notify('pw_reuse_probe', 'for the next file')`);
    await expect.poll(() => heardByNext).toEqual(['for the next file']);
    expect(heardByFirst).toEqual([]);
    await next.drop();
    await release();
  });

  it('keeps no PGlite whose schema a file changed, that a file left in a transaction or closed', async () => {
    const release = await holdTheKept();
    const changed = await takeEmbeddedTestDatabase();
    await changed.database.executeSql('create table public.made_by_a_file (id int)');
    await changed.drop();
    expect(keptCount()).toBe(0);

    const inTransaction = await takeEmbeddedTestDatabase();
    expect(await one(inTransaction.database, `select to_regclass('public.made_by_a_file') as found`)).toEqual(
      {
        found: null,
      },
    );
    await inTransaction.database.executeSql('begin');
    await inTransaction.drop();
    expect(keptCount()).toBe(0);

    const closed = await takeEmbeddedTestDatabase();
    await closed.database.close();
    await closed.drop();
    expect(keptCount()).toBe(0);

    const unchanged = await takeEmbeddedTestDatabase();
    await unchanged.drop();
    expect(keptCount()).toBe(1);
    await release();
  });
});
