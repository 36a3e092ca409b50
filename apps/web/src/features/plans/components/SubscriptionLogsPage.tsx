import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { PaymentHistoryRow } from '@pw/contracts';
import { DataTable, DateRangeFilter, ListFooter, PerPageSelect, useListState } from '@/components/data-table';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useTitle } from '@/lib/use-title';
import { usePaymentHistory } from '../api/get-payment-history';
import { formatDay } from '../model/plan-format';
import { durationLabel, priceLabel, subscriptionStatus } from '@/lib/plan-labels';
import { planDetailsPath, renewPath } from '../model/plan-flow';

const column = createColumnHelper<PaymentHistoryRow>();

/** The Expiry Date filter's own keys (Purchase Date uses the kit's from_date/to_date). */
const FILTERS = ['expiry_from', 'expiry_to'] as const;

export const RENEW_QUESTION = 'On renewing, current package will expire automatically';

/**
 * /user/subscription-logs (spec 000 §2/§9): the payment table (S.No., Subscription Module, subscription
 * Duration, Price, Purchase Date, Expiry Date, Status), Purchase Date and Expiry Date filters, paging,
 * and 'Renew' on the rows of a plan (spec §4: asked first, then the renew payment page).
 */
export function SubscriptionLogsPage() {
  useTitle('Subscription Logs');
  const list = useListState(FILTERS);
  const dialog = useDialog();
  const navigate = useNavigate();
  const { data, isPending, isFetching, isError, refetch } = usePaymentHistory(list.params);
  const firstNumber = data?.meta.from ?? (list.page - 1) * list.perPage + 1;

  const columns = useMemo(() => {
    const renew = async (row: PaymentHistoryRow) => {
      const answer = await dialog({ variant: 'question', title: 'Renew', text: RENEW_QUESTION });
      if (answer.confirmed && row.payable.id !== null) void navigate(renewPath(row.payable.id));
    };
    return [
      column.display({ id: 'number', header: 'S.No.', cell: (info) => firstNumber + info.row.index }),
      column.accessor((row) => row.payable.plan_category.title, {
        id: 'module',
        header: 'Subscription Module',
        cell: (info) => (
          <>
            {info.getValue()}
            <span className="d-block small text-body-secondary">{info.row.original.payable.title}</span>
          </>
        ),
      }),
      column.accessor((row) => durationLabel(row.payable.duration), {
        id: 'duration',
        header: 'subscription Duration',
      }),
      column.accessor('amount_paid', { header: 'Price', cell: (info) => priceLabel(info.getValue()) }),
      column.accessor('created_at', {
        header: 'Purchase Date',
        cell: (info) => <span className="text-nowrap">{formatDay(info.getValue())}</span>,
      }),
      column.accessor('expiry_date', {
        header: 'Expiry Date',
        // Extra time has no expiry; a life-time plan never expires.
        cell: (info) =>
          info.row.original.payable.id === null ? (
            '—'
          ) : (
            <span className="text-nowrap">{formatDay(info.getValue())}</span>
          ),
      }),
      column.display({
        id: 'status',
        header: 'Status',
        cell: (info) => {
          const status = subscriptionStatus(info.row.original);
          return (
            <span className={`badge ${status === 'Active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {status}
            </span>
          );
        },
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: (info) =>
          info.row.original.payable.id === null ? null : (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              aria-label={`Renew ${info.row.original.payable.title}`}
              onClick={() => void renew(info.row.original)}
            >
              Renew
            </button>
          ),
      }),
    ];
  }, [dialog, navigate, firstNumber]);

  return (
    <div className="container py-5">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">Subscription Logs</h1>
        <Link to={planDetailsPath('subscription-logs')} className="btn btn-primary">
          Buy a Plan
        </Link>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <fieldset className="d-flex flex-wrap align-items-center gap-2">
          <legend className="small fw-semibold mb-0 w-auto float-none">Purchase Date</legend>
          <DateRangeFilter from={list.fromDate} to={list.toDate} onChange={list.setFilter} />
        </fieldset>
        <fieldset className="d-flex flex-wrap align-items-center gap-2">
          <legend className="small fw-semibold mb-0 w-auto float-none">Expiry Date</legend>
          <DateRangeFilter
            from={list.filters.expiry_from ?? ''}
            to={list.filters.expiry_to ?? ''}
            onChange={(key, value) =>
              list.setFilter(key === 'from_date' ? 'expiry_from' : 'expiry_to', value)
            }
          />
        </fieldset>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={list.reset}>
          Reset
        </button>
        <div className="ms-auto">
          <PerPageSelect value={list.perPage} onChange={list.setPerPage} />
        </div>
      </div>
      <DataTable
        caption="Your payments"
        columns={columns}
        rows={data?.data}
        isLoading={isPending || isFetching}
        isError={isError}
        onRetry={() => void refetch()}
      />
      <ListFooter meta={data?.meta} onPage={list.setPage} />
    </div>
  );
}
