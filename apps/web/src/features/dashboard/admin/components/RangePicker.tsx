import { useId } from 'react';
import { GROUPINGS, RANGE_PRESETS, type RangeChoice, type RangePreset } from '../api/range';
import type { DashboardGrouping } from '@pw/contracts';

/** The charts' range (last 7 / 30 days, last 12 months, or From–To) and grouping (day, week, month). */
export function RangePicker({
  choice,
  error,
  onChange,
}: {
  choice: RangeChoice;
  error: string | null;
  onChange: (change: {
    range?: RangePreset;
    group_by?: DashboardGrouping;
    from_date?: string;
    to_date?: string;
  }) => void;
}) {
  const errorId = useId();
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const day = (
    text: string,
    value: string,
    limits: { min?: string; max?: string },
    key: 'from_date' | 'to_date',
  ) => (
    <label className="d-flex flex-column gap-1 mb-0">
      <span className="small fw-semibold">{text}</span>
      <input
        type="date"
        className="form-control form-control-sm"
        value={value}
        {...limits}
        required
        {...invalid}
        onChange={(event) => event.target.value && onChange({ [key]: event.target.value })}
      />
    </label>
  );
  return (
    <div className="card card-body mb-4">
      <div className="d-flex flex-wrap align-items-end gap-3" role="group" aria-label="What the charts show">
        <label className="d-flex flex-column gap-1 mb-0">
          <span className="small fw-semibold">Range</span>
          <select
            className="form-select form-select-sm"
            value={choice.preset}
            onChange={(event) => {
              const range = event.target.value as RangePreset;
              const preset = RANGE_PRESETS.find((p) => p.value === range)!;
              onChange(
                range === 'custom'
                  ? { range, group_by: choice.groupBy, from_date: choice.from, to_date: choice.to }
                  : { range, group_by: preset.groupBy },
              );
            }}
          >
            {RANGE_PRESETS.map((preset) => (
              <option key={preset.value} value={preset.value}>
                {preset.label}
              </option>
            ))}
          </select>
        </label>
        {choice.preset === 'custom' && (
          <>
            {day('From', choice.from, { max: choice.to || undefined }, 'from_date')}
            {day('To', choice.to, { min: choice.from || undefined }, 'to_date')}
          </>
        )}
        <label className="d-flex flex-column gap-1 mb-0">
          <span className="small fw-semibold">Group by</span>
          <select
            className="form-select form-select-sm"
            value={choice.groupBy}
            onChange={(event) => onChange({ group_by: event.target.value as DashboardGrouping })}
          >
            {GROUPINGS.map((grouping) => (
              <option key={grouping.value} value={grouping.value}>
                {grouping.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
