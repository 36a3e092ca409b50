import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AdminBannerAdRow } from '@pw/contracts';
import { BannerAdStatusBadge } from '@/components/banner-ad/BannerAdStatusBadge';
import { DateRangeFilter, ListView, useListState } from '@/components/data-table';
import { dateRangeProps, nowrapCell, sortedBy, viewColumn } from '@/components/data-table/cells';
import { ListHeading } from '@/components/data-table/ListHeading';
import { Loading } from '@/components/Loading';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useReviewLog } from '../api/get-review-log';
import { openingTab, REVIEW_BASE, TABS, tabFromParam, userTypeLabel, type TabInfo } from '../model/review';
import { EmailAddress } from '@/components/EmailAddress';

const column = createColumnHelper<AdminBannerAdRow>();

/** docs/product.md §9.4: S.No., Name, User Type, Email Address, Status (new requests only), Date, Action (View). */
function reviewColumns(info: TabInfo, firstNumber: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  const columns: Array<ColumnDef<AdminBannerAdRow, any>> = [
    column.display({ id: 'serial', header: 'S.No.', cell: (cell) => firstNumber + cell.row.index }),
    column.accessor('name', {
      header: 'Name',
      cell: (cell) => (
        <span className="wrap-words">
          {cell.getValue()}
          <span className="d-block small text-body-secondary">{cell.row.original.brand_name}</span>
        </span>
      ),
    }),
    column.accessor('type', { header: 'User Type', cell: (cell) => userTypeLabel(cell.getValue()) }),
    column.accessor('email', {
      header: 'Email Address',
      cell: (cell) => <EmailAddress email={cell.getValue()} />,
    }),
  ];
  if (info.tab === 'pending')
    columns.push(
      column.accessor('status_detail', {
        header: 'Status',
        cell: (cell) => <BannerAdStatusBadge status={cell.getValue()} />,
      }),
    );
  columns.push(
    column.accessor('created_at', sortedBy('created_at', 'Date', nowrapCell(formatWhen))),
    viewColumn(column, {
      id: 'action',
      header: 'Action',
      to: (ad) => info.detailPath(ad.id),
      label: (ad) => `View the banner ad of ${ad.brand_name} from ${ad.name}`,
    }),
  );
  return columns;
}

function ReviewLog({ info }: { info: TabInfo }) {
  const list = useListState();
  const query = useReviewLog(info.tab, list.params);
  const firstNumber = query.data?.meta.from ?? 1;
  const columns = useMemo(() => reviewColumns(info, firstNumber), [info, firstNumber]);
  return (
    <>
      <ListView
        list={list}
        search
        caption={info.label}
        columns={columns}
        query={query}
        defaultSort="created_at"
      >
        <DateRangeFilter label="Date" {...dateRangeProps(list)} />
      </ListView>
    </>
  );
}

/**
 * /admin/bannerads-subscription-management (docs/product.md §9.4): the tabs 'Approved Ads' and 'New Requests',
 * each a log with search and a Date filter; the tab and the list's state live in the URL. Opened
 * without a tab it opens New Requests while requests wait (docs/product.md §9.3). 'Manage Subscription Plan'
 * leads to the banner plans, as in the other subscription areas (docs/product.md §9.4).
 */
export function BannerReviewPage() {
  useTitle('Banner Ads Subscription');
  const [params, setParams] = useSearchParams();
  const named = tabFromParam(params.get('tab'));
  // The pending log's first page, as its tab would ask for it: the answer is shared with that tab.
  const list = useListState();
  const pending = useReviewLog('pending', list.params, named === null);
  const decided = named ?? (pending.isPending ? null : openingTab(pending.data?.meta.total));
  useEffect(() => {
    // The tab picked is written into the URL, so a new request arriving later does not switch it.
    if (named || !decided) return;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('tab', decided.param);
        return next;
      },
      { replace: true },
    );
  }, [named, decided, setParams]);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  if (!decided)
    return (
      <div>
        <h1 className="h2 mb-3">Banner Ads Subscription</h1>
        <Loading />
      </div>
    );
  const current = decided;

  const choose = (info: TabInfo, focus = false) => {
    // A tab starts on its own first page, unfiltered (per_page is kept).
    setParams((old) => {
      const next = new URLSearchParams();
      next.set('tab', info.param);
      const perPage = old.get('per_page');
      if (perPage) next.set('per_page', perPage);
      return next;
    });
    if (focus) tabs.current[TABS.indexOf(info)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    choose(TABS[(index + step + TABS.length) % TABS.length]!, true);
  };

  return (
    <div>
      <ListHeading
        title="Banner Ads Subscription"
        to={`${REVIEW_BASE}/plans`}
        action="Manage Subscription Plan"
      />
      <div className="nav nav-tabs mb-3" role="tablist" aria-label="Banner ads" onKeyDown={onKeyDown}>
        {TABS.map((info, index) => {
          const selected = info === current;
          return (
            <button
              key={info.tab}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${info.tab}`}
              aria-selected={selected}
              aria-controls={`panel-${info.tab}`}
              tabIndex={selected ? 0 : -1}
              className={`nav-link${selected ? ' active' : ''}`}
              onClick={() => choose(info)}
            >
              {info.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${current.tab}`} aria-labelledby={`tab-${current.tab}`}>
        <ReviewLog key={current.tab} info={current} />
      </div>
    </div>
  );
}
