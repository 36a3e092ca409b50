import { fullDate, timeAgo } from '../model/format';
import type { NotificationItem } from '@pw/contracts';

/** One row of the notifications page with its own 'Mark As Read' / 'Mark As Unread' toggle. */
export function NotificationRow({
  item,
  onToggle,
}: {
  item: NotificationItem;
  onToggle: (item: NotificationItem) => void;
}) {
  const unread = item.read_at === null;
  const action = unread ? 'Mark As Read' : 'Mark As Unread';
  return (
    // Focusable from script only: Load More takes focus to the first item it brought.
    <li
      className={`notification-item${unread ? ' is-unread' : ''}`}
      data-testid="notification-item"
      tabIndex={-1}
    >
      <span className="notification-dot mt-2" aria-hidden="true" />
      <div className="notification-item__text">
        <h2 className="notification-item__title">
          {unread && <span className="visually-hidden">Unread:</span>} {item.data.title}
        </h2>
        <p className="notification-item__body">{item.data.body}</p>
        <time className="notification-item__time" dateTime={item.created_at} title={fullDate(item)}>
          {timeAgo(item)}
        </time>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary notification-item__toggle"
        aria-label={`${action}: ${item.data.title}`}
        onClick={() => onToggle(item)}
      >
        {action}
      </button>
    </li>
  );
}
