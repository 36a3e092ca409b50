import { useMemo } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { BannerAdItem } from '@pw/contracts';
import { BannerAdStatusBadge } from '@/components/banner-ad/BannerAdStatusBadge';
import { DateRangeFilter, ListView, useListState } from '@/components/data-table';
import { dateRangeProps, nowrapCell, sortedBy, viewColumn } from '@/components/data-table/cells';
import { ListHeading } from '@/components/data-table/ListHeading';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useBannerAds } from '../api/get-banner-ads';
import { adPath, newAdPath, type BannerArea } from '../model/banner-areas';

const column = createColumnHelper<BannerAdItem>();

function adColumns(area: BannerArea, firstNumber: number) {
  return [
    column.display({ id: 'serial', header: 'S.No.', cell: (info) => firstNumber + info.row.index }),
    column.accessor('brand_name', {
      header: 'Brand Name',
      cell: (info) => (
        <Link to={adPath(area, info.row.original.id)} className="text-break">
          {info.getValue()}
        </Link>
      ),
      meta: { sortKey: 'brand_name' },
    }),
    column.accessor('brand_email', {
      header: 'Brand Email',
      cell: (info) => <span className="text-break">{info.getValue()}</span>,
    }),
    column.accessor('status_detail', {
      header: 'Status',
      cell: (info) => <BannerAdStatusBadge status={info.getValue()} live={info.row.original.is_live} />,
    }),
    column.accessor('created_at', sortedBy('created_at', 'Date', nowrapCell(formatWhen))),
    viewColumn(column, {
      id: 'action',
      header: 'Action',
      to: (ad) => adPath(area, ad.id),
      label: (ad) => `View the banner ad of ${ad.brand_name}`,
    }),
  ];
}

/**
 * banner-ads (docs/product.md §13.3): 'Banner Ads Logs', the person's own requests, paged in the URL; a row opens
 * its request and 'Send new request' goes to the form.
 */
export function BannerAdsPage({ area }: { area: BannerArea }) {
  useTitle('Banner Ads Logs');
  const list = useListState();
  const query = useBannerAds(area, list.params);
  const firstNumber = query.data?.meta.from ?? 1;
  const columns = useMemo(() => adColumns(area, firstNumber), [area, firstNumber]);
  return (
    <div className="container py-5">
      <ListHeading title="Banner Ads Logs" to={newAdPath(area)} action="Send new request" />
      <ListView
        list={list}
        search
        caption="Banner ad requests"
        columns={columns}
        query={query}
        defaultSort="created_at"
      >
        <DateRangeFilter label="Date" {...dateRangeProps(list)} />
      </ListView>
    </div>
  );
}
