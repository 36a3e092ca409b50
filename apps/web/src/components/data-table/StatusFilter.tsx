/** A list's own filter (status, user type…): '' is 'All' ('All user types', or `allLabel`). */
export function StatusFilter({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  /** For labels whose plural is not label + 's' (Status: 'All statuses'). */
  allLabel?: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{allLabel ?? `All ${label.toLowerCase()}s`}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
