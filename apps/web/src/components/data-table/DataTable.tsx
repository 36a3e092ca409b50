import { useEffect, useRef, useState } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';

/** A column may name the server's sort key; its header then sorts the list (in the URL). */
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    sortKey?: string;
  }
}

export interface SortState {
  sort: string;
  order: string;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
}

/**
 * The product's table: columns as data (TanStack Table, headless), rows from the server already paged
 * and sorted, and the contract's states: a loading state, 'Unable to fetch data', 'No data found :('.
 */
export function DataTable<T>({
  columns,
  rows,
  isLoading,
  isError,
  onRetry,
  sorting,
  caption,
  stacked = false,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  columns: Array<ColumnDef<T, any>>;
  rows: T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry?: () => void;
  sorting?: SortState;
  caption?: string;
  /** Below 576 px each row is a card of labelled lines instead of a row of narrow columns. */
  stacked?: boolean;
}) {
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const wide = useOverflow(scroller, rows);
  // The row's actions stay in reach on a narrow screen: the last column is kept at the right edge.
  const lastColumn = columns[columns.length - 1];
  const stickyEnd = lastColumn?.id === 'action' || lastColumn?.header === 'Action';
  if (isError) return <ErrorState onRetry={onRetry} />;
  if (isLoading && !rows) return <Loading label="Loading data…" />;
  if (!rows || rows.length === 0) return <EmptyState />;

  return (
    <>
      {wide && (
        <p className="small text-body-secondary mb-1" data-testid="table-scroll-hint">
          Scroll sideways to see every column.
        </p>
      )}
      <div ref={scroller} className={`table-responsive${wide ? ' pw-table-wide' : ''}`}>
        <table
          className={`table table-hover align-middle mb-0${stacked ? ' table-stacked' : ''}${stickyEnd ? ' pw-sticky-end' : ''}`}
          aria-busy={isLoading}
        >
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortKey = header.column.columnDef.meta?.sortKey;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const active = sorting && sortKey && sorting.sort === sortKey;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      // A heading may wrap between its words, so the columns of names and e-mail
                      // addresses get the room (not 'Registration Date' on one line).
                      className={sorting && sortKey ? 'is-sortable' : undefined}
                      aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sorting && sortKey ? (
                        <button
                          type="button"
                          className="btn btn-link p-0 text-reset fw-semibold text-decoration-none"
                          onClick={() =>
                            sorting.onSort(sortKey, active && sorting.order === 'asc' ? 'desc' : 'asc')
                          }
                        >
                          {label}
                          {active ? (sorting.order === 'asc' ? '\u00a0▲' : '\u00a0▼') : ''}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const header = cell.column.columnDef.header;
                  return (
                    <td key={cell.id} data-label={stacked && typeof header === 'string' ? header : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Whether the table is wider than its box (it then scrolls sideways), measured again on resize. */
function useOverflow(box: React.RefObject<HTMLDivElement | null>, rows: unknown) {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const measure = () => {
      const element = box.current;
      setWide(!!element && element.scrollWidth > element.clientWidth + 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [box, rows]);
  return wide;
}
