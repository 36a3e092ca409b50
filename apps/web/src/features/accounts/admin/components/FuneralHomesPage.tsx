import { createColumnHelper } from '@tanstack/react-table';
import type { AdminFuneralHomeItem } from '@pw/contracts';
import { useAdminFuneralHomes } from '../api/get-accounts';
import { ACCOUNT_AREAS, FUNERAL_HOME_FILTERS } from '../model/account-areas';
import { AccountListPage } from './AccountListPage';
import type { SharedColumns } from './account-columns';
import { emailCell, SubscriptionCell, textCell } from './format';

const column = createColumnHelper<AdminFuneralHomeItem>();
const homeName = (home: AdminFuneralHomeItem) => home.home_name;

/** docs/product.md §9.2: S.No, home name, subscription, email, registration date, status dropdown, View. */
const homeColumns = (shared: SharedColumns<AdminFuneralHomeItem>) => [
  shared.serial,
  column.accessor('home_name', { header: 'Home Name', cell: textCell, meta: { sortKey: 'home_name' } }),
  column.accessor('subscription', {
    header: 'Subscription',
    cell: (info) => <SubscriptionCell title={info.getValue()} />,
  }),
  column.accessor('email', { header: 'Email', cell: emailCell, meta: { sortKey: 'email' } }),
  shared.registered,
  shared.status,
  shared.view,
];

/** /admin/funeral-homes-management (docs/product.md §9.2, §13.7): filters status, package and date. */
export function FuneralHomesPage() {
  return (
    <AccountListPage
      area={ACCOUNT_AREAS['funeral-homes']}
      title="Funeral Homes Management"
      caption="Funeral homes"
      filters={FUNERAL_HOME_FILTERS}
      useRows={useAdminFuneralHomes}
      nameOf={homeName}
      columns={homeColumns}
    />
  );
}
