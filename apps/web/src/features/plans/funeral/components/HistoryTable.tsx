import { createColumnHelper } from '@tanstack/react-table';
import type { PaymentHistoryRow } from '@pw/contracts';
import { DataTable } from '@/components/data-table';
import { formatDay } from '@/lib/dates';
import { durationLabel, priceLabel, subscriptionStatus } from '@/lib/plan-labels';
import { PurchaseStatusBadge } from '@/components/status/PurchaseStatusBadge';

const column = createColumnHelper<PaymentHistoryRow & { serial: number }>();

/** A record may be renewed while its plan is still offered (docs/product.md §7.6). */
export const renewable = (row: PaymentHistoryRow) =>
  row.payable.id !== null && row.payable.status_detail === 'Active';

/** docs/product.md §13.7 payment table columns, for the funeral subscription record of §13.4, with Renew. */
export function HistoryTable({
  rows,
  firstSerial,
  isLoading,
  isError,
  onRetry,
  onRenew,
}: {
  rows: PaymentHistoryRow[] | undefined;
  firstSerial: number;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onRenew: (row: PaymentHistoryRow) => void;
}) {
  const columns = [
    column.accessor('serial', { header: 'S.No.' }),
    column.accessor((row) => row.payable.title, { id: 'title', header: 'Subscription Module' }),
    column.accessor((row) => durationLabel(row.payable.duration), {
      id: 'duration',
      header: 'Subscription Duration',
    }),
    column.accessor((row) => priceLabel(row.amount_paid), { id: 'amount', header: 'Price' }),
    column.accessor((row) => formatDay(row.created_at), { id: 'created_at', header: 'Purchase Date' }),
    column.accessor((row) => formatDay(row.expiry_date), { id: 'expiry_date', header: 'Expiry Date' }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <PurchaseStatusBadge status={subscriptionStatus(row.original)} />,
    }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row }) =>
        renewable(row.original) ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-label={`Renew ${row.original.payable.title}`}
            onClick={() => onRenew(row.original)}
          >
            Renew
          </button>
        ) : null,
    }),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows?.map((row, index) => ({ ...row, serial: firstSerial + index }))}
      isLoading={isLoading}
      isError={isError}
      onRetry={onRetry}
      caption="Subscription history"
    />
  );
}
