/** From/To day filters (inclusive); To may not be before From. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (key: 'from_date' | 'to_date', value: string) => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <label className="d-inline-flex align-items-center gap-2 mb-0">
        <span>From</span>
        <input
          type="date"
          className="form-control form-control-sm"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange('from_date', event.target.value)}
        />
      </label>
      <label className="d-inline-flex align-items-center gap-2 mb-0">
        <span>To</span>
        <input
          type="date"
          className="form-control form-control-sm"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange('to_date', event.target.value)}
        />
      </label>
    </div>
  );
}
