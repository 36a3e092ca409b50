import type { PageMeta } from '@pw/contracts';

/** docs/product.md §13.7: two pages either side of the current one, with previous and next. */
export function pageWindow(current: number, last: number, spread = 2): number[] {
  const start = Math.max(1, Math.min(current, last) - spread);
  const end = Math.min(last, Math.max(current, 1) + spread);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}

export function Pagination({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  if (meta.last_page <= 1 && meta.current_page <= 1) return null;
  const current = meta.current_page;
  const item = (page: number, label: string, disabled: boolean, aria?: string) => (
    <li key={`${label}-${page}`} className={`page-item${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        onClick={() => onPage(page)}
        disabled={disabled}
        aria-label={aria}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label="Pagination">
      <ul className="pagination pagination-sm flex-wrap mb-0">
        {item(current - 1, '‹', current <= 1, 'Previous page')}
        {pageWindow(current, meta.last_page).map((page) =>
          page === current ? (
            <li key={page} className="page-item active" aria-current="page">
              <span className="page-link">{page}</span>
            </li>
          ) : (
            item(page, String(page), false, `Page ${page}`)
          ),
        )}
        {item(current + 1, '›', current >= meta.last_page, 'Next page')}
      </ul>
    </nav>
  );
}
