import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BANNER_COUNTS_NOTE, type BannerAdItem, bannerAdRoutes, planRoutes, routeUrl } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { BANNER_AREAS } from '../model/banner-areas';
import { BannerAdPage } from './BannerAdPage';
import { bannerAd, plansReply } from '@/test/banner-ad-fixture';

function renderAd(role: 'user' | 'funeral-home' = 'user', id = 12) {
  const area = BANNER_AREAS[role];
  return renderWithApp(
    <Routes>
      <Route path={`${area.base}/:id`} element={<BannerAdPage area={area} />} />
      <Route path={`${area.base}/:id/payment`} element={<p>Payment page</p>} />
    </Routes>,
    { route: `${area.base}/${id}` },
  );
}

const detail = (ad: BannerAdItem) => () => ({ body: { data: ad } });

describe('BannerAdPage (banner-ads/{id})', () => {
  it('shows a pending request with its images, and no package choice', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: detail(bannerAd()) });
    renderAd();
    expect(await screen.findByText('Acme Flowers')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://acme.test/spring' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getAllByRole('button', { name: /^Open Acme Flowers, image/ })).toHaveLength(2);
    expect(screen.queryByText('Rejection Reason')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a package' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.url.pathname.includes('/plan/'))).toBe(false);
  });

  it('shows the rejection reason of a rejected request', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: detail(
        bannerAd({ status: 'rejected', status_detail: 'rejected', rejection_reason: 'The image is blurry.' }),
      ),
    });
    renderAd();
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Rejection Reason')).toBeInTheDocument();
    expect(screen.getByText('The image is blurry.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a package' })).not.toBeInTheDocument();
  });

  it('offers the role’s banner plans for an approved request (any case); the choice goes to payment', async () => {
    const api = fakeApi({
      [routeKey(bannerAdRoutes.funeralHome.detail, { id: 12 })]: detail(
        bannerAd({ status: 'approved', status_detail: 'Approved' as BannerAdItem['status_detail'] }),
      ),
      [routeKey(planRoutes.funeralHomeBannerAdPlans)]: plansReply,
    });
    const user = userEvent.setup();
    renderAd('funeral-home');
    const choice = await screen.findByRole('group', { name: 'Banner packages' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(2);
    expect(within(choice).getByText('$9.99 / Week')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Please select a valid option.')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: /Monthly Banner/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Payment page')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.pathname === routeUrl(planRoutes.userBannerAdPlans))).toBe(
      false,
    );
  });

  it('shows a paid ad’s plan, live dates, views and clicks instead of the choice', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: detail(
        bannerAd({
          status: 'approved',
          status_detail: 'approved',
          plan: { id: 31, title: 'One Week Banner', duration: 'weekly' },
          live_from: '2026-11-21T10:00:00.000Z',
          live_until: '2026-11-28T10:00:00.000Z',
          is_live: true,
          views: 1234,
          clicks: 56,
        }),
      ),
    });
    renderAd();
    expect(await screen.findByText('One Week Banner (Week)')).toBeInTheDocument();
    expect(screen.getByText('Live')).toHaveClass('badge');
    expect(screen.getByText('Live Dates')).toBeInTheDocument();
    expect(screen.getByText('1234')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    expect(screen.getByText(BANNER_COUNTS_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a package' })).not.toBeInTheDocument();
  });

  it('says when the plans cannot be read or none is on offer', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: detail(
        bannerAd({ status: 'approved', status_detail: 'approved' }),
      ),
      [routeKey(planRoutes.userBannerAdPlans)]: () => ({ status: 500, body: {} }),
    });
    const first = renderAd();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    first.unmount();
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: detail(
        bannerAd({ status: 'approved', status_detail: 'approved' }),
      ),
      [routeKey(planRoutes.userBannerAdPlans)]: () => ({ body: { data: [] } }),
    });
    renderAd();
    expect(await screen.findByText('No banner packages are on offer at the moment.')).toBeInTheDocument();
  });

  it('reads a missing request as not found and a failed read as "Unable to fetch data"', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 99 })]: () => ({
        status: 404,
        body: { message: 'Not found.' },
      }),
    });
    renderAd('user', 99);
    expect(await screen.findByText('This banner ad request does not exist.')).toBeInTheDocument();
  });

  it('retries a failed read', async () => {
    let fail = true;
    fakeApi({
      [routeKey(bannerAdRoutes.user.detail, { id: 12 })]: () =>
        fail ? { status: 500, body: {} } : { body: { data: bannerAd() } },
    });
    const user = userEvent.setup();
    renderAd();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Flowers')).toBeInTheDocument();
  });
});
