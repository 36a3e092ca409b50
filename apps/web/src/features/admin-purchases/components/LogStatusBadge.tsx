/** A purchase is Active while its plan runs, Expired after (spec 000 §4). */
export function LogStatusBadge({ status }: { status: 'Active' | 'Expired' }) {
  return (
    <span className={`badge ${status === 'Active' ? 'text-bg-success' : 'text-bg-secondary'}`}>{status}</span>
  );
}
