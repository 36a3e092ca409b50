import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useBell } from '../api/get-bell';
import { useNotifications } from '../api/get-notifications';
import { notificationKeys } from '@/lib/query-keys';
import { useMarkAllRead } from '../api/mark-all-read';
import { useToggleNotification } from '../api/toggle-notification';
import type { NotificationStatus } from '@pw/contracts';
import { NOTIFICATION_AREAS, type NotificationArea } from '../model/areas';
import { NotificationRow } from './NotificationRow';
import { Loading } from '@/components/Loading';
import './notifications.scss';
import type { NotificationItem } from '@pw/contracts';
import { NOTIFICATION_MESSAGES } from '@pw/contracts';

/** docs/product.md §13.7: the filter reads All, Read, Unread. */
const FILTERS: { value: NotificationStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'read', label: 'Read' },
  { value: 'unread', label: 'Unread' },
];

const isStatus = (value: string | null): value is NotificationStatus =>
  value === 'all' || value === 'read' || value === 'unread';

/**
 * /user/notifications, /funeral/notifications and /admin/notifications: one page, the role's area
 * decides the wording. The filter lives in the address (?status=unread) so reload and Back keep it.
 */
export function NotificationsPage({ area }: { area: NotificationArea }) {
  useTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: NotificationStatus = isStatus(raw) ? raw : 'all';
  const list = useNotifications(status);
  const bell = useBell();
  const toggle = useToggleNotification();
  const markAll = useMarkAllRead();
  const client = useQueryClient();
  const filterName = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** What the last action did, for screen readers (a polite live region). */
  const [announcement, setAnnouncement] = useState('');

  // The bell polls; when it brings a newer notification, the page shows it too.
  const newest = bell.data?.notifications[0]?.id;
  const seenNewest = useRef(newest);
  useEffect(() => {
    if (newest === undefined) return;
    if (seenNewest.current !== undefined && String(seenNewest.current) !== String(newest)) {
      void client.invalidateQueries({ queryKey: notificationKeys.lists() });
    }
    seenNewest.current = newest;
  }, [newest, client]);

  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const nothingUnread = bell.data?.count === 0;
  const { emptyText } = NOTIFICATION_AREAS[area];

  const markAllRead = () => {
    // aria-disabled rather than disabled: a button that disables itself would drop keyboard focus.
    if (nothingUnread) return;
    markAll.mutate();
    setAnnouncement(NOTIFICATION_MESSAGES.allRead);
  };

  const toggleItem = (item: NotificationItem) => {
    toggle.mutate(item.id);
    setAnnouncement(`Marked as ${item.read_at === null ? 'read' : 'unread'}: ${item.data.title}`);
  };

  /** Load More, then take keyboard focus to the first notification it brought (once it is drawn). */
  const focusIndex = useRef<number | null>(null);
  const loadMore = () => {
    focusIndex.current = items.length;
    void list.fetchNextPage();
  };
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('[data-testid="notification-item"]')[index]?.focus();
  }, [items.length]);

  const setStatus = (next: NotificationStatus) => {
    const copy = new URLSearchParams(params);
    if (next === 'all') copy.delete('status');
    else copy.set('status', next);
    setParams(copy, { replace: true });
  };

  return (
    // The admin frame already pads its main region; the site areas need the usual container.
    <div className={area === 'admin' ? 'notifications-page' : 'notifications-page container py-4'}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 className="h3 mb-0">Notifications</h1>
        <button
          type="button"
          className={`btn btn-primary${nothingUnread ? ' disabled' : ''}`}
          onClick={markAllRead}
          aria-disabled={nothingUnread}
        >
          Mark All As Read
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <fieldset className="mb-3">
        <legend className="visually-hidden">Show notifications</legend>
        <div className="btn-group notifications-filter" role="group">
          {FILTERS.map((filter) => {
            const id = `${filterName}-${filter.value}`;
            return (
              <Fragment key={filter.value}>
                <input
                  type="radio"
                  className="btn-check"
                  name={filterName}
                  id={id}
                  value={filter.value}
                  checked={status === filter.value}
                  onChange={() => setStatus(filter.value)}
                />
                <label className="btn btn-outline-primary" htmlFor={id}>
                  {filter.label}
                </label>
              </Fragment>
            );
          })}
        </div>
      </fieldset>

      {list.isPending ? (
        <Loading label="Loading notifications…" />
      ) : list.isError && items.length === 0 ? (
        <div className="notifications-empty" role="alert">
          <p className="mb-2">{FETCH_FAILED_MESSAGE}</p>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => void list.refetch()}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="notifications-empty">{emptyText}</p>
      ) : (
        <>
          <ul ref={listRef} className="notifications-list list-unstyled mb-0" aria-label="Notifications">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onToggle={toggleItem} />
            ))}
          </ul>
          {list.isFetchNextPageError && (
            <p className="text-danger mt-3 mb-0" role="alert">
              {FETCH_FAILED_MESSAGE}
            </p>
          )}
          {list.hasNextPage && (
            <div className="text-center mt-3">
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={loadMore}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    Loading…
                  </>
                ) : (
                  'Load More'
                )}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function UserNotificationsPage() {
  return <NotificationsPage area="user" />;
}
export function FuneralNotificationsPage() {
  return <NotificationsPage area="funeral" />;
}
export function AdminNotificationsPage() {
  return <NotificationsPage area="admin" />;
}
