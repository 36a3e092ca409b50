/**
 * The list kit (web): table, paging, per-page, search, date and status filters, state in the URL;
 * ListView is what every list screen shares: ListToolbar (the row of filters) above ListResults (the table
 * and its footer).
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
export { ListView } from './ListView';
export { useListState, type ListControls, type ListState } from './use-list-state';
