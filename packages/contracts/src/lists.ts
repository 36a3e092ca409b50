import { z } from 'zod';

/**
 * The list kit's contract (docs/product.md §13.4, §13.7): one query schema, one `pageMeta`, one paginated response
 * builder, shared by every list of the product (server validation, OpenAPI and the web client alike).
 */

/** docs/product.md §13.7: page size default 10; options 10, 25, 50, All (999). */
export const PER_PAGE_OPTIONS = [10, 25, 50, 999] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 10;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A calendar day as the date filters send it (From/To, inclusive). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: Date.parse alone takes 2026-02-31 (as 3 March), which PostgreSQL then refuses. */
const isDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
export const dayField = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isDay(value), `The ${label} must be a date (YYYY-MM-DD).`);

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone; the day filters start and end at midnight there (UTC when absent). */
export const timeZoneField = z
  .string()
  .trim()
  .refine(isTimeZone, 'The tz must be a valid time zone.')
  .optional();

/** Page and page size only: a list that pages but neither searches nor sorts (notifications). */
export const pageParams = z.object({
  page: z.coerce
    .number({ error: 'The page must be a whole number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be at least 1.')
    .max(1_000_000, 'The page may not be greater than 1000000.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be one of: 10, 25, 50, 999.' })
    .refine(
      (value): value is PerPage => (PER_PAGE_OPTIONS as readonly number[]).includes(value),
      'The per page must be one of: 10, 25, 50, 999.',
    )
    .default(DEFAULT_PER_PAGE),
});

/**
 * A table's query: page, per_page, search, from_date/to_date (inclusive days in `tz`), sort and order.
 * `sortable` is the whitelist: any other sort column is a 422, never SQL. Lists add their own filters
 * with `.extend({ status: … })`.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
) {
  return pageParams
    .extend({
      search: z
        .string()
        .trim()
        .max(200, 'The search may not be longer than 200 characters.')
        .optional()
        .transform((value) => (value ? value : undefined)),
      from_date: dayField('from date'),
      to_date: dayField('to date'),
      tz: timeZoneField,
      sort: z
        .enum(sortable, { error: `The sort must be one of: ${sortable.join(', ')}.` })
        .default(defaultSort as never),
      order: z.enum(SORT_ORDERS, { error: 'The order must be asc or desc.' }).default('desc'),
    })
    .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
      message: 'The to date must be a date after or equal to from date.',
      path: ['to_date'],
    });
}
export type ListQuery<S extends string = string> = z.output<ReturnType<typeof listQuery<[S, ...S[]]>>>;

/** Laravel-style paging metadata (docs/product.md §13.4 'Pagination meta'). */
export const pageMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  per_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export const pageLinks = z.object({ prev: z.string().nullable(), next: z.string().nullable() });

/** The paginated envelope for rows of `item`: `{ message?, data, meta, links }`. */
export function paginatedResponse<T extends z.ZodType>(item: T) {
  return z.object({
    message: z.string().optional(),
    data: z.array(item),
    meta: pageMeta,
    links: pageLinks,
  });
}

export interface Paginated<T> {
  message?: string;
  data: T[];
  meta: PageMeta;
  links: { prev: string | null; next: string | null };
}
