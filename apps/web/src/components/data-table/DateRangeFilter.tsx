/**
 * From/To day filters (inclusive); To may not be before From. A list with two ranges (docs/product.md §13.7:
 * Purchase Date and Expiry Date) names each with `label` and its own URL `keys`; the label shows
 * before the pair and is part of each field's name ('Expiry Date From'), so the two pairs differ.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  label,
  keys = ['from_date', 'to_date'],
}: {
  from: string;
  to: string;
  onChange: (key: string, value: string) => void;
  label?: string;
  keys?: readonly [from: string, to: string];
}) {
  const named = (text: string) =>
    label ? (
      <span>
        <span className="visually-hidden">{label} </span>
        {text}
      </span>
    ) : (
      <span>{text}</span>
    );
  const day = (text: string, value: string, limits: { min?: string; max?: string }, key: string) => (
    <label className="d-inline-flex align-items-center gap-2 mb-0">
      {named(text)}
      <input
        type="date"
        className="form-control form-control-sm"
        value={value}
        {...limits}
        onChange={(event) => onChange(key, event.target.value)}
      />
    </label>
  );
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2"
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      {label && (
        <span className="small fw-semibold text-nowrap" aria-hidden="true">
          {label}
        </span>
      )}
      {day('From', from, { max: to || undefined }, keys[0])}
      {day('To', to, { min: from || undefined }, keys[1])}
    </div>
  );
}
