import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import type { PageMeta } from '@pw/contracts';
import { ListResults, type ListQueryResult } from './ListResults';
import { ListToolbar } from './ListToolbar';

interface Row {
  id: number;
  name: string;
}
const column = createColumnHelper<Row>();
const columns = [column.accessor('name', { header: 'Name', meta: { sortKey: 'name' } })];
const meta: PageMeta = { current_page: 1, last_page: 1, per_page: 10, from: 1, to: 1, total: 1 };

const list = () => ({
  search: '',
  setSearch: vi.fn(),
  reset: vi.fn(),
  perPage: 10 as const,
  setPerPage: vi.fn(),
  sort: '',
  order: '',
  setSort: vi.fn(),
  setPage: vi.fn(),
});
const query = (over: Partial<ListQueryResult<Row>> = {}): ListQueryResult<Row> => ({
  data: { data: [{ id: 1, name: 'Ada' }], meta },
  isPending: false,
  isFetching: false,
  isError: false,
  refetch: vi.fn(),
  ...over,
});

describe('ListToolbar', () => {
  it("shows the search only when asked, the screen's filters, and 'Reset' clears the list", async () => {
    const controls = list();
    const { rerender } = render(
      <ListToolbar list={controls}>
        <span>My filter</span>
      </ListToolbar>,
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByText('My filter')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(controls.reset).toHaveBeenCalledTimes(1);
    rerender(<ListToolbar list={controls} search />);
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });
});

describe('ListResults', () => {
  it('shows the rows, the footer, and sortable headers when the list has a default sort', async () => {
    const controls = list();
    render(
      <ListResults caption="People" columns={columns} query={query()} list={controls} defaultSort="name" />,
    );
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(controls.setSort).toHaveBeenCalledWith('name', 'asc');
  });

  it('has plain headers without a default sort', () => {
    render(<ListResults caption="People" columns={columns} query={query()} list={list()} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: /Name/ })).not.toBeInTheDocument();
  });

  it("reads 'Unable to fetch data' when the call fails, and retrying refetches", async () => {
    const failed = query({ data: undefined, isError: true });
    render(<ListResults caption="People" columns={columns} query={failed} list={list()} />);
    expect(screen.getByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });
});
