import { createColumnHelper } from '@tanstack/react-table';
import type { AdminUserItem } from '@pw/contracts';
import { useAdminUsers } from '../api/get-accounts';
import { ACCOUNT_AREAS, USER_FILTERS } from '../model/account-areas';
import { AccountListPage } from './AccountListPage';
import type { SharedColumns } from './account-columns';
import { emailCell, fullName, SubscriptionCell, textCell } from './format';

const column = createColumnHelper<AdminUserItem>();

/**
 * S.No, Name, Email Address, the two running plans, Registration Date, Status, View (docs/product.md §9.2).
 */
const userColumns = (shared: SharedColumns<AdminUserItem>) => [
  shared.serial,
  column.accessor((row) => fullName(row), {
    id: 'name',
    header: 'Name',
    cell: textCell,
    meta: { sortKey: 'first_name' },
  }),
  column.accessor('email', { header: 'Email Address', cell: emailCell, meta: { sortKey: 'email' } }),
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

/** /admin/user-management (docs/product.md §9.2, §13.7): every user, their plans and status, with a View each. */
export function UsersPage() {
  return (
    <AccountListPage
      area={ACCOUNT_AREAS.users}
      title="User Management"
      caption="Users"
      filters={USER_FILTERS}
      useRows={useAdminUsers}
      nameOf={fullName}
      columns={userColumns}
    />
  );
}
