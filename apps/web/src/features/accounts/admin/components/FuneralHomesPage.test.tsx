import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FUNERAL_HOME_ACTIVATED, type AdminFuneralHomeItem, adminAccountRoutes } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { pagedAnswer } from '@/test/paged-reply';
import { renderWithApp } from '@/test/render';
import { FuneralHomesPage } from './FuneralHomesPage';
import { chooseStatus, homeFixture, statusOf } from './test-accounts';
import { columnHeaders } from '@/test/table';

function homesServer(rows: AdminFuneralHomeItem[]) {
  return fakeApi({
    [routeKey(adminAccountRoutes.funeralHomes)]: (call) => pagedAnswer(rows, call),
    [routeKey(adminAccountRoutes.funeralHomeStatus, { id: 3 })]: (call) => {
      const status = JSON.parse(String(call.body)).status as 0 | 1;
      rows[0] = { ...rows[0]!, status: status === 1 ? 'active' : 'inactive' };
      return { body: { message: FUNERAL_HOME_ACTIVATED, data: { id: 3, status } } };
    },
  });
}

const renderPage = (route = '/admin/funeral-homes-management') =>
  renderWithApp(<FuneralHomesPage />, { route });

describe('FuneralHomesPage', () => {
  it('shows S.No, home name, subscription, email, registration date, status dropdown and View', async () => {
    homesServer([
      homeFixture(3, { home_name: 'Evergreen Chapel', subscription: 'Funeral Yearly' }),
      homeFixture(4, { home_name: 'Quiet Oaks' }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Funeral homes' });
    expect(columnHeaders(table)).toEqual([
      'S.No',
      'Home Name',
      'Subscription',
      'Email',
      'Registration Date',
      'Status',
      'View',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Evergreen Chapel');
    expect(first).toHaveTextContent('Funeral Yearly');
    expect(second).toHaveTextContent('Un-subscriber');
    expect(screen.getByRole('link', { name: 'View Quiet Oaks' })).toHaveAttribute(
      'href',
      '/admin/funeral-homes-management/details/4',
    );
  });

  it('filters by status and by package (FilterByPackage) from the spec’s choices', async () => {
    const api = homesServer([homeFixture(3)]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    const packages = screen.getByRole('combobox', { name: 'Package' });
    expect(
      within(packages)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All packages', 'Monthly', 'Yearly', 'Life-time', 'Unsubscribe']);
    await user.selectOptions(packages, 'Unsubscribe');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => {
      const query = api.calls.at(-1)!.url.searchParams;
      expect(query.get('FilterByPackage')).toBe('unsubscribe');
      expect(query.get('status')).toBe('1');
    });
  });

  it('asks "Activate Funeral Home" (docs/product.md §13.8) and refreshes the row', async () => {
    const api = homesServer([homeFixture(3, { home_name: 'Evergreen Chapel', status: 'inactive' })]);
    const user = userEvent.setup();
    renderPage();
    const ask = await chooseStatus(user, 'Evergreen Chapel', 'Active');
    expect(within(ask).getByRole('heading')).toHaveTextContent('Activate Funeral Home');
    expect(ask).toHaveTextContent('Are you sure you want to activate this funeral home, Evergreen Chapel?');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Funeral Home Activated'));
    expect(screen.getByRole('dialog')).toHaveTextContent('Funeral Home has been Activated Successfully');
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ status: 1 });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(statusOf('Evergreen Chapel')).toHaveDisplayValue('Active'));
  });

  it('says "No data found :(" when there is no home and "Unable to fetch data" on failure', async () => {
    homesServer([]);
    const { unmount } = renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    unmount();
    fakeApi({
      [routeKey(adminAccountRoutes.funeralHomes)]: () => ({ status: 500, body: { message: 'Down' } }),
    });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});
