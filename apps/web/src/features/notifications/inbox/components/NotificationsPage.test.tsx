import { notificationRoutes, routeUrl } from '@pw/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, installFakeApi, type FakeApi } from '@/test/handler-fake-api';
import { fakeNotificationServer, makeNotification, renderWith } from './fake-notification-server';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from './NotificationsPage';
import type { NotificationItem } from '@pw/contracts';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const read = () => new Date().toISOString();

function seed(count: number, readEvery = 0): NotificationItem[] {
  return Array.from({ length: count }, (_, index) =>
    makeNotification({ read_at: readEvery && index % readEvery === 0 ? read() : null }),
  );
}

function renderPage(area: 'user' | 'funeral' | 'admin' = 'user', path = `/${area}/notifications`) {
  const result = renderWith(
    <>
      <NotificationBell area={area} />
      <NotificationsPage area={area} />
    </>,
    { path },
  );
  render(result.wrapper);
  return result;
}

const badge = () => screen.queryByTestId('notification-badge');
const listCalls = () => api.calls.filter((call) => call.url.pathname === routeUrl(notificationRoutes.list));

describe('NotificationsPage', () => {
  it('lists notifications with unread ones marked', async () => {
    const items = [
      makeNotification({ data: { title: 'Payment made', body: 'Thank you' } }),
      makeNotification({ read_at: read(), data: { title: 'Plan expiring', body: 'In 3 days' } }),
    ];
    fakeNotificationServer(api, items);
    renderPage();
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('heading')).toHaveTextContent('Unread: Payment made');
    expect(within(rows[0]!).getByRole('button', { name: 'Mark As Read: Payment made' })).toBeVisible();
    expect(within(rows[1]!).getByRole('heading')).not.toHaveTextContent('Unread');
    expect(within(rows[1]!).getByRole('button', { name: 'Mark As Unread: Plan expiring' })).toBeVisible();
    const first = listCalls()[0]!.url.searchParams;
    expect([first.get('page'), first.get('per_page'), first.get('status')]).toEqual(['1', '10', 'all']);
    expect(first.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('updates the badge and the row at once when one is toggled, then settles with the server', async () => {
    const user = userEvent.setup();
    const items = seed(3);
    const server = fakeNotificationServer(api, items);
    renderPage();
    await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(badge()).toHaveTextContent('3'));

    const hold = deferred();
    server.hold = hold.promise;
    await user.click(screen.getByRole('button', { name: `Mark As Read: ${items[0]!.data.title}` }));
    // Before the server has answered:
    expect(badge()).toHaveTextContent('2');
    expect(screen.getByText(`Marked as read: ${items[0]!.data.title}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Mark As Unread: ${items[0]!.data.title}` })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    hold.resolve(undefined);
    await waitFor(() => expect(items[0]!.read_at).not.toBeNull());
    expect(
      api.calls.some(
        (c) =>
          c.method === 'POST' && c.url.pathname === routeUrl(notificationRoutes.toggle, { id: items[0]!.id }),
      ),
    ).toBe(true);
    await waitFor(() => expect(badge()).toHaveTextContent('2'));

    // And back again: unread raises the count.
    await user.click(screen.getByRole('button', { name: `Mark As Unread: ${items[0]!.data.title}` }));
    expect(badge()).toHaveTextContent('3');
    await waitFor(() => expect(items[0]!.read_at).toBeNull());
  });

  it('puts the change back when the server refuses it, and only logs the failure', async () => {
    const user = userEvent.setup();
    const items = seed(2);
    const server = fakeNotificationServer(api, items);
    renderPage();
    await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(badge()).toHaveTextContent('2'));

    const hold = deferred();
    server.hold = hold.promise;
    server.fail = true;
    await user.click(screen.getByRole('button', { name: `Mark As Read: ${items[1]!.data.title}` }));
    expect(badge()).toHaveTextContent('1');
    hold.resolve(undefined);

    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    expect(screen.getByRole('button', { name: `Mark As Read: ${items[1]!.data.title}` })).toBeVisible();
    expect(console.error).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Mark All As Read clears the badge at once and every row reads as read', async () => {
    const user = userEvent.setup();
    const items = seed(12, 3);
    const server = fakeNotificationServer(api, items);
    renderPage();
    await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(badge()).toHaveTextContent('8'));

    const hold = deferred();
    server.hold = hold.promise;
    await user.click(screen.getByRole('button', { name: 'Mark All As Read' }));
    expect(badge()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^Mark As Read:/ })).toHaveLength(0);

    hold.resolve(undefined);
    await waitFor(() => expect(items.every((item) => item.read_at !== null)).toBe(true));
    const markAll = screen.getByRole('button', { name: 'Mark All As Read' });
    await waitFor(() => expect(markAll).toHaveAttribute('aria-disabled', 'true'));
    // Still focusable (it was just pressed), and pressing it again sends nothing.
    expect(markAll).toHaveFocus();
    const posts = api.calls.filter((call) => call.method === 'POST').length;
    await user.keyboard('{Enter}');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(posts);
    expect(screen.getByText('All notifications marked as read.')).toBeInTheDocument();
    expect(badge()).not.toBeInTheDocument();
  });

  it('Mark All As Read rolls back when it fails', async () => {
    const user = userEvent.setup();
    const items = seed(4);
    const server = fakeNotificationServer(api, items);
    renderPage();
    await waitFor(() => expect(badge()).toHaveTextContent('4'));
    server.fail = true;
    await user.click(screen.getByRole('button', { name: 'Mark All As Read' }));
    await waitFor(() => expect(badge()).toHaveTextContent('4'));
    expect(screen.getAllByRole('button', { name: /^Mark As Read:/ })).toHaveLength(4);
    expect(console.error).toHaveBeenCalled();
  });

  it('refetches with the chosen filter and keeps it in the address', async () => {
    const user = userEvent.setup();
    const items = [
      makeNotification({ data: { title: 'Unread one', body: '' } }),
      makeNotification({ read_at: read(), data: { title: 'Read one', body: '' } }),
    ];
    fakeNotificationServer(api, items);
    renderPage();
    await screen.findAllByTestId('notification-item');

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('status')).toBe('unread'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: /Unread one/ })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Read' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('status')).toBe('read'));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Read one/ })).toBeVisible());
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Read' })).toBeChecked();
  });

  it('after a toggle, another filter shows fresh data when opened', async () => {
    const user = userEvent.setup();
    const items = seed(2);
    fakeNotificationServer(api, items);
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findAllByTestId('notification-item');
    await user.click(screen.getByRole('button', { name: `Mark As Read: ${items[0]!.data.title}` }));
    await waitFor(() => expect(items[0]!.read_at).not.toBeNull());

    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
  });

  it('Load More follows links.next until the last page', async () => {
    const user = userEvent.setup();
    fakeNotificationServer(api, seed(23));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    expect(listCalls().at(-1)!.url.search).toBe('?page=2&per_page=10&status=all');
    // Keyboard focus goes to the first notification the press brought.
    await waitFor(() => expect(screen.getAllByTestId('notification-item')[10]).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows the empty text of each area', async () => {
    fakeNotificationServer(api, []);
    renderPage('funeral');
    expect(await screen.findByText('No notification', { selector: 'p.notifications-empty' })).toBeVisible();
  });

  it("shows 'No notifications available' in the admin area", async () => {
    fakeNotificationServer(api, []);
    renderPage('admin');
    expect(
      await screen.findByText('No notifications available', { selector: 'p.notifications-empty' }),
    ).toBeVisible();
  });

  it("shows 'Unable to fetch data' when the list fails, and a spinner while loading", async () => {
    const gate = deferred();
    api.on('GET', routeUrl(notificationRoutes.bell), () => ({
      data: { notifications: [], count: 0, bell: [] },
    }));
    api.on('GET', routeUrl(notificationRoutes.list), async () => {
      await gate.promise;
      return { message: 'never' };
    });
    renderPage();
    expect(await screen.findByText('Loading notifications…')).toBeInTheDocument();
    gate.reject(new Error('boom'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch data');
  });
});
