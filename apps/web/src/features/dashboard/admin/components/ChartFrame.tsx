import type { ReactNode } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';

interface ChartQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * One chart's card: its heading, then the loading state, 'Unable to fetch data' (docs/product.md §13.5) with a
 * retry, 'No data found :(' when every figure is zero, or the chart with its summary and text table.
 */
export function ChartFrame({
  id,
  title,
  query,
  empty,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  query: ChartQuery;
  empty: boolean;
  summary: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  let content: ReactNode;
  if (query.isPending) content = <Loading label={`Loading ${title.toLowerCase()}…`} />;
  else if (query.isError) content = <ErrorState onRetry={() => void query.refetch()} />;
  else if (empty) content = <EmptyState />;
  else
    content = (
      <figure className="mb-0" aria-labelledby={`${id}-title`}>
        {/* The drawing is for the eye; the summary and the table below say the same in text. */}
        <div className="dashboard-chart" aria-hidden="true" data-testid={`${id}-chart`}>
          {chart}
        </div>
        <figcaption className="small text-body-secondary mt-2">{summary}</figcaption>
        {table}
      </figure>
    );
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`} aria-busy={query.isFetching}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {title}
        </h2>
        {content}
      </div>
    </section>
  );
}

/**
 * A chart's every point as a table, for screen readers (its text alternative). The class sits on a
 * wrapper: a table ignores the 1 px width of `visually-hidden` and would widen the page.
 */
export function ChartTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: Array<{ key: string; label: string; cells: string[] }>;
}) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => (
                <td key={headers[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
