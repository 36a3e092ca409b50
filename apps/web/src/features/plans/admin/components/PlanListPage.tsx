import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPlan } from '@pw/contracts';
import { DateRangeFilter, ListView, StatusFilter, useListState } from '@/components/data-table';
import {
  dateRangeProps,
  filterProps,
  nowrapCell,
  sortedBy,
  valueCell,
  viewColumn,
} from '@/components/data-table/cells';
import { ListHeading } from '@/components/data-table/ListHeading';
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
      column.accessor('price', sortedBy('price', 'Price', valueCell(priceLabel))),
      column.accessor('updated_at', sortedBy('updated_at', 'Last Modified On', nowrapCell(formatWhen))),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <PlanStatusSwitch plan={info.row.original} onToggle={() => void toggleStatus(info.row.original)} />
        ),
        meta: { sortKey: 'status' },
      }),
      viewColumn(column, {
        id: 'action',
        header: 'Action',
        to: (plan) => planDetailsPath(area, plan.id),
        label: (plan) => `View ${plan.title}`,
      }),
    ],
    [area, toggleStatus],
  );

  return (
    <div>
      <ListHeading title={`${area.label} Plans`} to={`${planListPath(area)}/new`} action="New Plan" />
      <ListView
        list={list}
        search
        caption={`${area.label} plans`}
        columns={columns}
        query={query}
        defaultSort="updated_at"
      >
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          {...filterProps(list, 'status')}
        />
        <DateRangeFilter label="Modified Date" {...dateRangeProps(list)} />
      </ListView>
    </div>
  );
}
