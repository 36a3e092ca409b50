import { EmptyState } from '@/components/EmptyState';
import { useTitle } from '@/lib/use-title';

/** /funeral and /funeral/user-requests: the requests users send to this home (the list comes later). */
export function UserRequestsPage() {
  useTitle('User Requests');
  return (
    <div className="container py-5">
      <h1>User Requests</h1>
      <p className="lead text-body-secondary">
        When a family sends you their funeral wishes or grants you access to a message, it appears here.
      </p>
      <div className="card">
        <EmptyState />
      </div>
    </div>
  );
}
