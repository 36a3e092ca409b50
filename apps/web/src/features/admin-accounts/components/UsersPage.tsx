import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AdminUserItem } from '@pw/contracts';
import {
  DateRangeFilter,
  ListResults,
  ListToolbar,
  StatusFilter,
  useListState,
} from '@/components/data-table';
import { useTitle } from '@/lib/use-title';
import { useAdminUsers } from '../api/get-accounts';
import {
  ACCOUNT_AREAS,
  AD_SUBSCRIPTION_OPTIONS,
  STATUS_OPTIONS,
  TIME_SUBSCRIPTION_OPTIONS,
} from '../model/account-areas';
import { sharedColumns } from './account-columns';
import { fullName, SubscriptionCell } from './format';
import { useAccountStatusToggle } from './use-account-status-toggle';

const area = ACCOUNT_AREAS.users;
const column = createColumnHelper<AdminUserItem>();
const FILTERS = ['status', 'adSubscription', 'timeSubscription'] as const;

/** /admin/user-management (spec 001 §2, §9): every user, their plans and status, with a View each. */
export function UsersPage() {
  useTitle('User Management');
  const list = useListState(FILTERS);
  const query = useAdminUsers(list.params);
  const toggle = useAccountStatusToggle(area);
  const firstNumber = query.data?.meta.from ?? 1;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
  const columns = useMemo<Array<ColumnDef<AdminUserItem, any>>>(() => {
    const shared = sharedColumns<AdminUserItem>(area, firstNumber, fullName, toggle);
    return [
      shared.serial,
      column.accessor((row) => fullName(row), {
        id: 'name',
        header: 'Name',
        cell: (info) => <span className="text-break">{info.getValue()}</span>,
        meta: { sortKey: 'first_name' },
      }),
      column.accessor('email', {
        header: 'Email Address',
        cell: (info) => <span className="text-break">{info.getValue()}</span>,
        meta: { sortKey: 'email' },
      }),
      column.accessor('ad_subscription', {
        header: 'Ad-Free Subscription',
        cell: (info) => <SubscriptionCell title={info.getValue()} />,
      }),
      column.accessor('time_subscription', {
        header: 'Time Subscription',
        cell: (info) => <SubscriptionCell title={info.getValue()} />,
      }),
      shared.registered,
      shared.status,
      shared.view,
    ];
  }, [firstNumber, toggle]);

  return (
    <div>
      <h1 className="h2 mb-3">User Management</h1>
      <ListToolbar list={list} search>
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          value={list.filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
        />
        <StatusFilter
          label="Ad-free subscription"
          allLabel="All ad-free"
          value={list.filters.adSubscription ?? ''}
          options={AD_SUBSCRIPTION_OPTIONS}
          onChange={(value) => list.setFilter('adSubscription', value)}
        />
        <StatusFilter
          label="Time package"
          allLabel="All time packages"
          value={list.filters.timeSubscription ?? ''}
          options={TIME_SUBSCRIPTION_OPTIONS}
          onChange={(value) => list.setFilter('timeSubscription', value)}
        />
        <DateRangeFilter
          label="Registration Date"
          from={list.fromDate}
          to={list.toDate}
          onChange={list.setFilter}
        />
      </ListToolbar>
      <ListResults caption="Users" columns={columns} query={query} list={list} defaultSort="created_at" />
    </div>
  );
}
