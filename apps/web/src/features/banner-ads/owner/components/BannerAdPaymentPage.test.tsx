import { bannerAdRoutes, planRoutes, paymentRoutes } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { BANNER_AREAS } from '../model/banner-areas';
import { BannerAdPaymentPage } from './BannerAdPaymentPage';
import { bannerAd, plansReply } from '@/test/banner-ad-fixture';
import { testCard, typeCard } from '@/test/card';

const receipt = {
  id: 41,
  payment_id: '41',
  amount: '29.99',
  currency: 'USD',
  brand: 'visa',
  last4: '4242',
  created_at: '2026-11-22T10:00:00.000Z',
  message: 'Payment Successfully Made!',
};
const approved = bannerAd({ status: 'approved', status_detail: 'approved' });

function renderPayment(role: 'user' | 'funeral-home' = 'user', query = '?plan=32') {
  const area = BANNER_AREAS[role];
  return renderWithApp(
    <Routes>
      <Route path={`${area.base}/:id/payment`} element={<BannerAdPaymentPage area={area} />} />
      <Route path={`${area.base}/:id`} element={<p>Ad page</p>} />
    </Routes>,
    { route: `${area.base}/12/payment${query}` },
  );
}

const CALLS = {
  user: {
    detail: bannerAdRoutes.user.detail,
    plans: planRoutes.userBannerAdPlans,
    pay: paymentRoutes.userPlanPayment,
  },
  'funeral-home': {
    detail: bannerAdRoutes.funeralHome.detail,
    plans: planRoutes.funeralHomeBannerAdPlans,
    pay: paymentRoutes.funeralHomePlanPayment,
  },
} as const;

/** The approved ad 12 and the banner plans of `role`'s calls; paying plan 32 answers a receipt unless told. */
function payServer(
  role: keyof typeof CALLS,
  pay: Handler = () => ({ body: { message: 'ok', data: receipt } }),
) {
  const calls = CALLS[role];
  return fakeApi({
    [routeKey(calls.detail, { id: 12 })]: () => ({ body: { data: approved } }),
    [routeKey(calls.plans)]: plansReply,
    [routeKey(calls.pay, { id: 32 })]: pay,
  });
}

async function payWith(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await typeCard(user, { number });
  await user.click(screen.getByRole('button', { name: 'Pay $29.99' }));
}

describe('BannerAdPaymentPage (banner-ads/{id}/payment)', () => {
  it("pays the chosen plan for this ad (banner_ad_id), then 'Payment Successfully Made!', 'Your Ad Is Live Successfully!', back to the ad", async () => {
    const api = payServer('user');
    const user = userEvent.setup();
    renderPayment();
    expect(await screen.findByRole('heading', { name: 'Monthly Banner' })).toBeInTheDocument();
    await payWith(user);
    expect(await screen.findByRole('heading', { name: 'Payment Successfully Made!' })).toBeInTheDocument();
    const paid = api.calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(paid.body as string)).toEqual({ ...testCard(), banner_ad_id: 12 });
    expect(paid.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'Your Ad Is Live Successfully!' })).toBeInTheDocument();
    expect(screen.queryByText('Ad page')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Ad page')).toBeInTheDocument();
  });

  it("pays a funeral home's banner plan through its own call", async () => {
    const api = payServer('funeral-home');
    const user = userEvent.setup();
    renderPayment('funeral-home');
    await payWith(user);
    expect(await screen.findByRole('heading', { name: 'Payment Successfully Made!' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("shows a declined card's words in red, stays, and a second try is a new purchase", async () => {
    const api = payServer('user', () => ({ status: 422, body: { message: 'Your card was declined.' } }));
    const user = userEvent.setup();
    renderPayment();
    await payWith(user, '4000 0000 0000 0002');
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-danger');
    await user.click(screen.getByRole('button', { name: 'Pay $29.99' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const [first, second] = api.calls.filter((call) => call.method === 'POST');
    expect(first!.idempotencyKey).not.toBe(second!.idempotencyKey);
    expect(screen.queryByRole('heading', { name: 'Payment Successfully Made!' })).not.toBeInTheDocument();
  });

  it('offers no card form for a request that is not approved, or already paid', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: () => ({ body: { data: bannerAd() } }),
      [routeKey(planRoutes.userBannerAdPlans)]: plansReply,
    });
    const first = renderPayment();
    expect(await screen.findByText('Only an approved request can be paid for.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card Number/)).not.toBeInTheDocument();
    first.unmount();
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: () => ({
        body: { data: { ...approved, plan: { id: 31, title: 'One Week Banner', duration: 'weekly' } } },
      }),
      [routeKey(planRoutes.userBannerAdPlans)]: plansReply,
    });
    renderPayment();
    expect(await screen.findByText('This banner ad has already been paid for.')).toBeInTheDocument();
  });

  it('says when the plan in the URL is not on offer', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: () => ({ body: { data: approved } }),
      [routeKey(planRoutes.userBannerAdPlans)]: plansReply,
    });
    renderPayment('user', '?plan=999');
    expect(await screen.findByText('This package is not on offer any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a package' })).toHaveAttribute(
      'href',
      '/user/banner-ads/12',
    );
  });
});
