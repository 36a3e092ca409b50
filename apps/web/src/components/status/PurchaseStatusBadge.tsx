/**
 * A purchase is Active while its plan runs, Expired after (docs/product.md §13.5): the admin's purchase logs, the
 * user's subscription log and the funeral home's history show it alike.
 */
export function PurchaseStatusBadge({ status }: { status: 'Active' | 'Expired' }) {
  return (
    <span className={`badge ${status === 'Active' ? 'text-bg-success' : 'text-bg-secondary'}`}>{status}</span>
  );
}
