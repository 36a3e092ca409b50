/**
 * Cells and filter bindings the list screens share: a date (or any formatted value) kept on one line,
 * the row's 'View' button, and what a select or date-range filter needs from the list state.
 */
import { Link } from 'react-router';
import type { ColumnHelper } from '@tanstack/react-table';
import type { ListControls } from './use-list-state';

/** A cell showing `format(value)` without wrapping (dates, expiry). */
export const nowrapCell =
  <T,>(format: (value: T) => string) =>
  (info: { getValue: () => T }) => <span className="text-nowrap">{format(info.getValue())}</span>;

/** A select filter's value and change, kept in the URL under `key`. */
export const filterProps = (list: ListControls, key: string) => ({
  value: list.filters[key] ?? '',
  onChange: (value: string) => list.setFilter(key, value),
});

/** The list's own from_date / to_date range. */
export const dateRangeProps = (list: ListControls) => ({
  from: list.fromDate,
  to: list.toDate,
  onChange: list.setFilter,
});

/** The Expiry Date range beside Purchase Date (docs/product.md §13.7), kept as expiry_from / expiry_to. */
export const expiryRangeProps = (list: ListControls) => ({
  label: 'Expiry Date',
  keys: ['expiry_from', 'expiry_to'] as const,
  from: list.filters.expiry_from ?? '',
  to: list.filters.expiry_to ?? '',
  onChange: list.setFilter,
});

/** A cell showing `format(value)` (a price, a user type label). */
export const valueCell =
  <T, R>(format: (value: T) => R) =>
  (info: { getValue: () => T }) =>
    format(info.getValue());

/** A column definition sorted by the server on `key` (the accessor's own field), with its header and cell. */
export const sortedBy = <C,>(key: string, header: string, cell: C) => ({
  header,
  cell,
  meta: { sortKey: key },
});

/**
 * The column opening a row: a small 'View' button to `to(row)`, named for screen readers by `label(row)`
 * ('View the query from Ann'). `id` and `header` are the list's own ('view'/'View', 'action'/'Action').
 */
export function viewColumn<R>(
  column: ColumnHelper<R>,
  {
    id = 'view',
    header = 'View',
    to,
    label,
  }: { id?: string; header?: string; to: (row: R) => string; label: (row: R) => string },
) {
  return column.display({
    id,
    header,
    cell: (info) => (
      <Link
        to={to(info.row.original)}
        className="btn btn-outline-primary btn-sm"
        aria-label={label(info.row.original)}
      >
        View
      </Link>
    ),
  });
}
