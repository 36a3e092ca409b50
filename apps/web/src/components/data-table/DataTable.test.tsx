import { render, screen } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';

interface Row {
  id: number;
  email: string;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('email', { header: 'E-mail' }),
  column.display({ id: 'action', header: 'Action', cell: () => <button type="button">Open</button> }),
];
const rows = [{ id: 1, email: 'ada@example.com' }];

/** jsdom lays nothing out: the table's box is given a width and the table a wider one. */
const widths = (scroll: number, client: number) => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
};

describe('DataTable wider than the screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says that it scrolls and keeps the action column at the edge', () => {
    widths(900, 328);
    render(<DataTable columns={columns} rows={rows} isLoading={false} isError={false} />);
    expect(screen.getByTestId('table-scroll-hint')).toHaveTextContent('Scroll sideways to see every column.');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('pw-sticky-end');
    expect(table.parentElement).toHaveClass('pw-table-wide');
  });

  it('says nothing when the table fits', () => {
    widths(900, 900);
    render(<DataTable columns={columns} rows={rows} isLoading={false} isError={false} />);
    expect(screen.queryByTestId('table-scroll-hint')).not.toBeInTheDocument();
    expect(screen.getByRole('table').parentElement).not.toHaveClass('pw-table-wide');
  });
});
