import { PER_PAGE_OPTIONS } from '@pw/contracts';

/** docs/product.md §13.7: 10, 25, 50 or All (999); changing it goes back to page 1 (useListState). */
export function PerPageSelect({ value, onChange }: { value: number; onChange: (perPage: number) => void }) {
  return (
    <label className="d-inline-flex align-items-center gap-2 mb-0">
      <span className="text-nowrap">Show</span>
      <select
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-label="Rows per page"
      >
        {PER_PAGE_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option === 999 ? 'All' : option}
          </option>
        ))}
      </select>
    </label>
  );
}
