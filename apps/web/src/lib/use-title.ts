import { useEffect } from 'react';

/** Page titles read 'Parting Words | Login' (docs/product.md §13.3: product name, a separator, then the page). */
export function useTitle(page: string) {
  useEffect(() => {
    document.title = page ? `Parting Words | ${page}` : 'Parting Words';
  }, [page]);
}
