import { paymentRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { HistoryPage } from './HistoryPage';
import { at, monthly, page, record, yearly } from './test-fixtures';

const HISTORY = routeKey(paymentRoutes.funeralHomeHistory);
const ROUTE = '/funeral/subscription-setting/history';
const open = () => renderWithApp(at(ROUTE, <HistoryPage />), { route: ROUTE });
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('/funeral/subscription-setting/history', () => {
  it('lists the records: S.No., plan, duration, $ amount, dates and Active/Expired', async () => {
    const api = fakeApi({
      [HISTORY]: () => page([record(2, yearly, 'Active'), record(1, monthly, 'Inactive')]),
    });
    open();
    await screen.findByRole('table');
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent(
      /^1Funeral Home YearlyYear\$299\.0022 November 202622 November 2027Active/,
    );
    expect(second).toHaveTextContent(/^2Funeral Home MonthlyMonth\$29\.99.*Expired/);
    // Every record at once: the duration filter is the screen's own.
    expect(api.calls[0]!.url.searchParams.get('per_page')).toBe('999');
  });

  it('filters all, monthly or yearly by the plan duration', async () => {
    fakeApi({ [HISTORY]: () => page([record(2, yearly, 'Active'), record(1, monthly, 'Inactive')]) });
    const user = userEvent.setup();
    open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Funeral Home Monthly');
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Funeral Home Yearly');
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(bodyRows()).toHaveLength(2);
  });

  it('pages ten records at a time', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => record(12 - i, monthly, 'Inactive'));
    fakeApi({ [HISTORY]: () => page(rows) });
    const user = userEvent.setup();
    open();
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows()).toHaveLength(2);
    expect(bodyRows()[0]).toHaveTextContent(/^11/);
  });

  it('Renew warns that the running plan expires, then opens history/payment with the plan', async () => {
    fakeApi({ [HISTORY]: () => page([record(1, monthly, 'Inactive')]) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Renew Funeral Home Monthly' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('On renewing, current package will expire automatically');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`Landed on ${ROUTE}/payment`)).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      plan: { id: 1, title: monthly.title, price: monthly.price, duration: 'monthly' },
    });
  });

  it('offers no Renew for a plan no longer offered', async () => {
    const gone = record(1, monthly, 'Inactive');
    gone.payable.status_detail = 'Inactive';
    fakeApi({ [HISTORY]: () => page([gone]) });
    open();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
  });

  it("reads 'No data found :(' without records", async () => {
    fakeApi({ [HISTORY]: () => page([]) });
    open();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it("says 'Unable to fetch data' when the call fails, a missing call included", async () => {
    fakeApi({ [HISTORY]: () => ({ status: 404, body: { message: 'Not found' } }) });
    open();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
