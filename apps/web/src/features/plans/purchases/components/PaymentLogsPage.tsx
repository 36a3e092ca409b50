import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPaymentRow } from '@pw/contracts';
import { DateRangeFilter, ListView, StatusFilter, useListState } from '@/components/data-table';
import { dateRangeProps, filterProps, nowrapCell, sortedBy, valueCell } from '@/components/data-table/cells';
import { useTitle } from '@/lib/use-title';
import { usePaymentCategories } from '../api/get-payment-categories';
import { usePaymentLog } from '../api/get-payment-log';
import { USER_TYPE_OPTIONS, userTypeLabel } from '../model/purchase-areas';
import { formatDay } from '@/lib/dates';
import { priceLabel } from '@/lib/plan-labels';
import { EmailAddress } from '@/components/EmailAddress';

const column = createColumnHelper<AdminPaymentRow>();

/** docs/product.md §9.6: Name, User Type, Plan Name, Amount, Date. The plan's category is named under it. */
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <>
        <span className="wrap-words">{info.getValue()}</span>
        <div className="small text-body-secondary">
          <EmailAddress email={info.row.original.email} />
        </div>
      </>
    ),
  }),
  column.accessor('type', { header: 'User Type', cell: (info) => userTypeLabel(info.getValue()) }),
  column.accessor('plan_name', {
    header: 'Plan Name',
    cell: (info) => (
      <>
        <span className="wrap-words">{info.getValue()}</span>
        <div className="small text-body-secondary">{info.row.original.subscription_type}</div>
      </>
    ),
  }),
  column.accessor('price', sortedBy('price', 'Amount', valueCell(priceLabel))),
  column.accessor('purchase_date', sortedBy('purchase_date', 'Date', nowrapCell(formatDay))),
];

const FILTERS = ['user_type', 'subscription_type'] as const;

/** The category filter: its options come from the server; while they cannot be read, it says so. */
function CategoryFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const categories = usePaymentCategories();
  const options = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: String(category.id), label: category.title })),
    [categories.data],
  );
  if (categories.isError)
    return <span className="small text-danger">Plan categories: Unable to fetch data</span>;
  return (
    <StatusFilter
      label="Plan category"
      allLabel="All plan categories"
      value={categories.isPending ? '' : value}
      options={options}
      onChange={onChange}
    />
  );
}

/** /admin/payment-logs (docs/product.md §9.6): every payment of users and funeral homes. */
export function PaymentLogsPage() {
  useTitle('Payment Logs');
  const list = useListState(FILTERS);
  const query = usePaymentLog(list.params);
  return (
    <div>
      <h1 className="h2 mb-3">Payment Logs</h1>
      <ListView
        list={list}
        search
        caption="Payment logs"
        columns={columns}
        query={query}
        defaultSort="purchase_date"
      >
        <StatusFilter label="User type" options={USER_TYPE_OPTIONS} {...filterProps(list, 'user_type')} />
        <CategoryFilter {...filterProps(list, 'subscription_type')} />
        <DateRangeFilter {...dateRangeProps(list)} />
      </ListView>
    </div>
  );
}
