import { planRoutes, paymentRoutes, accountRoutes } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { PlanPaymentPage } from './PlanPaymentPage';
import { homePlansReply, monthlyMembership, ruth } from './test-plans';
import { testCard, typeCard } from '@/test/card';

const user = ruth;
const membership = monthlyMembership;
const receipt = {
  id: 41,
  payment_id: '41',
  amount: '4.99',
  currency: 'USD',
  brand: 'visa',
  last4: '4242',
  created_at: '2026-11-22T10:00:00.000Z',
  message: 'Payment Successfully Made!',
};

function renderPayment(path: string, renew = false) {
  const base = path.startsWith('/user/subscription-plans') ? 'subscription-plans' : 'subscription-logs';
  renderWithApp(
    <Routes>
      <Route path="/user/profile" element={<p>Profile page</p>} />
      <Route path="/user/subscription-logs" element={<p>Logs page</p>} />
      <Route path="*" element={<PlanPaymentPage base={base} renew={renew} />} />
    </Routes>,
    { route: path },
  );
}

async function payWith(u: ReturnType<typeof userEvent.setup>, number: string, amount: string) {
  await typeCard(u, { number });
  await u.click(screen.getByRole('button', { name: `Pay $${amount}` }));
}

describe('plan payment', () => {
  beforeEach(() => {
    localStorage.clear();
    session.signIn(user, 'token');
  });

  it("pays, says 'Payment Successfully Made!', refreshes the stored user's plan and opens the profile", async () => {
    const api = fakeApi({
      [routeKey(planRoutes.userHomePlans)]: homePlansReply,
      [routeKey(paymentRoutes.userPlanPayment, { id: 7 })]: () => ({
        body: { message: 'ok', data: receipt },
      }),
      [routeKey(accountRoutes.userProfile)]: () => ({
        body: { data: { ...user, active_plan: { home_plan: membership, ad_free: null } } },
      }),
    });
    const u = userEvent.setup();
    renderPayment('/user/subscription-plans/plan-details/payment?plan=7');
    expect(await screen.findByText(/Amount:/)).toHaveTextContent('Amount: $4.99 / Month');
    await payWith(u, '4242 4242 4242 4242', '4.99');
    const success = await screen.findByRole('dialog', { name: 'Payment Successfully Made!' });
    expect(session.user()?.active_plan?.home_plan?.plan_id).toBe(7);
    await u.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    await waitFor(() => expect(success).not.toBeInTheDocument());
    const payment = api.calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(payment.body as string)).toEqual(testCard());
  }, 20_000);

  it("shows a declined card's message in red and stays on the form", async () => {
    fakeApi({
      [routeKey(planRoutes.userHomePlans)]: homePlansReply,
      [routeKey(paymentRoutes.userPlanPayment, { id: 7 })]: () => ({
        status: 422,
        body: { message: 'Your card was declined.' },
      }),
    });
    const u = userEvent.setup();
    renderPayment('/user/subscription-logs/plan-details/payment?plan=7');
    await payWith(u, '4000 0000 0000 0002', '4.99');
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-danger');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(session.user()?.active_plan).toBeUndefined();
  }, 20_000);

  it('sends nothing until the form is complete', async () => {
    const api = fakeApi({ [routeKey(planRoutes.userHomePlans)]: homePlansReply });
    const u = userEvent.setup();
    renderPayment('/user/subscription-plans/plan-details/payment?plan=9');
    await u.click(await screen.findByRole('button', { name: 'Pay $19.99' }));
    expect(screen.getAllByText(/field is required/i)).toHaveLength(4);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('renews from the logs and goes back to them after the payment', async () => {
    fakeApi({
      [routeKey(planRoutes.userHomePlans)]: homePlansReply,
      [routeKey(paymentRoutes.userPlanPayment, { id: 8 })]: () => ({
        body: { message: 'ok', data: receipt },
      }),
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: user } }),
    });
    const u = userEvent.setup();
    renderPayment('/user/subscription-logs/renew?plan=8', true);
    expect(await screen.findByRole('heading', { name: 'Renew Plan' })).toBeInTheDocument();
    expect(await screen.findByText(/expires as soon as this payment is made/)).toBeInTheDocument();
    await payWith(u, '4242 4242 4242 4242', '149.00');
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Payment Successfully Made!' })).getByRole('button', {
        name: 'Ok',
      }),
    );
    expect(await screen.findByText('Logs page')).toBeInTheDocument();
  }, 20_000);

  it('says so when the plan is not on offer, and shows a failed read as an error', async () => {
    fakeApi({ [routeKey(planRoutes.userHomePlans)]: homePlansReply });
    renderPayment('/user/subscription-plans/plan-details/payment?plan=99');
    expect(await screen.findByText('This plan is not on offer any more.')).toBeInTheDocument();
  });

  it('shows a failed plan read in red', async () => {
    fakeApi({
      [routeKey(planRoutes.userHomePlans)]: () => ({ status: 500, body: { message: 'Server error.' } }),
    });
    renderPayment('/user/subscription-plans/plan-details/payment?plan=7');
    expect(await screen.findByText('Server error.')).toBeInTheDocument();
  });
});
