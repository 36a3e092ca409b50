/**
 * A purchase is Active while its plan runs, Expired after (spec 000 §4): the admin's purchase logs, the
 * user's subscription log and the funeral home's history show it alike.
 */
export function PurchaseStatusBadge({ status }: { status: 'Active' | 'Expired' }) {
  return (
    <span className={`badge ${status === 'Active' ? 'text-bg-success' : 'text-bg-secondary'}`}>{status}</span>
  );
}
