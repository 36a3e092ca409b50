import { paymentRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPaymentRow } from '@pw/contracts';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderWithSearch } from '@/test/render';
import { never, pageOf } from './test-logs';
import { PaymentLogsPage } from './PaymentLogsPage';
import { columnHeaders } from '@/test/table';

const ROWS: AdminPaymentRow[] = [
  {
    id: 2,
    name: 'Grace Hill',
    email: 'grace@example.test',
    type: 'funeral-home',
    subscription_type: 'Funeral Home',
    plan_name: 'Monthly',
    price: '49.00',
    purchase_date: new Date(Date.UTC(2026, 10, 21, 12)).toISOString(),
  },
  {
    id: 1,
    name: 'Ruth Tester',
    email: 'ruth@example.test',
    type: 'user',
    subscription_type: 'Membership',
    plan_name: 'Yearly',
    price: '39.90',
    purchase_date: new Date(Date.UTC(2026, 10, 20, 12)).toISOString(),
  },
];

const LOG = routeKey(paymentRoutes.adminLog);
const CATEGORIES = routeKey(paymentRoutes.adminCategories);
const categories: Handler = () => ({
  body: {
    data: [
      { id: 1, title: 'Membership' },
      { id: 5, title: 'One-Time Purchase' },
    ],
  },
});

const renderPage = () => renderWithSearch(<PaymentLogsPage />, '/admin/payment-logs');

/** The log of ROWS opened, its table drawn. */
async function openLog() {
  const api = fakeApi({ [LOG]: (call) => pageOf(ROWS, call), [CATEGORIES]: categories });
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('table');
  return { api, user };
}

const lastQuery = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.url.pathname === routeUrl(paymentRoutes.adminLog)).at(-1)!.url.searchParams;

describe('PaymentLogsPage', () => {
  it('shows the spec columns with $ amounts and the user type in words', async () => {
    fakeApi({ [LOG]: (call) => pageOf(ROWS, call), [CATEGORIES]: categories });
    renderPage();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual(['Name', 'User Type', 'Plan Name', 'Amount', 'Date']);
    const [, grace, ruth] = within(table).getAllByRole('row');
    expect(grace).toHaveTextContent('Funeral Home');
    expect(grace).toHaveTextContent('$49.00');
    expect(ruth).toHaveTextContent('Ruth Tester');
    expect(ruth).toHaveTextContent('Yearly');
    expect(document.title).toBe('Parting Words | Payment Logs');
  });

  it('sends the user type, category, search and dates the admin picks', async () => {
    const { api, user } = await openLog();

    await user.selectOptions(screen.getByRole('combobox', { name: 'User type' }), 'Funeral Home');
    await waitFor(() => expect(lastQuery(api).get('user_type')).toBe('funeral-home'));

    const category = await screen.findByRole('option', { name: 'One-Time Purchase' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan category' }), category);
    await waitFor(() => expect(lastQuery(api).get('subscription_type')).toBe('5'));

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(lastQuery(api).get('from_date')).toBe('2026-11-01'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('grace'));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '?user_type=funeral-home&subscription_type=5&from_date=2026-11-01&search=grace',
    );
  });

  it('keeps a filter picked while the search waits for its pause', async () => {
    const { api, user } = await openLog();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ruth');
    await user.selectOptions(screen.getByRole('combobox', { name: 'User type' }), 'User');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('ruth'));
    expect(lastQuery(api).get('user_type')).toBe('user');
    expect(screen.getByTestId('where')).toHaveTextContent('?user_type=user&search=ruth');
  });

  it('shows a loading state, then "No data found :(" when empty', async () => {
    fakeApi({ [LOG]: never, [CATEGORIES]: categories });
    const { unmount } = renderPage();
    expect(await screen.findByText('Loading data…')).toBeInTheDocument();
    unmount();

    fakeApi({ [LOG]: (call) => pageOf([], call), [CATEGORIES]: categories });
    renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('says "Unable to fetch data" when the log fails, and when the categories cannot be read', async () => {
    fakeApi({ [LOG]: () => ({ status: 500, body: { message: 'Server error' } }), [CATEGORIES]: categories });
    const { unmount } = renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    unmount();

    // The categories call is missing: the filter says so instead of offering no categories.
    fakeApi({ [LOG]: (call) => pageOf(ROWS, call) });
    renderPage();
    await screen.findByRole('table');
    expect(await screen.findByText('Plan categories: Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Plan category' })).toBeNull();
  });
});
