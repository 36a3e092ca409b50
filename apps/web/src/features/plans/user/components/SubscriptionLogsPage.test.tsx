import { paymentRoutes, routeUrl } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PaymentHistoryRow } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { RENEW_QUESTION, SubscriptionLogsPage } from './SubscriptionLogsPage';

const row = (id: number, overrides: Partial<PaymentHistoryRow> = {}): PaymentHistoryRow => ({
  id,
  amount_paid: '4.99',
  created_at: '2026-11-01T10:00:00.000Z',
  expiry_date: '2026-12-01T10:00:00.000Z',
  status: 1,
  status_detail: 'Active',
  payable: {
    id: 7,
    title: 'Monthly Membership',
    duration: 'monthly',
    price: '4.99',
    status_detail: 'Active',
    plan_category: { id: 1, title: 'Membership' },
  },
  ...overrides,
});

const meta = (total: number) => ({
  current_page: 1,
  last_page: 1,
  from: total ? 1 : null,
  to: total || null,
  total,
  per_page: 10,
  path: routeUrl(paymentRoutes.userHistory),
});
const page = (rows: PaymentHistoryRow[]) => () => ({
  body: { data: rows, meta: meta(rows.length), links: { first: null, last: null, prev: null, next: null } },
});

const expired = row(2, {
  status: 0,
  status_detail: 'Inactive',
  payable: {
    ...row(2).payable,
    id: 9,
    title: 'Yearly Ad-Free',
    duration: 'yearly',
    plan_category: { id: 2, title: 'Ad-Free' },
  },
});
const extraTime = row(3, {
  amount_paid: '0.99',
  expiry_date: null,
  payable: {
    id: null,
    title: 'Extra video time',
    duration: '1 minute',
    price: '0.99',
    status_detail: 'Active',
    plan_category: { id: 5, title: 'One-Time Purchase' },
  },
});

function renderLogs(route = '/user/subscription-logs') {
  renderWithApp(
    <Routes>
      <Route path="/user/subscription-logs" element={<SubscriptionLogsPage />} />
      <Route path="/user/subscription-logs/renew" element={<p>Renew page</p>} />
    </Routes>,
    { route },
  );
}

describe('/user/subscription-logs', () => {
  it('shows the spec columns, $ prices, duration labels, and Expired for an Inactive row', async () => {
    fakeApi({ [routeKey(paymentRoutes.userHistory)]: page([row(1), expired, extraTime]) });
    renderLogs();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 7)).toEqual([
      'S.No.',
      'Subscription Module',
      'subscription Duration',
      'Price',
      'Purchase Date',
      'Expiry Date',
      'Status',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/^1Membership.*Month\$4\.99.*Active/);
    expect(second).toHaveTextContent(/^2Ad-Free.*Year.*Expired/);
    // Extra time has no plan to renew.
    expect(within(third!).queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
    expect(third).toHaveTextContent('One-Time Purchase');
  });

  it('extra time reads Used once an upload spent it, never Expired; the plans page is named for the renewal', async () => {
    const spent = row(4, { ...extraTime, status: 0, status_detail: 'Inactive' });
    fakeApi({ [routeKey(paymentRoutes.userHistory)]: page([extraTime, spent]) });
    renderLogs();
    const [, unused, used] = within(await screen.findByRole('table')).getAllByRole('row');
    expect(unused).toHaveTextContent(/Not used yet$/);
    expect(used).toHaveTextContent(/Used$/);
    expect(used).not.toHaveTextContent('Expired');
    expect(screen.getByRole('link', { name: 'Subscription Plans' })).toHaveAttribute(
      'href',
      '/user/subscription-plans',
    );
  });

  it('asks before renewing, then opens the renew payment page for that plan', async () => {
    fakeApi({ [routeKey(paymentRoutes.userHistory)]: page([expired]) });
    const user = userEvent.setup();
    renderLogs();
    await user.click(await screen.findByRole('button', { name: 'Renew Yearly Ad-Free' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent(RENEW_QUESTION);
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByText('Renew page')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew Yearly Ad-Free' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Renew page')).toBeInTheDocument();
  });

  it('sends the Purchase Date and Expiry Date filters and the paging', async () => {
    const api = fakeApi({ [routeKey(paymentRoutes.userHistory)]: page([row(1)]) });
    renderLogs('/user/subscription-logs?from_date=2026-11-01&expiry_to=2026-12-31&per_page=25');
    await screen.findByRole('table');
    const query = api.calls.at(-1)!.url.searchParams;
    expect(query.get('from_date')).toBe('2026-11-01');
    expect(query.get('expiry_to')).toBe('2026-12-31');
    expect(query.get('per_page')).toBe('25');
    expect(screen.getByRole('group', { name: 'Expiry Date' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Purchase Date' })).toBeInTheDocument();
  });

  it("reads 'No data found :(' when there are no payments", async () => {
    fakeApi({ [routeKey(paymentRoutes.userHistory)]: page([]) });
    renderLogs();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it("reads 'Unable to fetch data' when the call fails or is missing, never an empty list", async () => {
    fakeApi({});
    renderLogs();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
