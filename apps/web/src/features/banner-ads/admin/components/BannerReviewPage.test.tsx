import { bannerAdRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithSearch } from '@/test/render';
import { pagedReply } from '@/test/paged-reply';
import { BannerReviewPage } from './BannerReviewPage';
import { reviewRow } from './test-review';
import { columnHeaders } from '@/test/table';

const renderPage = (route = '/admin/bannerads-subscription-management') =>
  renderWithSearch(<BannerReviewPage />, route);
const headers = () => columnHeaders(screen.getByRole('table'));

const approvedRows = [
  reviewRow({ id: 5, status: 'approved', status_detail: 'approved', name: 'Amy Approved' }),
];
const pendingRows = Array.from({ length: 11 }, (_, i) =>
  reviewRow({
    id: 30 - i,
    name: i === 0 ? 'Willow Funeral Home' : `Person ${i}`,
    type: i === 0 ? 'funeral-home' : 'user',
  }),
);

describe('BannerReviewPage (/admin/bannerads-subscription-management)', () => {
  it('opens on New Requests while requests wait, and keeps that tab in the URL', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.approvedLogs)]: pagedReply(approvedRows),
      [routeKey(bannerAdRoutes.pendingLogs)]: pagedReply(pendingRows),
    });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'New Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Showing 1 to 10 of 11')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?tab=new-requests'));
  });

  it('opens on Approved Ads when no request waits: its columns, no Status, View to approved-ads/{id}', async () => {
    const api = fakeApi({
      [routeKey(bannerAdRoutes.approvedLogs)]: pagedReply(approvedRows),
      [routeKey(bannerAdRoutes.pendingLogs)]: pagedReply([]),
    });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Approved Ads' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'New Requests' })).toHaveAttribute('aria-selected', 'false');
    await screen.findByRole('table');
    expect(headers()).toEqual(['S.No.', 'Name', 'User Type', 'Email Address', 'Date', 'Action']);
    expect(
      screen.getByRole('link', { name: /View the banner ad of Acme Flowers from Amy Approved/ }),
    ).toHaveAttribute('href', '/admin/bannerads-subscription-management/approved-ads/5');
    expect(screen.getByRole('link', { name: 'Manage Subscription Plan' })).toHaveAttribute(
      'href',
      '/admin/bannerads-subscription-management/plans',
    );
    // One look at the pending log to choose the tab, then the approved one only.
    expect(api.calls.map((call) => call.url.pathname)).toEqual([
      routeUrl(bannerAdRoutes.pendingLogs),
      routeUrl(bannerAdRoutes.approvedLogs),
    ]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?tab=approved-ads'));
  });

  it('switches to New Requests (in the URL), with Status, paging and the Date filter sent', async () => {
    const api = fakeApi({
      [routeKey(bannerAdRoutes.approvedLogs)]: pagedReply(approvedRows),
      [routeKey(bannerAdRoutes.pendingLogs)]: pagedReply(pendingRows),
    });
    const user = userEvent.setup();
    renderPage('/admin/bannerads-subscription-management?tab=approved-ads&page=1');
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'New Requests' }));
    expect(screen.getByTestId('where').textContent).toBe('?tab=new-requests');
    await screen.findByText('Showing 1 to 10 of 11');
    expect(headers()).toEqual(['S.No.', 'Name', 'User Type', 'Email Address', 'Status', 'Date', 'Action']);
    const first = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Funeral Home');
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/admin/bannerads-subscription-management/new-request/30',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 11 of 11');
    expect(screen.getByTestId('where').textContent).toBe('?tab=new-requests&page=2');
    const dateFrom = screen.getByLabelText('Date From');
    await user.type(dateFrom, '2026-11-01');
    const last = api.calls.at(-1)!.url;
    expect(last.pathname).toBe(routeUrl(bannerAdRoutes.pendingLogs));
    expect(last.searchParams.get('from_date')).toBe('2026-11-01');
    expect(last.searchParams.get('page')).toBe('1');
    expect(screen.getByTestId('where').textContent).toContain('tab=new-requests');
  });

  it('moves between the tabs with the arrow keys', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.approvedLogs)]: pagedReply(approvedRows),
      [routeKey(bannerAdRoutes.pendingLogs)]: pagedReply(pendingRows),
    });
    const user = userEvent.setup();
    renderPage('/admin/bannerads-subscription-management?tab=approved-ads');
    await screen.findByRole('table');
    screen.getByRole('tab', { name: 'Approved Ads' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'New Requests' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'New Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-pending');
  });

  it('says "No data found :(" for an empty tab and "Unable to fetch data" when a log fails', async () => {
    fakeApi({
      [routeKey(bannerAdRoutes.approvedLogs)]: pagedReply([]),
      [routeKey(bannerAdRoutes.pendingLogs)]: () => ({ status: 500, body: { message: 'Boom' } }),
    });
    const user = userEvent.setup();
    // The pending log cannot be read: the page opens on Approved Ads.
    renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved Ads' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'New Requests' }));
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});
