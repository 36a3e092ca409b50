import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminQueryListQuery } from '@pw/contracts';
import { createTestDatabase } from '../../../test/helpers';
import { queries } from '../../modules/queries/queries.schema';
import { queryList } from '../../modules/queries/queries.repo';
import { AppError } from '../errors';
import { paginated } from '../http/envelope';
import type { Database } from './index';
import { paginate } from './paginate';

/** PostgreSQL beside PGlite: DATABASE_URL when set (CI), else the local server of this machine. */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The list query exactly as the route parses it (defaults, whitelist, coercion). */
const q = (input: Record<string, unknown> = {}) => adminQueryListQuery.parse(input);

describe.each([
  ['PGlite', undefined],
  ['PostgreSQL', POSTGRES_URL],
])('the list helper on %s', (_label, url) => {
  let database: Database;
  let drop: () => Promise<void>;
  const list = (input: Record<string, unknown> = {}) => paginate(database.db, queryList, q(input));

  beforeAll(async () => {
    // No DATABASE_URL means PGlite in createTestDatabase: pass '' explicitly for that case.
    ({ database, drop } = await createTestDatabase(url ?? ''));
    // 23 messages, one a day from 2026-11-01 10:00 UTC; every 5th a funeral home's; two share a date.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      name: `Person ${String(i + 1).padStart(2, '0')}`,
      email: `person${i + 1}@example.test`,
      subject: i === 6 ? 'Refund 100% please' : `Question ${i + 1}`,
      message: `Message ${i + 1}`,
      userType: i % 5 === 4 ? 'funeral-home' : 'guest',
      createdAt: new Date(Date.UTC(2026, 10, 1 + i, 10)),
    }));
    rows.push({ ...rows[22]!, name: 'Twin', email: 'twin@example.test' });
    await database.db.insert(queries).values(rows);
  });
  afterAll(() => drop());

  it('answers an empty result with total 0, one page and null from/to', async () => {
    const { rows, total } = await list({ search: 'nobody-has-this' });
    expect(rows).toEqual([]);
    expect(total).toBe(0);
    const body = paginated(rows, total, { page: 1, perPage: 10 }, new URL('http://x/api/admin/queries'));
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      from: null,
      to: null,
      total: 0,
      per_page: 10,
    });
    expect(body.links).toEqual({ prev: null, next: null });
  });

  it('pages newest first: one full page, then the last (partial) page, then nothing past it', async () => {
    const first = await list();
    expect(first.total).toBe(24);
    expect(first.rows).toHaveLength(10);
    // Equal dates: the higher id (inserted later) comes first, so pages never repeat or skip a row.
    expect(first.rows.slice(0, 2).map((r) => r.name)).toEqual(['Twin', 'Person 23']);

    const last = await list({ page: 3 });
    expect(last.rows.map((r) => r.name)).toEqual(['Person 04', 'Person 03', 'Person 02', 'Person 01']);
    const body = paginated(
      last.rows,
      last.total,
      { page: 3, perPage: 10 },
      new URL('http://x/a?search=&page=3'),
    );
    expect(body.meta).toEqual({ current_page: 3, last_page: 3, from: 21, to: 24, total: 24, per_page: 10 });
    expect(body.links).toEqual({ prev: '/a?search=&page=2&per_page=10', next: null });

    const past = await list({ page: 9 });
    expect(past.rows).toEqual([]);
    const pastBody = paginated(past.rows, past.total, { page: 9, perPage: 10 }, new URL('http://x/a'));
    expect(pastBody.meta).toMatchObject({ from: null, to: null, last_page: 3, total: 24 });
    expect(pastBody.links.prev).toBe('/a?page=3&per_page=10');

    const all = new Set(
      [...(await list()).rows, ...(await list({ page: 2 })).rows, ...last.rows].map((r) => r.id),
    );
    expect(all.size).toBe(24);
  });

  it('gives everything on one page with per_page 999 and refuses sizes outside 10, 25, 50, 999', async () => {
    const { rows, total } = await list({ per_page: '999' });
    expect(rows).toHaveLength(24);
    expect(total).toBe(24);
    for (const per_page of ['5', '100', '1000', 'abc']) {
      expect(adminQueryListQuery.safeParse({ per_page }).success).toBe(false);
    }
  });

  it('searches name, e-mail and subject case-insensitively, taking % and _ literally', async () => {
    const tens = Array.from({ length: 10 }, (_, i) => `Person 1${i}`);
    expect((await list({ search: 'PERSON 1' })).rows.map((r) => r.name).sort()).toEqual(tens);
    expect((await list({ search: 'twin@example' })).rows.map((r) => r.name)).toEqual(['Twin']);
    expect((await list({ search: '100%' })).rows.map((r) => r.subject)).toEqual(['Refund 100% please']);
    // Wildcards as text: '%' alone matches only subjects containing a percent sign, '_' none at all.
    expect((await list({ search: '%' })).total).toBe(1);
    expect((await list({ search: '_' })).total).toBe(0);
  });

  it('filters From/To as whole inclusive days, in the time zone given', async () => {
    const { rows } = await list({ from_date: '2026-11-05', to_date: '2026-11-07', order: 'asc' });
    expect(rows.map((r) => r.name)).toEqual(['Person 05', 'Person 06', 'Person 07']);
    expect((await list({ from_date: '2026-11-23' })).rows.map((r) => r.name).sort()).toEqual([
      'Person 23',
      'Twin',
    ]);
    expect((await list({ to_date: '2026-11-01' })).rows.map((r) => r.name)).toEqual(['Person 01']);
    // 10:00 UTC on Nov 1 is already Nov 2 in Kiritimati (UTC+14).
    expect(
      (await list({ from_date: '2026-11-02', to_date: '2026-11-02', tz: 'Pacific/Kiritimati' })).rows.map(
        (r) => r.name,
      ),
    ).toEqual(['Person 01']);
    expect(adminQueryListQuery.safeParse({ from_date: '2026-11-08', to_date: '2026-11-07' }).success).toBe(
      false,
    );
    expect(adminQueryListQuery.safeParse({ from_date: '2026-13-45' }).success).toBe(false);
    expect(adminQueryListQuery.safeParse({ from_date: "2026-11-01'; drop table queries; --" }).success).toBe(
      false,
    );
  });

  it('combines search, date range and the list own filter', async () => {
    const byType = await paginate(
      database.db,
      queryList,
      q({ search: 'person', from_date: '2026-11-01', to_date: '2026-11-15' }),
      [eq(queries.userType, 'funeral-home')],
    );
    expect(byType.rows.map((r) => r.name)).toEqual(['Person 15', 'Person 10', 'Person 05']);
    expect(byType.total).toBe(3);
  });

  it('sorts only by whitelisted columns: an unknown one is a 422, never SQL', async () => {
    expect((await list({ sort: 'name', order: 'asc' })).rows[0]!.name).toBe('Person 01');
    expect((await list({ sort: 'name', order: 'desc' })).rows[0]!.name).toBe('Twin');

    const parsed = adminQueryListQuery.safeParse({ sort: 'message; drop table queries' });
    expect(parsed.success).toBe(false);
    // A caller that bypasses the schema still cannot put its text into ORDER BY.
    const attack = { ...q(), sort: '(select 1)' };
    await expect(paginate(database.db, queryList, attack)).rejects.toMatchObject({ status: 422 });
    await expect(paginate(database.db, queryList, { ...q(), sort: 'constructor' })).rejects.toBeInstanceOf(
      AppError,
    );
    expect((await list({ per_page: '999' })).total).toBe(24);
  });
});
