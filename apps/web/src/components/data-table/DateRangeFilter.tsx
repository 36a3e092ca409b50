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
      <label className="d-inline-flex align-items-center gap-2 mb-0">
        {named('From')}
        <input
          type="date"
          className="form-control form-control-sm"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange(keys[0], event.target.value)}
        />
      </label>
      <label className="d-inline-flex align-items-center gap-2 mb-0">
        {named('To')}
        <input
          type="date"
          className="form-control form-control-sm"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange(keys[1], event.target.value)}
        />
      </label>
    </div>
  );
}
