import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, type PerPage } from '@pw/contracts';

/** The keys every list keeps in the URL; a list adds its own filters (status, user_type…). */
const KIT_KEYS = ['page', 'per_page', 'search', 'from_date', 'to_date', 'sort', 'order'] as const;

export interface ListState {
  page: number;
  perPage: PerPage;
  search: string;
  fromDate: string;
  toDate: string;
  sort: string;
  order: string;
  /** The list's own filters, by URL key ('' when unset). */
  filters: Record<string, string>;
  /** Everything to send to the server, empty values left out by `buildQuery`. */
  params: Record<string, string | number>;
}

const toPerPage = (value: string | null): PerPage => {
  const n = Number(value);
  return (PER_PAGE_OPTIONS as readonly number[]).includes(n) ? (n as PerPage) : DEFAULT_PER_PAGE;
};

/**
 * A list's state lives in the URL (docs/product.md §13.7 defaults: page 1, per_page 10), so back, reload and a
 * shared link show the same page. Every change but the page itself goes back to page 1; `reset` keeps
 * per_page. Each change adds a history entry, except typing in the search box (`replace`).
 */
export function useListState(filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();

  const state = useMemo<ListState>(() => {
    const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
    const perPage = toPerPage(params.get('per_page'));
    const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? '']));
    const read = (key: string) => params.get(key) ?? '';
    const all: Record<string, string | number> = { page, per_page: perPage };
    for (const key of KIT_KEYS.slice(2)) all[key] = read(key);
    return {
      page,
      perPage,
      search: read('search'),
      fromDate: read('from_date'),
      toDate: read('to_date'),
      sort: read('sort'),
      order: read('order'),
      filters,
      params: { ...all, ...filters },
    };
    // filterKeys is a constant list per screen; its contents are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, filterKeys.join(',')]);

  /** Sets (or with '' clears) some keys; any key but `page` sends the list back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | number>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  const actions = useMemo(
    () => ({
      setPage: (page: number) => update({ page: page > 1 ? page : '' }),
      setPerPage: (perPage: number) => update({ per_page: perPage === DEFAULT_PER_PAGE ? '' : perPage }),
      setSearch: (search: string) => update({ search: search.trim() }, { replace: true }),
      setFilter: (key: string, value: string) => update({ [key]: value }),
      setSort: (sort: string, order: 'asc' | 'desc') => update({ sort, order }),
      /** Clears search, dates and filters; keeps per_page and goes to page 1. */
      reset: () => {
        const cleared: Record<string, string> = {};
        for (const key of [...KIT_KEYS.slice(2), ...filterKeys]) cleared[key] = '';
        update(cleared);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update, filterKeys.join(',')],
  );

  return { ...state, ...actions };
}

export type ListControls = ReturnType<typeof useListState>;
