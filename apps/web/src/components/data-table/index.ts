/** The list kit (web): table, paging, per-page, search, date and status filters, state in the URL. */
export { DataTable, type SortState } from './DataTable';
export { Pagination, pageWindow } from './Pagination';
export { PerPageSelect } from './PerPageSelect';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './SearchBox';
export { DateRangeFilter } from './DateRangeFilter';
export { StatusFilter } from './StatusFilter';
export { ListFooter } from './ListFooter';
export { useListState, type ListControls, type ListState } from './use-list-state';
