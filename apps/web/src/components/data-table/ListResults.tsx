import type { ColumnDef } from '@tanstack/react-table';
import type { PageMeta } from '@pw/contracts';
import { DataTable } from './DataTable';
import { ListFooter } from './ListFooter';
import type { ListControls } from './use-list-state';

/** The part of a TanStack `useQuery` result for one page of a list that the table and footer read. */
export interface ListQueryResult<T> {
  data: { data: T[]; meta: PageMeta } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The table of one page and its footer ("Showing … of …", the pages). The headers sort only when the
 * list names its `defaultSort` (newest first unless the URL says otherwise).
 */
export function ListResults<T>({
  caption,
  columns,
  query,
  list,
  defaultSort,
  stacked,
}: {
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  columns: Array<ColumnDef<T, any>>;
  query: ListQueryResult<T>;
  list: Pick<ListControls, 'sort' | 'order' | 'setSort' | 'setPage'>;
  defaultSort?: string;
  /** See DataTable: one card per row below 576 px. */
  stacked?: boolean;
}) {
  const { data, isPending, isFetching, isError, refetch } = query;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={data?.data}
        stacked={stacked}
        isLoading={isPending || isFetching}
        isError={isError}
        onRetry={() => void refetch()}
        sorting={
          defaultSort
            ? { sort: list.sort || defaultSort, order: list.order || 'desc', onSort: list.setSort }
            : undefined
        }
      />
      <ListFooter meta={data?.meta} onPage={list.setPage} />
    </>
  );
}
