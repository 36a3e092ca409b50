import { reportStates, type AdminLegacyItem, type ReporterKind, type ReportState } from '@pw/contracts';

/** Where an owner's name leads: their details in User Management (docs/product.md §9). */
export const ownerDetailsPath = (id: number) => `/admin/user-management/details/${id}`;

const STATE_LABELS: Record<ReportState, string> = {
  waiting: 'Waiting',
  cancelled: 'Cancelled',
  halted: 'Halted',
  released: 'Released',
};

const STATE_BADGES: Record<ReportState, string> = {
  waiting: 'text-bg-warning',
  cancelled: 'text-bg-secondary',
  halted: 'text-bg-danger',
  released: 'text-bg-success',
};

export const STATE_OPTIONS = reportStates.map((value) => ({ value, label: STATE_LABELS[value] }));

const KIND_LABELS: Record<ReporterKind, string> = {
  'code-holder': 'Access-code holder',
  'trusted-contact': 'Trusted contact',
  'funeral-home': 'Funeral home',
  'check-in': 'Unanswered check-ins',
};

export const reporterKindLabel = (kind: ReporterKind) => KIND_LABELS[kind] ?? kind;

export const ownerName = (item: AdminLegacyItem) =>
  `${item.owner.first_name} ${item.owner.last_name}`.trim() || item.owner.email;

/** A report's state as a coloured badge: waiting (yellow), cancelled (grey), halted (red), released (green). */
export function ReportStateBadge({ state }: { state: ReportState }) {
  return <span className={`badge ${STATE_BADGES[state]}`}>{STATE_LABELS[state]}</span>;
}
