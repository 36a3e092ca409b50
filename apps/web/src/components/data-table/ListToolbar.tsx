import type { ReactNode } from 'react';
import { PerPageSelect } from './PerPageSelect';
import { SearchBox } from './SearchBox';
import type { ListControls } from './use-list-state';

/**
 * The row above every list: the search box (when the list has one), the screen's own filters
 * (`children`), 'Reset' (clears all but per_page) and the per-page choice pushed to the right.
 */
export function ListToolbar({
  list,
  search,
  children,
}: {
  list: Pick<ListControls, 'search' | 'setSearch' | 'reset' | 'perPage' | 'setPerPage'>;
  /** Whether the list has a search box (the server searches its text columns). */
  search?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      {search && (
        <div className="flex-grow-1" style={{ minWidth: '12rem', maxWidth: '20rem' }}>
          <SearchBox value={list.search} onSearch={list.setSearch} />
        </div>
      )}
      {children}
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={list.reset}>
        Reset
      </button>
      <div className="ms-auto">
        <PerPageSelect value={list.perPage} onChange={list.setPerPage} />
      </div>
    </div>
  );
}
