import { paymentRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { HistoryPaymentPage, SubscriptionPlansPaymentPage } from './PlanPaymentPage';
import { at, yearly } from './test-fixtures';
import { testCard, typeCard } from '@/test/card';

const PAY = routeKey(paymentRoutes.funeralHomePlanPayment, { id: 2 });
const ROUTE = '/funeral/subscription-plans/payment';
const receipt = {
  message: 'Payment Successfully Made!',
  data: {
    id: 3,
    payment_id: 'pay_1',
    amount: '299.00',
    currency: 'usd',
    brand: 'visa',
    last4: '4242',
    created_at: '2026-11-22T10:00:00.000Z',
    message: 'Payment Successfully Made!',
  },
};

const fillCard = async (user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') => {
  await typeCard(user, { holder: 'Grace Hill', number });
  await user.click(screen.getByRole('button', { name: 'Pay $299.00' }));
};

describe('a funeral-home plan payment page', () => {
  it('opened without a chosen plan goes back to where plans are chosen', () => {
    fakeApi();
    renderWithApp(at(ROUTE, <SubscriptionPlansPaymentPage />), { route: ROUTE });
    expect(screen.getByText('Landed on /funeral/subscription-plans')).toBeInTheDocument();
  });

  it("pays for the plan, says 'Payment Successfully Made!' and goes on to the profile", async () => {
    const api = fakeApi({ [PAY]: () => ({ body: receipt }) });
    const user = userEvent.setup();
    renderWithApp(at(ROUTE, <SubscriptionPlansPaymentPage />), { route: ROUTE, state: { plan: yearly } });
    expect(screen.getByRole('heading', { name: 'Funeral Home Yearly' })).toBeInTheDocument();
    expect(screen.getByText('$299.00')).toBeInTheDocument();
    await fillCard(user);
    const done = await screen.findByRole('dialog');
    expect(within(done).getByRole('heading')).toHaveTextContent('Payment Successfully Made!');
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Landed on /funeral/profile')).toBeInTheDocument();
    const call = api.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(call.body as string)).toEqual(testCard('Grace Hill'));
  });

  it("shows a declined card's reason under the card number and stays", async () => {
    const declined = 'Your card was declined.';
    fakeApi({ [PAY]: () => ({ status: 422, body: { message: declined, errors: { card_no: [declined] } } }) });
    const user = userEvent.setup();
    renderWithApp(at(ROUTE, <SubscriptionPlansPaymentPage />), { route: ROUTE, state: { plan: yearly } });
    await fillCard(user, '4000 0000 0000 0002');
    expect(await screen.findByText(declined)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when the payment fails otherwise", async () => {
    fakeApi({ [PAY]: () => ({ status: 404, body: { message: 'Plan not found.' } }) });
    const user = userEvent.setup();
    renderWithApp(at(ROUTE, <SubscriptionPlansPaymentPage />), { route: ROUTE, state: { plan: yearly } });
    await fillCard(user);
    expect(await screen.findByText('Plan not found.')).toBeInTheDocument();
  });

  it('a renewal from the history goes back to the subscription setting after paying', async () => {
    fakeApi({ [PAY]: () => ({ body: receipt }) });
    const user = userEvent.setup();
    const route = '/funeral/subscription-setting/history/payment';
    renderWithApp(at(route, <HistoryPaymentPage />), { route, state: { plan: yearly } });
    await fillCard(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Landed on /funeral/subscription-setting')).toBeInTheDocument();
  });
});
