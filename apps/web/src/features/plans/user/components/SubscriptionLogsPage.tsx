import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { PaymentHistoryRow } from '@pw/contracts';
import { DateRangeFilter, ListView, useListState } from '@/components/data-table';
import { dateRangeProps, expiryRangeProps } from '@/components/data-table/cells';
import { ListHeading } from '@/components/data-table/ListHeading';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useTitle } from '@/lib/use-title';
import { usePaymentHistory } from '../api/get-payment-history';
import { expiryDay } from '../model/plan-format';
import { durationLabel, priceLabel, subscriptionStatus } from '@/lib/plan-labels';
import { planDetailsPath, renewPath } from '../model/plan-flow';
import { PurchaseStatusBadge } from '@/components/status/PurchaseStatusBadge';

const column = createColumnHelper<PaymentHistoryRow>();

/** The Expiry Date filter's own keys (Purchase Date uses the kit's from_date/to_date). */
const FILTERS = ['expiry_from', 'expiry_to'] as const;

export const RENEW_QUESTION = 'On renewing, current package will expire automatically';

/**
 * /user/subscription-logs (docs/product.md §13.3, §13.7): the payment table (S.No., Subscription Module, subscription
 * Duration, Price, Purchase Date, Expiry Date, Status), Purchase Date and Expiry Date filters, paging,
 * and 'Renew' on the rows of a plan (docs/product.md §13.5: asked first, then the renew payment page).
 */
export function SubscriptionLogsPage() {
  useTitle('Subscription Logs');
  const list = useListState(FILTERS);
  const dialog = useDialog();
  const navigate = useNavigate();
  const query = usePaymentHistory(list.params);
  const firstNumber = query.data?.meta.from ?? (list.page - 1) * list.perPage + 1;

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
        cell: (info) => <span className="text-nowrap">{expiryDay(info.getValue())}</span>,
      }),
      column.accessor('expiry_date', {
        header: 'Expiry Date',
        // Extra time has no expiry; a life-time plan never expires.
        cell: (info) =>
          info.row.original.payable.id === null ? (
            '—'
          ) : (
            <span className="text-nowrap">{expiryDay(info.getValue())}</span>
          ),
      }),
      column.display({
        id: 'status',
        header: 'Status',
        // Extra time is spent, not expired: 'Expired' would read as lost minutes right after buying them
        // for the upload that used them (docs/product.md §3.4).
        cell: (info) =>
          info.row.original.payable.id === null ? (
            <span className="badge text-bg-light border">
              {info.row.original.status_detail === 'Inactive' ? 'Used' : 'Not used yet'}
            </span>
          ) : (
            <PurchaseStatusBadge status={subscriptionStatus(info.row.original)} />
          ),
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
      <ListHeading title="Subscription Logs" to={planDetailsPath('subscription-logs')} action="Buy a Plan" />
      <p className="text-body-secondary">
        To stop a plan renewing, or to turn its renewal back on, go to{' '}
        <Link to="/user/subscription-plans">Subscription Plans</Link>.
      </p>
      <ListView list={list} caption="Your payments" columns={columns} query={query}>
        <DateRangeFilter label="Purchase Date" {...dateRangeProps(list)} />
        <DateRangeFilter {...expiryRangeProps(list)} />
      </ListView>
    </div>
  );
}
