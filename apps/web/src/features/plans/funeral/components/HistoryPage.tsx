import { useNavigate, useSearchParams } from 'react-router';
import type { PaymentHistoryRow } from '@pw/contracts';
import { ListFooter } from '@/components/data-table';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useTitle } from '@/lib/use-title';
import { useFuneralHistory } from '../api/get-history';
import { durationFilters, filterByDuration, type DurationFilter } from '../model/labels';
import { pageOf } from '../model/paging';
import { RENEW_QUESTION } from './ChangePlanPage';
import { HistoryTable } from './HistoryTable';

const FILTER_LABELS: Record<DurationFilter, string> = { all: 'All', monthly: 'Monthly', yearly: 'Yearly' };

const filterOf = (value: string | null): DurationFilter =>
  (durationFilters as readonly string[]).includes(value ?? '') ? (value as DurationFilter) : 'all';

/**
 * /funeral/subscription-setting/history: the home's subscription records, filtered all / monthly /
 * yearly by the plan's duration (docs/product.md §13.5) and paged here; the filter and page sit in
 * the URL. Renew warns that the running plan expires at once, then goes to history/payment.
 */
export function HistoryPage() {
  useTitle('History');
  const navigate = useNavigate();
  const dialog = useDialog();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('duration'));
  const history = useFuneralHistory();
  const filtered = history.data ? filterByDuration(history.data.data, filter) : undefined;
  const page = filtered ? pageOf(filtered, Number(params.get('page')) || 1) : undefined;

  const setFilter = (next: DurationFilter) =>
    setParams(next === 'all' ? {} : { duration: next }, { replace: true });
  const setPage = (next: number) =>
    setParams({ ...(filter === 'all' ? {} : { duration: filter }), page: String(next) });

  const renew = async (row: PaymentHistoryRow) => {
    const answer = await dialog({ variant: 'question', title: 'Renew Plan?', text: RENEW_QUESTION });
    if (!answer.confirmed || row.payable.id === null) return;
    const { id, title, price, duration } = row.payable;
    navigate('payment', { state: { plan: { id, title, price, duration } } });
  };

  return (
    <div className="container py-5">
      <h1>History</h1>
      <div className="btn-group mb-3" role="group" aria-label="Filter by duration">
        {durationFilters.map((value) => (
          <button
            key={value}
            type="button"
            className={`btn ${filter === value ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {FILTER_LABELS[value]}
          </button>
        ))}
      </div>
      <HistoryTable
        rows={page?.rows}
        firstSerial={page?.meta.from ?? 1}
        isLoading={history.isPending}
        isError={history.isError}
        onRetry={() => void history.refetch()}
        onRenew={(row) => void renew(row)}
      />
      <ListFooter meta={page?.meta} onPage={setPage} />
    </div>
  );
}
