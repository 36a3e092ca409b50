import { STATUS_OPTIONS, type AccountArea } from '../model/account-areas';
import { useAccountStatusToggle } from './use-account-status-toggle';

/**
 * The status dropdown (docs/product.md §9.2) of a list row or a details page: shows the account's state;
 * choosing the other one asks first (docs/product.md §13.5, §13.8). It is controlled by the server's
 * answer, so it stays as it was until the change is confirmed and made, and when the admin says No.
 */
export function AccountStatusControl({
  area,
  id,
  name,
  active,
}: {
  area: AccountArea;
  id: number;
  /** Who the account is, for the control's name ("Status of Ada Lovelace"). */
  name: string;
  active: boolean;
}) {
  const toggle = useAccountStatusToggle(area);
  return (
    // Named by aria-label, not a visually hidden label: absolutely placed inside a table that
    // scrolls in its box, such a label escapes the box and widens the page at 360 px.
    <select
      aria-label={`Status of ${name}`}
      className={`form-select form-select-sm w-auto ${active ? 'text-success' : 'text-danger'}`}
      value={active ? '1' : '0'}
      onChange={(event) => {
        if ((event.target.value === '1') !== active) void toggle({ id, active, name });
      }}
    >
      {STATUS_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
