import { bannerAdRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ActiveSubscription } from '@pw/contracts';
import { session, type SessionUser } from '@/lib/session';
import { deferred } from '@/test/handler-fake-api';
import { routeKey, fakeApi, type Reply } from '@/test/fake-api';
import { renderWithApp, settled } from '@/test/render';
import { BannerSlot, hasAdFree } from './BannerSlot';

const adFree = (expiry: string | null): ActiveSubscription => ({
  id: 3,
  plan_id: 8,
  title: 'Ad-Free',
  duration: 'monthly',
  price: '2.99',
  starts_at: '2026-11-01T00:00:00.000Z',
  expiry_date: expiry,
  auto_renew: true,
  status: 'active',
});

const person = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 5,
  type: 'user',
  email: 'ruth@example.com',
  first_name: 'Ruth',
  last_name: 'Tester',
  photo_path: null,
  ...over,
});

const slotAd = {
  id: 9,
  brand_name: 'Acme Flowers',
  image_url: 'https://media.test/a.png',
  click_url: routeUrl(bannerAdRoutes.click, { token: '9.abc' }),
};

/** The slot's lazily loaded part that asks for the ad. */
const adPart = () => import('./BannerSlotAd');

function renderSlot(role: 'user' | 'funeral-home' = 'user', route = '/user/home') {
  return renderWithApp(
    <>
      <BannerSlot role={role} />
      <Link to="/user/profile">Next page</Link>
      <p>Page content</p>
    </>,
    { route },
  );
}

describe('hasAdFree', () => {
  it('reads a running ad-free plan from the stored user', () => {
    const now = Date.parse('2026-11-22T00:00:00.000Z');
    expect(hasAdFree(null, now)).toBe(false);
    expect(hasAdFree(person(), now)).toBe(false);
    expect(hasAdFree(person({ active_plan: { home_plan: null, ad_free: null } }), now)).toBe(false);
    expect(hasAdFree(person({ active_plan: { home_plan: null, ad_free: adFree(null) } }), now)).toBe(true);
    const running = adFree('2026-12-01T00:00:00.000Z');
    expect(hasAdFree(person({ active_plan: { home_plan: null, ad_free: running } }), now)).toBe(true);
    const lapsed = adFree('2026-11-01T00:00:00.000Z');
    expect(hasAdFree(person({ active_plan: { home_plan: null, ad_free: lapsed } }), now)).toBe(false);
  });
});

describe('BannerSlot', () => {
  it('draws nothing while the ad loads, then the ad in its box as a link to click_url in a new tab', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.slot)]: () => answer.promise });
    session.signIn(person(), 'token');
    renderSlot();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    // No empty box pushing the page down while the answer is on its way.
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    answer.resolve({ body: { data: slotAd } });

    const image = await screen.findByRole('img', { name: 'Advertisement: Acme Flowers' });
    expect(image).toHaveAttribute('src', slotAd.image_url);
    const link = screen.getByRole('link', { name: 'Advertisement: Acme Flowers' });
    expect(link).toHaveAttribute('href', slotAd.click_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const box = screen.getByTestId('banner-slot');
    expect(box).toHaveClass('banner-slot-box');
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toContainElement(box);
    expect(box).toContainElement(link);
  });

  it('asks again for the next page (one view per page shown)', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.slot)]: () => ({ body: { data: slotAd } }) });
    session.signIn(person(), 'token');
    const user = userEvent.setup();
    renderSlot();
    await screen.findByRole('img', { name: 'Advertisement: Acme Flowers' });
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    // The ad stays in the box while the next one loads: no flash, no shift.
    expect(screen.getByRole('img', { name: 'Advertisement: Acme Flowers' })).toBeInTheDocument();
  });

  it('takes no space and invites nothing when no ad is live', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.funeralHome.slot)]: () => ({ body: { data: null } }) });
    session.signIn(person({ type: 'funeral-home' }), 'token');
    const view = renderSlot('funeral-home', '/funeral/user-requests');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await settled(view.queryClient, [adPart()]);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('banner-slot')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Advertise here/ })).not.toBeInTheDocument();
  });

  it('shows only on the pages for browsing: never on the recorder, the editor, payments or watching', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.slot)]: () => ({ body: { data: slotAd } }) });
    session.signIn(person(), 'token');
    for (const page of [
      '/user/video/VideoRecorder',
      '/user/video/upload',
      '/user/profile/drafts',
      '/user/subscription-plans/plan-details/payment',
      '/user/access-code/video',
    ]) {
      const view = renderSlot('user', page);
      expect(screen.getByText('Page content')).toBeInTheDocument();
      expect(screen.queryByRole('complementary'), page).not.toBeInTheDocument();
      await settled(view.queryClient, [adPart()]);
      view.unmount();
    }
    expect(api.calls).toHaveLength(0);
    for (const page of ['/user/home', '/user/profile', '/user/notifications']) {
      const view = renderSlot('user', page);
      expect(await screen.findByRole('img', { name: 'Advertisement: Acme Flowers' }), page).toBeVisible();
      view.unmount();
    }
  });

  it('follows no link that is neither through the app nor to a web address', async () => {
    const api = fakeApi({
      [routeKey(bannerAdRoutes.user.slot)]: () => ({
        body: { data: { ...slotAd, click_url: 'javascript:alert(1)' } },
      }),
    });
    session.signIn(person(), 'token');
    const view = renderSlot();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await settled(view.queryClient, [adPart()]);
    expect(screen.queryByRole('link', { name: /Advertisement/ })).toBeNull();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('shows nothing when the call fails', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.slot)]: () => ({ status: 500, body: {} }) });
    session.signIn(person(), 'token');
    renderSlot();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders nothing at all, and asks nothing, for a person with ad-free', async () => {
    const api = fakeApi({ [routeKey(bannerAdRoutes.user.slot)]: () => ({ body: { data: slotAd } }) });
    session.signIn(person({ active_plan: { home_plan: null, ad_free: adFree(null) } }), 'token');
    const view = renderSlot();
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('banner-slot')).not.toBeInTheDocument();
    await settled(view.queryClient, [adPart()]);
    expect(api.calls).toHaveLength(0);
  });
});
