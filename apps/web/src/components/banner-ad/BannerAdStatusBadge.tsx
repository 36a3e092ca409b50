import type { BannerAdStatus } from '@pw/contracts';

const LOOKS: Record<BannerAdStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'text-bg-warning' },
  approved: { label: 'Approved', className: 'text-bg-success' },
  rejected: { label: 'Rejected', className: 'text-bg-danger' },
};

/**
 * A banner ad request's state (docs/product.md §13.5: pending, approved, rejected), the same for its requester and
 * the back office; a paid ad within its plan's dates also reads 'Live'.
 */
export function BannerAdStatusBadge({ status, live = false }: { status: string; live?: boolean }) {
  const look = LOOKS[status.toLowerCase() as BannerAdStatus] ?? {
    label: status,
    className: 'text-bg-secondary',
  };
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      <span className={`badge ${look.className}`}>{look.label}</span>
      {live && <span className="badge text-bg-primary">Live</span>}
    </span>
  );
}
