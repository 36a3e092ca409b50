import type { ComponentProps, ReactNode } from 'react';
import { ListResults } from './ListResults';
import { ListToolbar } from './ListToolbar';
import type { ListControls } from './use-list-state';

type ResultsProps<T> = Omit<ComponentProps<typeof ListResults<T>>, 'list'>;

/**
 * A list screen's body: the toolbar (the search box when `search`, the screen's own filters as `children`,
 * Reset, per page) above the table of one page and its footer, both on the same URL state `list`.
 */
export function ListView<T>({
  list,
  search,
  children,
  ...results
}: ResultsProps<T> & { list: ListControls; search?: boolean; children?: ReactNode }) {
  return (
    <>
      <ListToolbar list={list} search={search}>
        {children}
      </ListToolbar>
      <ListResults list={list} {...results} />
    </>
  );
}
