import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER_DEACTIVATED, type AdminUserItem, adminAccountRoutes } from '@pw/contracts';
import { routeKey, fakeApi, type RecordedCall } from '@/test/fake-api';
import { pagedAnswer } from '@/test/paged-reply';
import { renderWithSearch } from '@/test/render';
import { chooseStatus, statusOf, userFixture } from './test-accounts';
import { UsersPage } from './UsersPage';
import { columnHeaders } from '@/test/table';

/** A server that searches, filters by status and changes a user's status when asked, like the real one. */
function usersServer(rows: AdminUserItem[], { failStatus = false } = {}) {
  return fakeApi({
    [routeKey(adminAccountRoutes.users)]: (call: RecordedCall) => {
      const search = (call.url.searchParams.get('search') ?? '').toLowerCase();
      const status = call.url.searchParams.get('status');
      const found = rows.filter(
        (row) =>
          `${row.first_name} ${row.last_name} ${row.email}`.toLowerCase().includes(search) &&
          (!status || (row.status === 'active') === (status === '1')),
      );
      return pagedAnswer(found, call);
    },
    [routeKey(adminAccountRoutes.userStatus, { id: 7 })]: (call) => {
      if (failStatus) return { status: 500, body: { message: 'Broken' } };
      const status = JSON.parse(String(call.body)).status as 0 | 1;
      const index = rows.findIndex((row) => row.id === 7);
      rows[index] = { ...rows[index]!, status: status === 1 ? 'active' : 'inactive' };
      return { body: { message: USER_DEACTIVATED, data: { id: 7, status } } };
    },
  });
}

const renderPage = (route = '/admin/user-management') => renderWithSearch(<UsersPage />, route);
const lastListCall = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.method === 'GET').at(-1)!.url.searchParams;

const ada = () =>
  userFixture(7, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    ad_subscription: 'Ad-Free Yearly',
    time_subscription: 'Gold Monthly',
  });

describe('UsersPage', () => {
  it('lists the users with S.No, their plans, status and View; S.No counts on across pages', async () => {
    const rows = [ada(), ...Array.from({ length: 14 }, (_, i) => userFixture(100 + i))];
    usersServer(rows);
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(columnHeaders(table)).toEqual([
      'S.No',
      'Name',
      'Email Address',
      'Ad-Free Subscription',
      'Time Subscription',
      'Registration Date',
      'Status',
      'View',
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(
      expect.arrayContaining(['1', 'Ada Lovelace', 'ada@example.test', 'Ad-Free Yearly', 'Gold Monthly']),
    );
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Un-subscriber');
    expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Active');
    expect(screen.getByRole('link', { name: 'View Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/user-management/details/7',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 15 of 15');
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(/^11/);
  });

  it('sends each filter under its contract name, keeps it in the URL, and Reset clears them', async () => {
    const api = usersServer([ada()]);
    const user = userEvent.setup();
    renderPage('/admin/user-management?timeSubscription=life-time');
    await screen.findByRole('table');
    expect(lastListCall(api).get('timeSubscription')).toBe('life-time');
    expect(screen.getByRole('combobox', { name: 'Time package' })).toHaveDisplayValue('Life-time');
    expect(
      within(screen.getByRole('combobox', { name: 'Time package' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All time packages', 'Yearly', 'Monthly', 'Life-time', 'Un-subscriber']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(lastListCall(api).get('status')).toBe('0'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ad-free subscription' }), 'Un-subscriber');
    await waitFor(() => expect(lastListCall(api).get('adSubscription')).toBe('un-subscriber'));
    await user.type(screen.getByLabelText('Registration Date From'), '2026-11-01');
    await waitFor(() => expect(lastListCall(api).get('from_date')).toBe('2026-11-01'));
    expect(lastListCall(api).get('tz')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(
      '?timeSubscription=life-time&status=0&adSubscription=un-subscriber&from_date=2026-11-01',
    );
    // An inactive filter over an active Ada: the empty state.
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(lastListCall(api).get('search')).toBe('ada'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    expect(await screen.findByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('says "Unable to fetch data" when the list cannot load', async () => {
    fakeApi({ [routeKey(adminAccountRoutes.users)]: () => ({ status: 500, body: { message: 'Down' } }) });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});

describe('the user status dialogs', () => {
  it('asks "Deactivate User", sends status 0, confirms and refreshes the row', async () => {
    const api = usersServer([ada()]);
    const user = userEvent.setup();
    renderPage();
    const ask = await chooseStatus(user, 'Ada Lovelace', 'Inactive');
    expect(within(ask).getByRole('heading')).toHaveTextContent('Deactivate User');
    expect(within(ask).getByText(/^Are you sure/)).toHaveTextContent(
      /^Are you sure you want to deactivate this user, Ada Lovelace\?$/,
    );
    // Not changed before the answer.
    expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Active');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('User Deactivated'));
    expect(screen.getByRole('dialog')).toHaveTextContent('User has been Deactivated Successfully');
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.body))).toEqual({ status: 0 });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Inactive'));
  });

  it('asks "Activate User" for an inactive user and says it is done', async () => {
    usersServer([{ ...ada(), status: 'inactive' }]);
    const user = userEvent.setup();
    renderPage();
    const ask = await chooseStatus(user, 'Ada Lovelace', 'Active');
    expect(within(ask).getByRole('heading')).toHaveTextContent('Activate User');
    expect(ask).toHaveTextContent('Are you sure you want to activate this user, Ada Lovelace?');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('User Activated'));
  });

  it('changes nothing when the admin says No', async () => {
    const api = usersServer([ada()]);
    const user = userEvent.setup();
    renderPage();
    await chooseStatus(user, 'Ada Lovelace', 'Inactive');
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Active');
  });

  it('only logs a failed change: no success dialog, the status stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    usersServer([ada()], { failStatus: true });
    const user = userEvent.setup();
    renderPage();
    await chooseStatus(user, 'Ada Lovelace', 'Inactive');
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('User Deactivated')).not.toBeInTheDocument();
    expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Active');
    log.mockRestore();
  });
});
