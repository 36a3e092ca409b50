import { notificationRoutes, routeUrl } from '@pw/contracts';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { HttpError, type FakeApi } from '@/test/handler-fake-api';
import type { BellData } from '../api/get-bell';
import type { NotificationItem, NotificationList } from '@pw/contracts';

let nextId = 1;
export function makeNotification(
  overrides: Partial<Omit<NotificationItem, 'data'>> & { data?: Partial<NotificationItem['data']> } = {},
): NotificationItem {
  const id = nextId++;
  return {
    id,
    type: 'test.notice',
    read_at: null,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
    created_at_human: `${id} minutes ago`,
    created_at_formatted: 'Nov 22, 2026 3:00 AM',
    ...overrides,
    data: { title: `Notice ${id}`, body: `Body of notice ${id}`, kind: 'test.notice', ...overrides.data },
  };
}

export function bellOf(notifications: NotificationItem[], count?: number): { data: BellData } {
  return {
    data: {
      notifications,
      count: count ?? notifications.filter((item) => item.read_at === null).length,
      bell: notifications.filter((item) => item.read_at === null),
    },
  };
}

export function pageOf(
  data: NotificationItem[],
  { page = 1, lastPage = 1, next = null }: { page?: number; lastPage?: number; next?: string | null } = {},
): NotificationList {
  return {
    data,
    meta: {
      current_page: page,
      last_page: lastPage,
      from: 1,
      to: data.length,
      total: data.length,
      per_page: 10,
    },
    links: { prev: null, next },
  };
}

export function renderWith(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const wrapper = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
  return { client, wrapper };
}

/**
 * A small stateful notifications server behind the fake fetch: list with status filter and paging
 * (absolute links.next, as Laravel writes it), bell, toggle, mark-all. `hold` lets a test keep the next
 * write pending; `fail` makes the next write fail.
 */
export function fakeNotificationServer(api: FakeApi, items: NotificationItem[]) {
  const state = { items, hold: null as Promise<unknown> | null, fail: false };
  const unread = () => state.items.filter((item) => item.read_at === null);
  const write = async (apply: () => void) => {
    const hold = state.hold;
    state.hold = null;
    if (hold) await hold;
    if (state.fail) {
      state.fail = false;
      throw new HttpError(500, { message: 'Server error' });
    }
    apply();
    return { message: 'OK' };
  };
  api.on('GET', routeUrl(notificationRoutes.bell), () => ({
    data: { notifications: state.items.slice(0, 5), count: unread().length, bell: unread().slice(0, 5) },
  }));
  api.on('GET', routeUrl(notificationRoutes.list), (url) => {
    const status = url.searchParams.get('status') ?? 'all';
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const filtered = state.items.filter((item) =>
      status === 'read' ? item.read_at !== null : status === 'unread' ? item.read_at === null : true,
    );
    const lastPage = Math.max(1, Math.ceil(filtered.length / perPage));
    const next =
      page < lastPage
        ? `${window.location.origin}${routeUrl(notificationRoutes.list)}?page=${page + 1}&per_page=${perPage}&status=${status}`
        : null;
    return {
      ...pageOf(filtered.slice((page - 1) * perPage, page * perPage), { page, lastPage, next }),
    };
  });
  api.on('POST', routeUrl(notificationRoutes.markAllRead), () =>
    write(() => {
      for (const item of state.items) item.read_at ??= new Date().toISOString();
    }),
  );
  for (const item of state.items) {
    api.on('POST', routeUrl(notificationRoutes.toggle, { id: item.id }), () =>
      write(() => {
        item.read_at = item.read_at === null ? new Date().toISOString() : null;
      }),
    );
  }
  return state;
}
