import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SortOrder } from '@pw/contracts';
import { invalid } from '../errors';
import type { Db } from './index';

/** What a list reads: the parsed list query (packages/contracts `listQuery`) minus its own filters. */
export interface ListRequest {
  page: number;
  per_page: number;
  search?: string;
  from_date?: string;
  to_date?: string;
  tz?: string;
  sort: string;
  order: SortOrder;
}

/** How one list maps onto SQL: the table, the columns sent back, and what may be sorted and searched. */
export interface ListSource<TSelection extends SelectedFieldsFlat> {
  /** The table, or a module's read-only view of another's (decision 0310). */
  table: PgTable | Subquery;
  select: TSelection;
  /** The sort whitelist: query name → column. Nothing else ever reaches ORDER BY. */
  sortable: Record<string, PgColumn>;
  /** A unique column appended to every ORDER BY, so pages neither repeat nor skip rows of equal keys. */
  tieBreaker: PgColumn;
  /** Columns (or expressions) `search` looks in (case-insensitive substring; trigram indexes keep it fast). */
  searchable: Array<PgColumn | SQL>;
  /**
   * Terms shorter than a trigram match the start of a word instead of any substring, so the trigram
   * indexes still answer them (decision 0235); for lists large enough to carry those indexes.
   */
  shortTermsMatchWordStarts?: boolean;
  /** The timestamp From/To filter on. */
  dated?: PgColumn;
}

/** `%`, `_` and `\` in a search are literal characters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** pg_trgm indexes a pattern by its three-character pieces: a shorter term has none to look up. */
const TRIGRAM = 3;

/**
 * A case-insensitive substring search across columns (undefined when there is nothing to search). With
 * `shortTermsMatchWordStarts`, a term of one or two characters matches where a word starts (the text's
 * start or after a space), which the trigram index answers from its padded first trigrams.
 */
export function searchAcross(
  columns: Array<PgColumn | SQL>,
  term: string | undefined,
  shortTermsMatchWordStarts = false,
): SQL | undefined {
  if (!term || columns.length === 0) return undefined;
  const escaped = escapeLike(term);
  const patterns =
    shortTermsMatchWordStarts && term.length < TRIGRAM ? [`${escaped}%`, `% ${escaped}%`] : [`%${escaped}%`];
  return or(...columns.flatMap((column) => patterns.map((pattern) => ilike(column, pattern))));
}

/** From and To are whole days in the reader's zone: [from 00:00, to + 1 day 00:00). */
export function dayRange(column: PgColumn, from?: string, to?: string, tz = 'UTC'): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, sql`(${from}::date)::timestamp at time zone ${tz}`));
  if (to) conditions.push(lt(column, sql`(${to}::date + 1)::timestamp at time zone ${tz}`));
  return conditions;
}

/** The WHERE of a list: search, date range and the list's own filters, all ANDed. */
export function listWhere(
  source: ListSource<SelectedFieldsFlat>,
  query: ListRequest,
  filters: Array<SQL | undefined> = [],
) {
  const conditions: Array<SQL | undefined> = [...filters];
  conditions.push(searchAcross(source.searchable, query.search, source.shortTermsMatchWordStarts));
  if (source.dated) conditions.push(...dayRange(source.dated, query.from_date, query.to_date, query.tz));
  return and(...conditions);
}

/**
 * One page of a list and its total, by limit/offset: two
 * statements run side by side on the same WHERE. Answer with `paginated()` (platform/http/envelope).
 *
 * The page is a deferred join (decision 0235): the offset walks the page's ids only — from an index
 * alone when the sort, the filters and the tie-breaker are in one — and the listed columns are read for
 * the page's rows, so a deep page does not fetch every row before it.
 */
export async function paginate<TSelection extends SelectedFieldsFlat>(
  db: Db,
  source: ListSource<TSelection>,
  query: ListRequest,
  filters: Array<SQL | undefined> = [],
): Promise<{ rows: Array<SelectResultFields<TSelection>>; total: number }> {
  const sortColumn = source.sortable[query.sort];
  // The contract's schema already refuses other names; this guards any caller that skipped it.
  if (!sortColumn || !Object.hasOwn(source.sortable, query.sort))
    throw invalid('sort', `The sort must be one of: ${Object.keys(source.sortable).join(', ')}.`);
  const direction = query.order === 'asc' ? asc : desc;
  const where = listWhere(source as ListSource<SelectedFieldsFlat>, query, filters);
  const page = db
    .select({ key: source.tieBreaker })
    .from(source.table)
    .where(where)
    .orderBy(direction(sortColumn), direction(source.tieBreaker))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .as('list_page');
  const [rows, [counted]] = await Promise.all([
    db
      .select(source.select as SelectedFieldsFlat)
      .from(source.table)
      .innerJoin(page, eq(source.tieBreaker, page.key))
      .orderBy(direction(sortColumn), direction(source.tieBreaker)),
    db.select({ total: count() }).from(source.table).where(where),
  ]);
  return { rows: rows as Array<SelectResultFields<TSelection>>, total: counted?.total ?? 0 };
}
