import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AdminFuneralHomeItem } from '@pw/contracts';
import {
  DateRangeFilter,
  ListResults,
  ListToolbar,
  StatusFilter,
  useListState,
} from '@/components/data-table';
import { useTitle } from '@/lib/use-title';
import { useAdminFuneralHomes } from '../api/get-accounts';
import { ACCOUNT_AREAS, FUNERAL_PACKAGE_OPTIONS, STATUS_OPTIONS } from '../model/account-areas';
import { sharedColumns } from './account-columns';
import { SubscriptionCell } from './format';
import { useAccountStatusToggle } from './use-account-status-toggle';

const area = ACCOUNT_AREAS['funeral-homes'];
const column = createColumnHelper<AdminFuneralHomeItem>();
const FILTERS = ['status', 'FilterByPackage'] as const;
const homeName = (home: AdminFuneralHomeItem) => home.home_name;

/**
 * /admin/funeral-homes-management (spec 001 §2): S.No, home name, subscription, email, registration
 * date, status dropdown, View; filters status, package and date.
 */
export function FuneralHomesPage() {
  useTitle('Funeral Homes Management');
  const list = useListState(FILTERS);
  const query = useAdminFuneralHomes(list.params);
  const toggle = useAccountStatusToggle(area);
  const firstNumber = query.data?.meta.from ?? 1;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  const columns = useMemo<Array<ColumnDef<AdminFuneralHomeItem, any>>>(() => {
    const shared = sharedColumns<AdminFuneralHomeItem>(area, firstNumber, homeName, toggle);
    return [
      shared.serial,
      column.accessor('home_name', {
        header: 'Home Name',
        cell: (info) => <span className="text-break">{info.getValue()}</span>,
        meta: { sortKey: 'home_name' },
      }),
      column.accessor('subscription', {
        header: 'Subscription',
        cell: (info) => <SubscriptionCell title={info.getValue()} />,
      }),
      column.accessor('email', {
        header: 'Email',
        cell: (info) => <span className="text-break">{info.getValue()}</span>,
        meta: { sortKey: 'email' },
      }),
      shared.registered,
      shared.status,
      shared.view,
    ];
  }, [firstNumber, toggle]);

  return (
    <div>
      <h1 className="h2 mb-3">Funeral Homes Management</h1>
      <ListToolbar list={list} search>
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          value={list.filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
        />
        <StatusFilter
          label="Package"
          allLabel="All packages"
          value={list.filters.FilterByPackage ?? ''}
          options={FUNERAL_PACKAGE_OPTIONS}
          onChange={(value) => list.setFilter('FilterByPackage', value)}
        />
        <DateRangeFilter
          label="Registration Date"
          from={list.fromDate}
          to={list.toDate}
          onChange={list.setFilter}
        />
      </ListToolbar>
      <ListResults
        caption="Funeral homes"
        columns={columns}
        query={query}
        list={list}
        defaultSort="created_at"
      />
    </div>
  );
}
