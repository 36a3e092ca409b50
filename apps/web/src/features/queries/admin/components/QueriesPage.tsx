import { createColumnHelper } from '@tanstack/react-table';
import type { AdminQueryItem } from '@pw/contracts';
import { DateRangeFilter, ListView, StatusFilter, useListState } from '@/components/data-table';
import {
  dateRangeProps,
  filterProps,
  nowrapCell,
  sortedBy,
  valueCell,
  viewColumn,
} from '@/components/data-table/cells';
import { useTitle } from '@/lib/use-title';
import { useAdminQueries } from '../api/get-queries';
import { formatWhen } from '@/lib/dates';
import { USER_TYPE_OPTIONS, userTypeLabel } from './format';
import { EmailAddress } from '@/components/EmailAddress';

const column = createColumnHelper<AdminQueryItem>();

/** docs/product.md §9.5: Name, Subject, Email Address, User Type, Date, View. */
const columns = [
  column.accessor('name', { header: 'Name', meta: { sortKey: 'name' } }),
  column.accessor('subject', { header: 'Subject', meta: { sortKey: 'subject' } }),
  column.accessor('email', {
    header: 'Email Address',
    cell: (info) => <EmailAddress email={info.getValue()} />,
    meta: { sortKey: 'email' },
  }),
  column.accessor('user_type', sortedBy('user_type', 'User Type', valueCell(userTypeLabel))),
  column.accessor('created_at', sortedBy('created_at', 'Date', nowrapCell(formatWhen))),
  viewColumn(column, {
    to: (item) => `/admin/queries-management/details/${item.id}`,
    label: (item) => `View the query from ${item.name}`,
  }),
];

const FILTERS = ['user_type'] as const;

/** /admin/queries-management: contact-us messages from visitors, users and funeral homes. */
export function QueriesPage() {
  useTitle('Queries');
  const list = useListState(FILTERS);
  const query = useAdminQueries(list.params);
  return (
    <div>
      <h1 className="h2 mb-3">Queries</h1>
      <ListView list={list} search caption="Queries" columns={columns} query={query} defaultSort="created_at">
        <StatusFilter label="User type" options={USER_TYPE_OPTIONS} {...filterProps(list, 'user_type')} />
        <DateRangeFilter {...dateRangeProps(list)} />
      </ListView>
    </div>
  );
}
