import { useId } from 'react';
import { STATUS_OPTIONS } from '../model/account-areas';

/**
 * The Status cell (spec 001 §2 "status dropdown"): shows the account's state; choosing the other one
 * asks first (the parent's `onToggle`). It is controlled by the server's answer, so it stays as it
 * was until the change is confirmed and made, and goes back when the admin says No.
 */
export function AccountStatusSelect({
  name,
  active,
  onToggle,
}: {
  /** Who the account is, for the control's name ("Status of Ada Lovelace"). */
  name: string;
  active: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {`Status of ${name}`}
      </label>
      <select
        id={id}
        className={`form-select form-select-sm w-auto ${active ? 'text-success' : 'text-danger'}`}
        value={active ? '1' : '0'}
        onChange={(event) => {
          if ((event.target.value === '1') !== active) onToggle();
        }}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
