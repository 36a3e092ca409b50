import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AccountStatusWord } from '@pw/contracts';
import { formatDay } from '@/lib/dates';
import { detailsPath, type AccountArea } from '../model/account-areas';
import { AccountStatusSelect } from './AccountStatusSelect';

/** What both lists' rows have: the columns below read only these. */
interface AccountRow {
  id: number;
  status: AccountStatusWord;
  created_at: string;
}

/**
 * The columns the user and funeral-home lists share: S.No (counting on from the page's first row),
 * Registration Date, the status dropdown and View. `nameOf` names the row for screen readers.
 */
export function sharedColumns<T extends AccountRow>(
  area: AccountArea,
  firstNumber: number,
  nameOf: (row: T) => string,
  toggle: (account: { id: number; active: boolean }) => Promise<void>,
) {
  const column = createColumnHelper<T>();
  return {
    serial: column.display({ id: 'serial', header: 'S.No', cell: (info) => firstNumber + info.row.index }),
    registered: column.display({
      id: 'created_at',
      header: 'Registration Date',
      cell: (info) => <span className="text-nowrap">{formatDay(info.row.original.created_at)}</span>,
      meta: { sortKey: 'created_at' },
    }),
    status: column.display({
      id: 'status',
      header: 'Status',
      cell: (info) => {
        const row = info.row.original;
        const active = row.status === 'active';
        return (
          <AccountStatusSelect
            name={nameOf(row)}
            active={active}
            onToggle={() => void toggle({ id: row.id, active })}
          />
        );
      },
      meta: { sortKey: 'status' },
    }),
    view: column.display({
      id: 'view',
      header: 'View',
      cell: (info) => (
        <Link
          to={detailsPath(area, info.row.original.id)}
          className="btn btn-outline-primary btn-sm"
          aria-label={`View ${nameOf(info.row.original)}`}
        >
          View
        </Link>
      ),
    }),
  };
}
