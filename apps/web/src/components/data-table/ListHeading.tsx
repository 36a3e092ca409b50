import { Link } from 'react-router';

/** A list page's title with the one link it leads on to (New Plan, Manage Subscription Plan…) beside it. */
export function ListHeading({ title, to, action }: { title: string; to: string; action: string }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h2 mb-0">{title}</h1>
      <Link to={to} className="btn btn-primary">
        {action}
      </Link>
    </div>
  );
}
