import { viewColumn } from '@/components/data-table/cells';
import { createColumnHelper } from '@tanstack/react-table';
import type { AccountStatusWord } from '@pw/contracts';
import { formatDay } from '@/lib/dates';
import { detailsPath, type AccountArea } from '../model/account-areas';
import { AccountStatusControl } from './AccountStatusControl';

/** What both lists' rows have: the shared columns read only these. */
export interface AccountRow {
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
      cell: (info) => (
        <AccountStatusControl
          area={area}
          id={info.row.original.id}
          name={nameOf(info.row.original)}
          active={info.row.original.status === 'active'}
        />
      ),
      meta: { sortKey: 'status' },
    }),
    view: viewColumn(column, {
      to: (row) => detailsPath(area, row.id),
      label: (row) => `View ${nameOf(row)}`,
    }),
  };
}

export type SharedColumns<T extends AccountRow> = ReturnType<typeof sharedColumns<T>>;
