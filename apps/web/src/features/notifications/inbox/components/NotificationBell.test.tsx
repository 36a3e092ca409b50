import { notificationRoutes, routeUrl } from '@pw/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BELL_POLL_MS } from '../api/get-bell';
import { installFakeApi, type FakeApi } from '@/test/handler-fake-api';
import { bellOf, fakeNotificationServer, makeNotification, renderWith } from './fake-notification-server';
import { NotificationBell } from './NotificationBell';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('NotificationBell', () => {
  it('caps the badge at 9+ while the accessible name keeps the real count', async () => {
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([makeNotification()], 12));
    render(renderWith(<NotificationBell area="user" />).wrapper);
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('shows the exact count up to nine and no badge at zero', async () => {
    const items = [makeNotification(), makeNotification(), makeNotification()];
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf(items));
    const { client, wrapper } = renderWith(<NotificationBell area="user" />);
    render(wrapper);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('3');

    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([], 0));
    await client.refetchQueries();
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('opens with the keyboard, lists recent notifications with View All, and closes with Escape', async () => {
    const user = userEvent.setup();
    const unread = makeNotification({ data: { title: 'Your video was delivered', body: 'Sent to Ann' } });
    const read = makeNotification({ read_at: new Date().toISOString() });
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([unread, read]));
    render(renderWith(<NotificationBell area="funeral" />).wrapper);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    const first = await screen.findByRole('link', { name: /Unread: Your video was delivered/ });
    expect(first).toHaveTextContent('Sent to Ann');
    expect(first).toHaveAttribute('href', '/funeral/notifications');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/funeral/notifications');
    expect(screen.getByRole('link', { name: new RegExp(read.data.title) })).not.toHaveTextContent('Unread');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.closest('.dropdown-menu')).not.toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    expect(bell).toHaveFocus();
  });

  it('leads an entry to the page its notification names (a receipt: the video), else to the list', async () => {
    const user = userEvent.setup();
    const receipt = makeNotification({
      type: 'delivery.opened',
      data: {
        title: 'Your message was opened',
        body: 'kin@example.com opened your message "Garden stories" on 12 March 2027 at 09:14.',
        kind: 'delivery.opened',
        link: '/user/profile/scheduled?video=7',
      },
    });
    const elsewhere = makeNotification({
      data: { title: 'Not ours', body: 'An outside link', kind: 'x', link: '//evil.example/x' },
    });
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([receipt, elsewhere]));
    render(renderWith(<NotificationBell area="user" />).wrapper);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await screen.findByRole('link', { name: /Your message was opened/ })).toHaveAttribute(
      'href',
      '/user/profile/scheduled?video=7',
    );
    expect(screen.getByRole('link', { name: /Not ours/ })).toHaveAttribute('href', '/user/notifications');
  });

  it("says 'No notification' when there is none, and the admin wording in the admin area", async () => {
    const user = userEvent.setup();
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([], 0));
    const first = render(renderWith(<NotificationBell area="user" />).wrapper);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('No notification')).toBeVisible();
    first.unmount();

    render(renderWith(<NotificationBell area="admin" />).wrapper);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('No notifications available')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/notifications');
  });

  it('polls, so a new delivery shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const items = [makeNotification({ read_at: new Date().toISOString() })];
    fakeNotificationServer(api, items);
    render(renderWith(<NotificationBell area="user" />).wrapper);
    await screen.findByRole('button', { name: 'Notifications, none unread' });

    items.unshift(makeNotification({ data: { title: 'Delivered', body: 'Your message was delivered' } }));
    await vi.advanceTimersByTimeAsync(BELL_POLL_MS + 100);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('takes its area from the signed-in role when none is given', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: 1,
        type: 'admin',
        email: 'a@b.c',
        first_name: 'A',
        last_name: 'B',
        photo_path: null,
      }),
    );
    localStorage.setItem('accessToken', 'token');
    api.on('GET', routeUrl(notificationRoutes.bell), () => bellOf([], 0));
    const user = userEvent.setup();
    render(renderWith(<NotificationBell />).wrapper);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/notifications');
  });
});
