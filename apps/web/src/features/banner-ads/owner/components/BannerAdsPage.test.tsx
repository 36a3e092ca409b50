import { bannerAdRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithSearch } from '@/test/render';
import { BANNER_AREAS } from '../model/banner-areas';
import { BannerAdsPage } from './BannerAdsPage';
import { pagedReply } from '@/test/paged-reply';
import { bannerAd } from '@/test/banner-ad-fixture';
import { columnHeaders } from '@/test/table';

const ADS = Array.from({ length: 12 }, (_, i) =>
  bannerAd({
    id: 40 - i,
    brand_name: i === 0 ? 'Acme Flowers' : `Brand ${i}`,
    status_detail: i === 0 ? 'approved' : 'pending',
    status: i === 0 ? 'approved' : 'pending',
    is_live: i === 0,
  }),
);

const renderPage = (role: 'user' | 'funeral-home' = 'user') =>
  renderWithSearch(<BannerAdsPage area={BANNER_AREAS[role]} />, BANNER_AREAS[role].base);

describe('BannerAdsPage (Banner Ads Logs)', () => {
  it('lists the own requests with their state; a row opens the request; paging is in the URL', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.list)]: pagedReply(ADS) });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Banner Ads Logs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send new request' })).toHaveAttribute(
      'href',
      '/user/banner-ads/new',
    );
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual(['S.No.', 'Brand Name', 'Brand Email', 'Status', 'Date', 'Action']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(within(first).getByText('Live')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Acme Flowers' })).toHaveAttribute(
      'href',
      '/user/banner-ads/40',
    );
    expect(screen.getByRole('link', { name: 'View the banner ad of Acme Flowers' })).toHaveAttribute(
      'href',
      '/user/banner-ads/40',
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 12 of 12');
    expect(screen.getByTestId('where').textContent).toBe('?page=2');
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    // S.No. counts on from the page's first row.
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(/^11/);
  });

  it('asks the funeral-home calls and links inside /funeral', async () => {
    fakeApi({ [routeKey(bannerAdRoutes.funeralHome.list)]: pagedReply(ADS.slice(0, 1)) });
    renderPage('funeral-home');
    expect(await screen.findByRole('link', { name: 'Acme Flowers' })).toHaveAttribute(
      'href',
      '/funeral/banner-ads/40',
    );
    expect(screen.getByRole('link', { name: 'Send new request' })).toHaveAttribute(
      'href',
      '/funeral/banner-ads/new',
    );
  });

  it('says "No data found :(" with no requests and "Unable to fetch data" when the call fails', async () => {
    fakeApi({ [routeKey(bannerAdRoutes.user.list)]: pagedReply([]) });
    const first = renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    first.unmount();
    fakeApi({ [routeKey(bannerAdRoutes.user.list)]: () => ({ status: 500, body: { message: 'Boom' } }) });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
