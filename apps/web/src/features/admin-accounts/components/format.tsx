import type { CellContext } from '@tanstack/react-table';

/** A running plan's title, or the spec's word for an account without one (spec 001 §9 filters). */
export function SubscriptionCell({ title }: { title: string | null }) {
  return title ? (
    <span className="text-break">{title}</span>
  ) : (
    <span className="text-body-secondary">Un-subscriber</span>
  );
}

/** A text cell that wraps long names and addresses instead of widening the table. */
export const textCell = <T,>(info: CellContext<T, string>) => (
  <span className="text-break">{info.getValue()}</span>
);

export const fullName = (account: { first_name: string; last_name: string }) =>
  `${account.first_name} ${account.last_name}`.trim();
