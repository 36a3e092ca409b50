import type { PageMeta } from '@pw/contracts';
import { Pagination } from './Pagination';

/** "Showing 11 to 20 of 25" and the pages. */
export function ListFooter({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  if (!meta || meta.total === 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="small text-body-secondary mb-0">
        {meta.from === null ? `${meta.total} in all` : `Showing ${meta.from} to ${meta.to} of ${meta.total}`}
      </p>
      <Pagination meta={meta} onPage={onPage} />
    </div>
  );
}
