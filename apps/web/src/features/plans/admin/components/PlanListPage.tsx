import { useMemo } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPlan } from '@pw/contracts';
import {
  DateRangeFilter,
  ListResults,
  ListToolbar,
  StatusFilter,
  useListState,
} from '@/components/data-table';
import { useTitle } from '@/lib/use-title';
import { useAdminPlans } from '../api/get-plans';
import { planDetailsPath, planListPath, type PlanArea } from '../model/plan-areas';
import { formatWhen } from '@/lib/dates';
import { priceLabel } from '@/lib/plan-labels';
import { STATUS_OPTIONS } from './format';
import { PlanStatusSwitch } from './PlanStatusSwitch';
import { usePlanStatusToggle } from './use-plan-status-toggle';

const column = createColumnHelper<AdminPlan>();

const FILTERS = ['status'] as const;

/** {area}/plans (docs/product.md §9.3): Subscription Title, Price, Last Modified On, Status, Action; New Plan. */
export function PlanListPage({ area }: { area: PlanArea }) {
  useTitle(`${area.label} Plans`);
  const list = useListState(FILTERS);
  const query = useAdminPlans(area.kind, list.params);
  const toggleStatus = usePlanStatusToggle(area.kind);

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: 'Subscription Title',
        cell: (info) => <span className="wrap-words">{info.getValue()}</span>,
        meta: { sortKey: 'title' },
      }),
      column.accessor('price', {
        header: 'Price',
        cell: (info) => priceLabel(info.getValue()),
        meta: { sortKey: 'price' },
      }),
      column.accessor('updated_at', {
        header: 'Last Modified On',
        cell: (info) => <span className="text-nowrap">{formatWhen(info.getValue())}</span>,
        meta: { sortKey: 'updated_at' },
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <PlanStatusSwitch plan={info.row.original} onToggle={() => void toggleStatus(info.row.original)} />
        ),
        meta: { sortKey: 'status' },
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: (info) => (
          <Link
            to={planDetailsPath(area, info.row.original.id)}
            className="btn btn-outline-primary btn-sm"
            aria-label={`View ${info.row.original.title}`}
          >
            View
          </Link>
        ),
      }),
    ],
    [area, toggleStatus],
  );

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">{`${area.label} Plans`}</h1>
        <Link to={`${planListPath(area)}/new`} className="btn btn-primary">
          New Plan
        </Link>
      </div>
      <ListToolbar list={list} search>
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          value={list.filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
        />
        <DateRangeFilter
          label="Modified Date"
          from={list.fromDate}
          to={list.toDate}
          onChange={list.setFilter}
        />
      </ListToolbar>
      <ListResults
        caption={`${area.label} plans`}
        columns={columns}
        query={query}
        list={list}
        defaultSort="updated_at"
      />
    </div>
  );
}
