import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { insertUser } from '../../../test/delivery-fixtures';
import { users } from '../../modules/accounts/accounts.schema';
import type { Database } from './index';
import { preparedQuery } from './prepared';

describe('preparedQuery', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await createTestDatabase()));
  afterAll(() => drop());

  const byId = (calls: { n: number }) =>
    preparedQuery(database.db, 'test_user_email_by_id', (db) => {
      calls.n += 1;
      return db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare('test_user_email_by_id');
    });

  it('builds a query once per database and name, and runs it with each call’s values', async () => {
    const a = await insertUser(database.db, { email: 'a@example.test' });
    const b = await insertUser(database.db, { email: 'b@example.test' });
    const calls = { n: 0 };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => byId(calls).execute({ id: i % 2 ? b : a })),
    );
    expect(calls.n).toBe(1);
    results.forEach((rows, i) =>
      expect(rows).toEqual([{ email: i % 2 ? 'b@example.test' : 'a@example.test' }]),
    );
    expect(await byId(calls).execute({ id: 0 })).toEqual([]);
  });

  it('keeps a transaction’s queries apart from the database’s', async () => {
    const built: string[] = [];
    await database.db.transaction(async (tx) => {
      preparedQuery(tx as never, 'tx_probe', () => built.push('tx'));
      preparedQuery(tx as never, 'tx_probe', () => built.push('tx again'));
    });
    preparedQuery(database.db, 'tx_probe', () => built.push('db'));
    expect(built).toEqual(['tx', 'db']);
  });
});
