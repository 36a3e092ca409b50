import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { negativeMoneyMessage, type OneTimeRate, planRoutes } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { OneTimeRatePage } from './OneTimeRatePage';

/** The rate calls, keeping a history like the real server (newest first); reads wait for `held`. */
function rateServer(history: OneTimeRate[], held: Promise<void> = Promise.resolve()) {
  const answer = async () => {
    await held;
    return {
      body: {
        current: history[0] ?? null,
        data: history,
        meta: {
          current_page: 1,
          last_page: 1,
          from: history.length ? 1 : null,
          to: history.length || null,
          total: history.length,
          per_page: 10,
        },
        links: { prev: null, next: null },
      },
    };
  };
  return fakeApi({
    [routeKey(planRoutes.oneTimeRate)]: answer,
    [routeKey(planRoutes.oneTimeRateCreate)]: (call) => {
      const rate = {
        id: history.length + 1,
        rate: JSON.parse(String(call.body)).rate,
        updated_at: new Date().toISOString(),
      };
      history.unshift(rate);
      return { status: 201, body: { message: 'Updated', data: rate } };
    },
  });
}

/** Opens the page with no rate yet, types `rate` and presses Save. */
async function saveRate(rate: string) {
  const api = rateServer([]);
  const user = userEvent.setup();
  renderWithApp(<OneTimeRatePage />);
  await screen.findByText('No data found :(');
  await user.type(screen.getByLabelText(/Price Per Minute/), rate);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { api, user };
}

describe('OneTimeRatePage', () => {
  it('keeps a rate typed while the current one was still loading', async () => {
    // The current rate arrives only once the admin has typed a new one.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    rateServer([{ id: 1, rate: '0.99', updated_at: '2026-11-20T10:00:00.000Z' }], arrived);
    const user = userEvent.setup();
    renderWithApp(<OneTimeRatePage />);
    await user.type(screen.getByLabelText(/Price Per Minute/), '1.86');
    arrive();
    await screen.findByText('$0.99');
    expect(screen.getByLabelText(/Price Per Minute/)).toHaveValue('1.86');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The price per minute is now $1.86.');
  });

  it('shows the current rate and the history (S.No., Rate, Update Date)', async () => {
    rateServer([{ id: 1, rate: '0.50', updated_at: '2026-11-20T10:00:00.000Z' }]);
    renderWithApp(<OneTimeRatePage />);
    await waitFor(() => expect(screen.getByLabelText(/Price Per Minute/)).toHaveValue('0.50'));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['S.No.', 'Rate', 'Update Date']);
    expect(within(table).getByText('$0.50')).toBeInTheDocument();
  });

  it('requires a numeric rate', async () => {
    const api = rateServer([]);
    const user = userEvent.setup();
    renderWithApp(<OneTimeRatePage />);
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Price Per Minute/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate must be a number.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("saves a rate, ends with the plans' success dialog ('Updated', the new rate) and adds it to the history", async () => {
    const { api, user } = await saveRate('0.75');
    const dialog = await screen.findByRole('dialog', { name: 'Updated' });
    expect(dialog).toHaveTextContent('The price per minute is now $0.75.');
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ rate: '0.75' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('$0.75')).toBeInTheDocument();
  });

  it('says a negative rate cannot be, and sends nothing', async () => {
    const { api } = await saveRate('-1');
    expect(await screen.findByText(negativeMoneyMessage('rate'))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
