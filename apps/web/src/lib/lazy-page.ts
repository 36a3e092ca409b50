import type { ComponentType } from 'react';

/**
 * A route's `lazy` for one named component of a module: the page's code is fetched only when its route
 * matches, so each area and page brings its own chunk. Every feature's routes.tsx builds its pages with it.
 */
export const lazyPage =
  <M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await importer()) });
