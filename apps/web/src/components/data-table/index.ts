/**
 * The list kit (web): table, paging, per-page, search, date and status filters, state in the URL;
 * ListToolbar and ListResults are the row of filters and the table + footer every list screen shares.
 */
export { DataTable, type SortState } from './DataTable';
export { Pagination, pageWindow } from './Pagination';
export { PerPageSelect } from './PerPageSelect';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './SearchBox';
export { DateRangeFilter } from './DateRangeFilter';
export { StatusFilter } from './StatusFilter';
export { SelectFilters, type SelectFilterDef } from './SelectFilters';
export { ListFooter } from './ListFooter';
export { ListToolbar } from './ListToolbar';
export { ListResults, type ListQueryResult } from './ListResults';
export { useListState, type ListControls, type ListState } from './use-list-state';
