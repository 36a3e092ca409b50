import type { ReactNode } from 'react';

/** docs/product.md §13.5: empty tables and lists read 'No data found :('. */
export function EmptyState({ text = 'No data found :(', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="empty-state text-center py-5">
      <p className="h5 text-body-secondary mb-3">{text}</p>
      {children}
    </div>
  );
}
