import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { z } from 'zod';
import { MEMORIAL_AREA_TEXTS, type adminMemorialItem } from '@pw/contracts';
import { ListView, useListState } from '@/components/data-table';
import { nowrapCell, sortedBy } from '@/components/data-table/cells';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useAdminMemorials } from '../api/admin-memorials';
import { TakeDownDialog } from './TakeDownDialog';

type Item = z.infer<typeof adminMemorialItem>;
const column = createColumnHelper<Item>();

function memorialColumns(takeDown: (item: Item) => void) {
  return [
    column.accessor('name', {
      ...sortedBy('name', 'Name', (info: { getValue: () => string; row: { original: Item } }) =>
        info.row.original.taken_down_at ? (
          <span className="wrap-words">{info.getValue()}</span>
        ) : (
          <Link to={`/memorial/${info.row.original.slug}`} className="wrap-words">
            {info.getValue()}
          </Link>
        ),
      ),
    }),
    column.accessor('opened_at', sortedBy('opened_at', 'Opened At', nowrapCell(formatWhen))),
    column.accessor('listed', {
      header: 'Found By',
      cell: (info) => (info.getValue() ? 'Name' : 'Link only'),
    }),
    column.accessor('entries', { header: 'Messages' }),
    column.accessor('reported_entries', {
      header: 'Reported',
      cell: (info) =>
        info.getValue() > 0 ? <span className="badge text-bg-warning">{info.getValue()}</span> : 0,
    }),
    column.accessor('taken_down_at', {
      header: 'State',
      cell: (info) => {
        const at = info.getValue();
        if (!at) return <span className="badge text-bg-success">Up</span>;
        return (
          <div className="wrap-words" style={{ minWidth: '10rem' }}>
            <span className="badge text-bg-secondary">Taken down</span>
            <div className="small text-body-secondary">
              {formatWhen(at)}: {info.row.original.taken_down_reason}
            </div>
          </div>
        );
      },
    }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: (info) =>
        info.row.original.taken_down_at ? null : (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm text-nowrap"
            aria-label={`Take down the memorial page of ${info.row.original.name}`}
            onClick={() => takeDown(info.row.original)}
          >
            {MEMORIAL_AREA_TEXTS.takeDown}
          </button>
        ),
    }),
  ];
}

/**
 * /admin/memorial-pages (docs/product.md §6.9): every memorial page, searchable by name and paged, with
 * its messages and reports; a page can be taken down with a reason its moderators are told.
 */
export function MemorialPagesPage() {
  useTitle(MEMORIAL_AREA_TEXTS.pages);
  const list = useListState();
  const query = useAdminMemorials(list.params);
  const heading = useRef<HTMLHeadingElement>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const [opened, setOpened] = useState<Item | null>(null);
  const [shown, setShown] = useState(false);
  const [columns] = useState(() =>
    memorialColumns((item) => {
      trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpened(item);
      setShown(true);
    }),
  );
  // The button that opened the dialog is gone after a take-down: the focus goes to the heading then.
  const finished = (takenDown: boolean) => {
    const back = trigger.current;
    if (!takenDown && back?.isConnected) back.focus();
    else heading.current?.focus();
  };

  return (
    <div>
      <h1 className="h2 mb-2" ref={heading} tabIndex={-1}>
        {MEMORIAL_AREA_TEXTS.pages}
      </h1>
      <p>
        <Link to="/admin/memorial-pages/reported-entries">{MEMORIAL_AREA_TEXTS.reported}</Link>: the guestbook
        messages visitors reported.
      </p>
      <ListView
        list={list}
        search
        caption="Memorial pages"
        columns={columns}
        query={query}
        defaultSort="opened_at"
      />
      <TakeDownDialog page={opened} show={shown} onClose={() => setShown(false)} onFinished={finished} />
    </div>
  );
}
