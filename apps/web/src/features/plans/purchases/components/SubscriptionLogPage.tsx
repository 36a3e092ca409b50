import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { SubscriptionLogRow } from '@pw/contracts';
import { DateRangeFilter, ListView, StatusFilter, useListState } from '@/components/data-table';
import {
  dateRangeProps,
  expiryRangeProps,
  filterProps,
  nowrapCell,
  sortedBy,
  valueCell,
} from '@/components/data-table/cells';
import { ListHeading } from '@/components/data-table/ListHeading';
import { useTitle } from '@/lib/use-title';
import { useSubscriptionLog } from '../api/get-subscription-log';
import { LOG_STATUS_OPTIONS, managePlansPath, type PurchaseArea } from '../model/purchase-areas';
import { formatDay } from '@/lib/dates';
import { priceLabel } from '@/lib/plan-labels';
import { formatExpiry } from './format';
import { PurchaseStatusBadge } from '@/components/status/PurchaseStatusBadge';
import { EmailAddress } from '@/components/EmailAddress';

const column = createColumnHelper<SubscriptionLogRow>();

const FILTERS = ['status', 'expiry_from', 'expiry_to'] as const;

/** The columns of one log (docs/product.md §9.6); S.No. counts on from the first row of the page. */
function logColumns(area: PurchaseArea, firstNumber: number) {
  const { headers } = area;
  const shows = (name: 'plan' | 'expiry') => area.columns.includes(name);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  const columns: Array<ColumnDef<SubscriptionLogRow, any>> = [
    column.display({ id: 'serial', header: headers.serial, cell: (info) => firstNumber + info.row.index }),
    column.accessor('name', {
      header: headers.name,
      cell: (info) => <span className="wrap-words">{info.getValue()}</span>,
    }),
    column.accessor('email', {
      header: headers.email,
      cell: (info) => <EmailAddress email={info.getValue()} />,
    }),
  ];
  if (shows('plan')) columns.push(column.accessor('plan_title', { header: 'Plan Name' }));
  columns.push(
    column.accessor('status_detail', {
      header: 'Status',
      cell: (info) => <PurchaseStatusBadge status={info.getValue()} />,
    }),
    column.accessor('price', sortedBy('price', 'Price', valueCell(priceLabel))),
    column.accessor('purchase_date', sortedBy('purchase_date', 'Purchase Date', nowrapCell(formatDay))),
  );
  if (shows('expiry'))
    columns.push(
      column.accessor('expiry_date', {
        header: 'Expiry Date',
        cell: nowrapCell(formatExpiry),
      }),
    );
  return columns;
}

/**
 * {area} (docs/product.md §9.6): who bought a plan of this kind, when, for how much, and whether it still runs;
 * 'Manage Subscription Plan' leads to the area's plans.
 */
export function SubscriptionLogPage({ area }: { area: PurchaseArea }) {
  useTitle(area.label);
  const list = useListState(FILTERS);
  const query = useSubscriptionLog(area.kind, list.params);
  const firstNumber = query.data?.meta.from ?? 1;
  const columns = useMemo(() => logColumns(area, firstNumber), [area, firstNumber]);

  return (
    <div>
      <ListHeading title={area.label} to={managePlansPath(area)} action="Manage Subscription Plan" />
      <ListView
        list={list}
        search
        caption={`${area.label} purchases`}
        columns={columns}
        query={query}
        defaultSort="purchase_date"
      >
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          options={LOG_STATUS_OPTIONS}
          {...filterProps(list, 'status')}
        />
        <DateRangeFilter label="Purchase Date" {...dateRangeProps(list)} />
        {area.columns.includes('expiry') && <DateRangeFilter {...expiryRangeProps(list)} />}
      </ListView>
    </div>
  );
}
