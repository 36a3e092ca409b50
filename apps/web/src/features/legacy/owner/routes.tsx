import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const card = () => import('./components/LegacyReleaseCard');

/**
 * The profile details' section 'Release of my final message' (docs/product.md §6): the router hands it to the
 * profile page as a child route, drawn under the details, so the profile feature does not import this one.
 */
export const legacyProfileSectionRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(card, (m) => m.LegacyReleaseCard) },
];
