import { planRoutes, paymentRoutes } from '@pw/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { extraMinutesNeeded, extraTimeDuration, extraTimePrice } from '@/lib/extra-time';
import { ExtraTimePayment, NO_RATE_MESSAGE } from './ExtraTimePayment';
import { typeCard } from '@/test/card';

const offer = (rate: string | null) => () => ({
  body: {
    data: {
      categories: [],
      one_time_rate: rate === null ? null : { id: 1, rate, updated_at: '2026-11-01T00:00:00.000Z' },
    },
  },
});

const receipt = {
  id: 41,
  payment_id: '41',
  amount: '1.98',
  currency: 'USD',
  brand: 'visa',
  last4: '4242',
  created_at: '2026-11-22T10:00:00.000Z',
  message: 'Payment Successfully Made!',
};

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await typeCard(user, { number });
}

describe('extra time arithmetic', () => {
  it('buys ceil((total - 60) / 60) minutes, forgiving the quarter second the server forgives', () => {
    expect(extraMinutesNeeded(60)).toBe(0);
    expect(extraMinutesNeeded(60.2)).toBe(0);
    expect(extraMinutesNeeded(75)).toBe(1);
    expect(extraMinutesNeeded(120.1)).toBe(1);
    expect(extraMinutesNeeded(121)).toBe(2);
    expect(extraTimeDuration(1)).toBe('00:01:00');
    expect(extraTimeDuration(75)).toBe('01:15:00');
    expect(extraTimePrice('0.99', 3)).toBe('2.97');
  });
});

describe('ExtraTimePayment', () => {
  it('shows the minutes needed and rate × minutes, and buys them with the duration HH:MM:00', async () => {
    const api = fakeApi({
      [routeKey(planRoutes.userPlans)]: offer('0.99'),
      [routeKey(paymentRoutes.extraTimePayment)]: () => ({ body: { message: 'ok', data: receipt } }),
    });
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ExtraTimePayment totalSeconds={125} onPaid={onPaid} />);
    expect(await screen.findByTestId('extra-minutes')).toHaveTextContent('2');
    expect(screen.getByTestId('extra-amount')).toHaveTextContent('$1.98');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $1.98' }));
    await vi.waitFor(
      () => expect(onPaid).toHaveBeenCalledWith({ paymentId: '41', seconds: 120, bought: true }),
      { timeout: 5000 },
    );
    const paid = api.calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(paid.body as string)).toMatchObject({ duration: '00:02:00', cvv: '123' });
  }, 20_000);

  it('offers extra time bought earlier and unused: one that covers the video is applied, not bought again', async () => {
    const api = fakeApi({
      [routeKey(planRoutes.userPlans)]: offer('0.99'),
      [routeKey(paymentRoutes.unusedExtraTime)]: () => ({
        body: {
          data: [
            {
              payment_id: '12',
              seconds: 60,
              minutes: 1,
              amount: '0.99',
              created_at: '2026-11-20T10:00:00.000Z',
            },
            {
              payment_id: '13',
              seconds: 180,
              minutes: 3,
              amount: '2.97',
              created_at: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ExtraTimePayment totalSeconds={125} onPaid={onPaid} />);
    const list = await screen.findByRole('region', { name: 'Extra time you already paid for' });
    expect(list).toHaveTextContent('1 minute, bought');
    expect(list).toHaveTextContent('(not enough for this video)');
    expect(list).toHaveTextContent('3 minutes, bought');
    expect(screen.getAllByRole('button', { name: /^Use / })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Use 3 minutes/ }));
    expect(onPaid).toHaveBeenCalledWith({ paymentId: '13', seconds: 180, bought: false });
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends nothing while the card form is incomplete', async () => {
    const api = fakeApi({ [routeKey(planRoutes.userPlans)]: offer('0.99') });
    const user = userEvent.setup();
    renderWithApp(<ExtraTimePayment totalSeconds={75} onPaid={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $0.99' }));
    expect(screen.getAllByText(/field is required/i)).toHaveLength(4);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a declined card's message in red and does not go on", async () => {
    fakeApi({
      [routeKey(planRoutes.userPlans)]: offer('0.99'),
      [routeKey(paymentRoutes.extraTimePayment)]: () => ({
        status: 422,
        body: { message: 'Your card was declined.' },
      }),
    });
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ExtraTimePayment totalSeconds={75} onPaid={onPaid} />);
    await screen.findByTestId('extra-minutes');
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $0.99' }));
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-danger');
    expect(onPaid).not.toHaveBeenCalled();
  }, 20_000);

  it('says so when no rate is set, and shows a failed read as an error', async () => {
    fakeApi({ [routeKey(planRoutes.userPlans)]: offer(null) });
    const first = renderWithApp(<ExtraTimePayment totalSeconds={75} onPaid={vi.fn()} />);
    expect(await screen.findByText(NO_RATE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    first.unmount();
    fakeApi({
      [routeKey(planRoutes.userPlans)]: () => ({ status: 500, body: { message: 'Server error.' } }),
    });
    renderWithApp(<ExtraTimePayment totalSeconds={75} onPaid={vi.fn()} />);
    expect(await screen.findByText('Server error.')).toBeInTheDocument();
  });
});
