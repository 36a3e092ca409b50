import { queryRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminQueryItem } from '@pw/contracts';
import { routeKey, fakeApi, type RecordedCall } from '@/test/fake-api';
import { renderWithSearch } from '@/test/render';
import { QueriesPage } from './QueriesPage';
import { columnHeaders } from '@/test/table';
import { pagedAnswer } from '@/test/paged-reply';

const ALL: AdminQueryItem[] = Array.from({ length: 25 }, (_, i) => ({
  id: 25 - i,
  name: i === 0 ? 'Vera Visitor' : `Person ${25 - i}`,
  email: `p${25 - i}@example.test`,
  subject: `Subject ${25 - i}`,
  user_type: i % 3 === 0 ? 'guest' : 'user',
  created_at: new Date(Date.UTC(2026, 10, 25 - i, 9)).toISOString(),
}));

/** A server that pages and searches like the real one, so the screen's requests are what matter. */
function listServer(rows = ALL) {
  return fakeApi({
    [routeKey(queryRoutes.list)]: (call: RecordedCall) => {
      const search = (call.url.searchParams.get('search') ?? '').toLowerCase();
      return pagedAnswer(
        rows.filter((r) => r.name.toLowerCase().includes(search)),
        call,
      );
    },
  });
}

const renderPage = (route = '/admin/queries-management') => renderWithSearch(<QueriesPage />, route);
const where = () => screen.getByTestId('where').textContent;
const lastListCall = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.url.pathname === routeUrl(queryRoutes.list)).at(-1)!.url.searchParams;

describe('QueriesPage (the list kit on the admin queries)', () => {
  it('shows the spec columns and pages with the page in the URL; per-page goes back to page 1', async () => {
    const api = listServer();
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual(['Name', 'Subject', 'Email Address', 'User Type', 'Date', 'View']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 25')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the query from Vera Visitor' })).toHaveAttribute(
      'href',
      '/admin/queries-management/details/25',
    );

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21 to 25 of 25');
    expect(where()).toBe('?page=3');
    expect(lastListCall(api).get('page')).toBe('3');
    // Two either side of the current page: on page 3 of 3, pages 1 and 2 are offered, no page 4.
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await screen.findByText('Showing 1 to 25 of 25');
    expect(where()).toBe('?per_page=25');
    expect(lastListCall(api).get('page')).toBe('1');
    expect(lastListCall(api).get('per_page')).toBe('25');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('25');
    expect(screen.getByRole('option', { name: 'All' })).toHaveValue('999');
  });

  it('searches 500 ms after the last key, on page 1, and keeps the filters from a shared link', async () => {
    const api = listServer();
    const user = userEvent.setup();
    renderPage('/admin/queries-management?page=2&user_type=user&from_date=2026-11-01');
    await screen.findByRole('table');
    expect(lastListCall(api).get('page')).toBe('2');
    expect(lastListCall(api).get('user_type')).toBe('user');
    expect(lastListCall(api).get('from_date')).toBe('2026-11-01');
    expect(screen.getByRole('combobox', { name: 'User type' })).toHaveDisplayValue('User');

    const before = api.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'vera');
    // Typed, but not yet sent: the box waits for a pause.
    expect(api.calls.length).toBe(before);
    await waitFor(() => expect(lastListCall(api).get('search')).toBe('vera'));
    expect(api.calls.filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);
    expect(lastListCall(api).get('page')).toBe('1');
    expect(where()).toBe('?user_type=user&from_date=2026-11-01&search=vera');
    await screen.findByText('Showing 1 to 1 of 1');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('says "No data found :(" for an empty list and "Unable to fetch data" when the call fails', async () => {
    listServer([]);
    const { unmount } = renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    unmount();

    const api = fakeApi({
      [routeKey(queryRoutes.list)]: () => ({ status: 500, body: { message: 'Server error' } }),
    });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(api.calls.length).toBeGreaterThan(0);
  });
});
