import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminLegacyItem } from '@pw/contracts';
import {
  DateRangeFilter,
  ListView,
  SelectFilters,
  type SelectFilterDef,
  useListState,
} from '@/components/data-table';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useLegacyReports } from '../api/get-legacy-reports';
import { HaltReleaseDialog } from './HaltReleaseDialog';
import { ReportDetailsDialog } from './ReportDetailsDialog';
import { ownerDetailsPath, ownerName, ReportStateBadge, reporterKindLabel, STATE_OPTIONS } from './format';
import { EmailAddress } from '@/components/EmailAddress';

const column = createColumnHelper<AdminLegacyItem>();

/** A moment in the admin's zone ('—' for a report that has not ended); the first two sort the list. */
const timeColumn = (key: 'reported_at' | 'release_at' | 'ended_at', header: string, sortable: boolean) =>
  column.accessor(key, {
    header,
    cell: (info) => {
      const iso = info.getValue();
      return iso ? (
        <span className="text-nowrap">{formatWhen(iso)}</span>
      ) : (
        <span className="text-body-secondary">—</span>
      );
    },
    meta: sortable ? { sortKey: key } : undefined,
  });

type Open = { kind: 'details' | 'halt'; item: AdminLegacyItem } | null;

/** docs/product.md §9.7: Owner, Reporter, State, Reported At, Release At, Ended At, Action. */
function legacyColumns(open: (next: NonNullable<Open>) => void) {
  return [
    column.accessor('owner', {
      header: 'Owner',
      cell: (info) => {
        const owner = info.getValue();
        return (
          <div className="wrap-words" style={{ minWidth: '10rem' }}>
            <Link to={ownerDetailsPath(owner.id)}>{ownerName(info.row.original)}</Link>
            <div className="small text-body-secondary">
              <EmailAddress email={owner.email} />
            </div>
          </div>
        );
      },
    }),
    column.accessor('reporter_name', {
      header: 'Reporter',
      cell: (info) => (
        <div className="wrap-words" style={{ minWidth: '9rem' }}>
          {info.getValue()}
          <div className="small text-body-secondary">
            {reporterKindLabel(info.row.original.reporter_kind)} · {info.row.original.relation}
          </div>
        </div>
      ),
    }),
    column.accessor('state', {
      header: 'State',
      cell: (info) => <ReportStateBadge state={info.getValue()} />,
      meta: { sortKey: 'state' },
    }),
    timeColumn('reported_at', 'Reported At', true),
    timeColumn('release_at', 'Release At', true),
    timeColumn('ended_at', 'Ended At', false),
    column.display({
      id: 'action',
      header: 'Action',
      cell: (info) => {
        const item = info.row.original;
        const name = ownerName(item);
        const actions = [
          { kind: 'details', text: 'View', look: 'btn-outline-primary', label: `View the report on ${name}` },
          { kind: 'halt', text: 'Halt', look: 'btn-outline-danger', label: `Halt the release of ${name}` },
        ] as const;
        return (
          <div className="d-flex gap-2">
            {/* View always; Halt while the release waits. */}
            {actions
              .filter((action) => action.kind === 'details' || item.state === 'waiting')
              .map((action) => (
                <button
                  key={action.kind}
                  type="button"
                  className={`btn ${action.look} btn-sm`}
                  aria-label={action.label}
                  onClick={() => open({ kind: action.kind, item })}
                >
                  {action.text}
                </button>
              ))}
          </div>
        );
      },
    }),
  ];
}

const STATE_FILTER: SelectFilterDef[] = [
  { key: 'state', label: 'State', allLabel: 'All states', options: STATE_OPTIONS },
];
const FILTERS = STATE_FILTER.map((filter) => filter.key);

/**
 * /admin/legacy-management (docs/product.md §6, §9.7): reported passings and releases, searchable by the
 * owner's name or e-mail, filtered by state and the day of the report; a waiting release can be halted
 * with a reason, and each report opens with the reporter's note.
 */
export function LegacyReleasesPage() {
  useTitle('Legacy Releases');
  const list = useListState(FILTERS);
  const query = useLegacyReports(list.params);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened a dialog, for the focus to go back to (it is gone after a halt).
  const trigger = useRef<HTMLElement | null>(null);
  const [opened, setOpened] = useState<Open>(null);
  const [shown, setShown] = useState(false);
  const [columns] = useState(() =>
    legacyColumns((next) => {
      trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpened(next);
      setShown(true);
    }),
  );

  const haltFinished = (halted: boolean) => {
    const back = trigger.current;
    if (!halted && back?.isConnected) back.focus();
    else heading.current?.focus();
  };

  return (
    <div>
      <h1 className="h2 mb-3" ref={heading} tabIndex={-1}>
        Legacy Releases
      </h1>
      <ListView
        list={list}
        search
        caption="Legacy releases"
        columns={columns}
        query={query}
        defaultSort="reported_at"
      >
        <SelectFilters list={list} filters={STATE_FILTER} />
        <DateRangeFilter from={list.fromDate} to={list.toDate} label="Reported" onChange={list.setFilter} />
      </ListView>
      <ReportDetailsDialog
        item={opened?.kind === 'details' ? opened.item : null}
        show={shown && opened?.kind === 'details'}
        onClose={() => setShown(false)}
      />
      <HaltReleaseDialog
        item={opened?.kind === 'halt' ? opened.item : null}
        show={shown && opened?.kind === 'halt'}
        onClose={() => setShown(false)}
        onFinished={haltFinished}
      />
    </div>
  );
}
