import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  DateRangeFilter,
  ListView,
  SelectFilters,
  useListState,
  type ListQueryResult,
  type SelectFilterDef,
} from '@/components/data-table';
import { dateRangeProps } from '@/components/data-table/cells';
import { useTitle } from '@/lib/use-title';
import type { AccountArea } from '../model/account-areas';
import { sharedColumns, type AccountRow, type SharedColumns } from './account-columns';

/**
 * The shape both account lists share (docs/product.md §9.2, §13.7): the title, search, the list's own filters, a
 * Registration Date range, per-page, then the table (newest first) and its pages.
 */
export function AccountListPage<T extends AccountRow>({
  area,
  title,
  caption,
  filters,
  useRows,
  nameOf,
  columns,
}: {
  area: AccountArea;
  title: string;
  caption: string;
  filters: readonly SelectFilterDef[];
  /** The list's query hook, called with the URL's state. */
  useRows: (params: Record<string, string | number>) => ListQueryResult<T>;
  nameOf: (row: T) => string;
  /** The list's columns around the shared ones (a stable function: it is a dependency). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  columns: (shared: SharedColumns<T>) => Array<ColumnDef<T, any>>;
}) {
  useTitle(title);
  const keys = useMemo(() => filters.map((filter) => filter.key), [filters]);
  const list = useListState(keys);
  const query = useRows(list.params);
  const firstNumber = query.data?.meta.from ?? 1;
  const tableColumns = useMemo(
    () => columns(sharedColumns(area, firstNumber, nameOf)),
    [area, firstNumber, nameOf, columns],
  );
  return (
    <div>
      <h1 className="h2 mb-3">{title}</h1>
      <ListView
        list={list}
        search
        caption={caption}
        columns={tableColumns}
        query={query}
        defaultSort="created_at"
      >
        <SelectFilters list={list} filters={filters} />
        <DateRangeFilter label="Registration Date" {...dateRangeProps(list)} />
      </ListView>
    </div>
  );
}
