import { useId } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import bellIcon from 'bootstrap-icons/icons/bell.svg?raw';
import { Icon } from '@/components/Icon';
import { FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { useBell } from '../api/get-bell';
import { AREA_OF_ROLE, NOTIFICATION_AREAS, type NotificationArea } from '../model/areas';
import { badgeText, bellLabel, entryLink, fullDate, timeAgo } from '../model/format';
import { Loading } from '@/components/Loading';
import './notifications.scss';

/**
 * The signed-in header's bell (docs/product.md §10.1, §13.3): unread badge capped at '9+', a dropdown with the
 * recent notifications (each leading to its page, if it names one) and a 'View All' link to the role's notifications page. It polls, so a delivery
 * made while the page is open shows without a reload. Keyboard: Enter/Space/ArrowDown open the menu,
 * arrows move between entries, Escape closes it and returns focus to the bell.
 */
export function NotificationBell({ area }: { area?: NotificationArea }) {
  const user = useSessionUser();
  const resolved = area ?? (user ? AREA_OF_ROLE[user.type] : undefined);
  const bell = useBell(Boolean(resolved));
  const headingId = useId();
  if (!resolved) return null;

  const { path, emptyText } = NOTIFICATION_AREAS[resolved];
  const count = bell.data?.count ?? 0;
  const badge = badgeText(count);
  const items = bell.data?.notifications ?? [];

  return (
    <Dropdown
      align="end"
      className="notification-bell"
      onToggle={(open) => {
        if (open) void bell.refetch();
      }}
    >
      <Dropdown.Toggle variant="link" className="notification-bell__toggle" title="Notifications">
        <Icon svg={bellIcon} />
        {/* The name carries the real count; the drawn badge is capped (and not a label). */}
        <span className="visually-hidden">{bellLabel(count)}</span>
        {badge && (
          <span className="notification-bell__badge" aria-hidden="true" data-testid="notification-badge">
            {badge}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-bell__menu" aria-labelledby={headingId}>
        <div className="notification-bell__header">
          <h2 className="h6 mb-0" id={headingId}>
            Notifications
          </h2>
          {count > 0 && <span className="small text-body-secondary">{count} unread</span>}
        </div>
        {bell.isPending ? (
          <Loading className="py-3" label="Loading notifications…" />
        ) : bell.isError && items.length === 0 ? (
          <p className="px-3 py-2 mb-0 text-body-secondary">{FETCH_FAILED_MESSAGE}</p>
        ) : items.length === 0 ? (
          <p className="px-3 py-2 mb-0 text-body-secondary">{emptyText}</p>
        ) : (
          <ul className="notification-bell__list list-unstyled mb-0">
            {items.map((item) => {
              const unread = item.read_at === null;
              return (
                <li key={item.id}>
                  <Dropdown.Item
                    as={Link}
                    to={entryLink(item, path)}
                    className={`notification-bell__item${unread ? ' is-unread' : ''}`}
                  >
                    <span className="notification-dot" aria-hidden="true" />
                    <span className="notification-bell__text">
                      <span className="notification-bell__title">
                        {unread && <span className="visually-hidden">Unread:</span>} {item.data.title}
                      </span>{' '}
                      <span className="notification-bell__body">{item.data.body}</span>{' '}
                      <time
                        className="notification-bell__time"
                        dateTime={item.created_at}
                        title={fullDate(item)}
                      >
                        {timeAgo(item)}
                      </time>
                    </span>
                  </Dropdown.Item>
                </li>
              );
            })}
          </ul>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={path} className="text-center fw-semibold text-primary">
          View All
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
