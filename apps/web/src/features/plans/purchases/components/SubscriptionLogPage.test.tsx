import { paymentRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubscriptionLogRow } from '@pw/contracts';
import { fakeApi } from '@/test/fake-api';
import { renderWithSearch } from '@/test/render';
import { PURCHASE_AREAS, type PurchaseArea } from '../model/purchase-areas';
import { never, pageOf } from './test-logs';
import { SubscriptionLogPage } from './SubscriptionLogPage';
import { columnHeaders } from '@/test/table';

const ROWS: SubscriptionLogRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 + i,
  name: i === 0 ? 'Ruth Tester' : `Buyer ${i}`,
  email: `buyer${i}@example.test`,
  plan_title: i === 0 ? 'Yearly' : 'Monthly',
  status: i === 1 ? 0 : 1,
  status_detail: i === 1 ? 'Expired' : 'Active',
  price: '39.90',
  purchase_date: new Date(Date.UTC(2026, 10, 20, 12)).toISOString(),
  expiry_date: i === 2 ? null : new Date(Date.UTC(2027, 10, 20, 12)).toISOString(),
}));

const PATHS = {
  membership: routeUrl(paymentRoutes.membershipLogs),
  'ad-free': routeUrl(paymentRoutes.adFreeLogs),
  'funeral-home': routeUrl(paymentRoutes.funeralHomeLogs),
} as const;

const renderLog = (area: PurchaseArea, route = area.base) =>
  renderWithSearch(<SubscriptionLogPage area={area} />, route);

const headers = columnHeaders;

/** docs/product.md §9.6, word for word. */
const EXPECTED_HEADERS = {
  membership: [
    'S.No.',
    'Full Name',
    'Email Address',
    'Plan Name',
    'Status',
    'Price',
    'Purchase Date',
    'Expiry Date',
  ],
  'ad-free': ['S.No.', 'Full Name', 'Email Address', 'Status', 'Price', 'Purchase Date'],
  'funeral-home': [
    'S.No',
    'Funeral Home Name',
    'Email',
    'Plan Name',
    'Status',
    'Price',
    'Purchase Date',
    'Expiry Date',
  ],
};

describe.each(Object.values(PURCHASE_AREAS))('SubscriptionLogPage: $label', (area) => {
  const path = PATHS[area.kind];
  const lastQuery = (api: ReturnType<typeof fakeApi>) =>
    api.calls.filter((c) => c.url.pathname === path).at(-1)!.url.searchParams;

  it('shows the spec columns, $ prices, S.No. counting across pages, and the plans button', async () => {
    const api = fakeApi({ [`GET ${path}`]: (call) => pageOf(ROWS, call) });
    const user = userEvent.setup();
    renderLog(area);
    const table = await screen.findByRole('table');
    expect(headers(table)).toEqual(EXPECTED_HEADERS[area.kind]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Ruth Tester');
    expect(first).toHaveTextContent('$39.90');
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent(/^1$/);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Expired');
    if (area.columns.includes('expiry'))
      expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Life-time');
    expect(screen.getByRole('link', { name: 'Manage Subscription Plan' })).toHaveAttribute(
      'href',
      `${area.base}/plans`,
    );
    expect(document.title).toBe(`Parting Words | ${area.label}`);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 12 of 12');
    expect(within(screen.getByRole('table')).getAllByRole('cell')[0]).toHaveTextContent(/^11$/);
    expect(lastQuery(api).get('page')).toBe('2');
  });

  it('sends the status and date filters the admin picks, and keeps them in the URL', async () => {
    const api = fakeApi({ [`GET ${path}`]: (call) => pageOf(ROWS, call) });
    const user = userEvent.setup();
    renderLog(area);
    await screen.findByRole('table');
    expect(lastQuery(api).get('tz')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Expired');
    await waitFor(() => expect(lastQuery(api).get('status')).toBe('0'));
    expect(screen.getByRole('option', { name: 'Active' })).toHaveValue('1');

    await user.type(screen.getByLabelText('Purchase Date From'), '2026-11-01');
    await waitFor(() => expect(lastQuery(api).get('from_date')).toBe('2026-11-01'));
    if (area.columns.includes('expiry')) {
      await user.type(screen.getByLabelText('Expiry Date To'), '2027-01-31');
      await waitFor(() => expect(lastQuery(api).get('expiry_to')).toBe('2027-01-31'));
      expect(screen.getByTestId('where')).toHaveTextContent('expiry_to=2027-01-31');
    } else {
      // docs/product.md §9.6: the ad-free log filters on the purchase date only.
      expect(screen.queryByLabelText('Expiry Date To')).toBeNull();
    }
    expect(screen.getByTestId('where')).toHaveTextContent('status=0');
  });

  it('shows a loading state, then "No data found :(" when empty', async () => {
    fakeApi({ [`GET ${path}`]: never });
    const { unmount } = renderLog(area);
    expect(await screen.findByText('Loading data…')).toBeInTheDocument();
    unmount();

    fakeApi({ [`GET ${path}`]: (call) => pageOf([], call) });
    renderLog(area);
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('says "Unable to fetch data" when the call fails or is missing', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ status: 500, body: { message: 'Server error' } }) });
    const { unmount } = renderLog(area);
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    unmount();

    // No handler: the fake server answers 404, which is an error, never an empty list.
    fakeApi({});
    renderLog(area);
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).toBeNull();
  });
});
