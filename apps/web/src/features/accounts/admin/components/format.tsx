import type { CellContext } from '@tanstack/react-table';
import { EmailAddress } from '@/components/EmailAddress';

/** A running plan's title, or the contract's word for an account without one (docs/product.md §13.7 filters). */
export function SubscriptionCell({ title }: { title: string | null }) {
  return title ? (
    <span className="wrap-words">{title}</span>
  ) : (
    <span className="text-body-secondary">Un-subscriber</span>
  );
}

/** A text cell that wraps long names between words instead of widening the table. */
export const textCell = <T,>(info: CellContext<T, string>) => (
  <span className="wrap-words">{info.getValue()}</span>
);

/** An e-mail cell: wraps at its '@' and dots, never inside a word. */
export const emailCell = <T,>(info: CellContext<T, string>) => <EmailAddress email={info.getValue()} />;

export const fullName = (account: { first_name: string; last_name: string }) =>
  `${account.first_name} ${account.last_name}`.trim();
