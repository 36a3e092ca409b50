import { StatusFilter } from './StatusFilter';
import type { ListControls } from './use-list-state';

/** One of a list's own drop-down filters: its URL key (sent to the server as is) and its choices. */
export interface SelectFilterDef {
  key: string;
  label: string;
  /** For labels whose plural is not label + 's' ('All statuses'). */
  allLabel?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A list's drop-down filters, each bound to its key in the URL (useListState). */
export function SelectFilters({
  list,
  filters,
}: {
  list: Pick<ListControls, 'filters' | 'setFilter'>;
  filters: readonly SelectFilterDef[];
}) {
  return filters.map((filter) => (
    <StatusFilter
      key={filter.key}
      label={filter.label}
      allLabel={filter.allLabel}
      value={list.filters[filter.key] ?? ''}
      options={filter.options}
      onChange={(value) => list.setFilter(filter.key, value)}
    />
  ));
}
