import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const contactPages = () => import('./components/ContactLinkPage');
const alivePages = () => import('./components/AliveLinkPage');

/**
 * The pages behind the legacy release's e-mailed links (docs/product.md §6), open without an account: a trusted
 * contact's role page and the owner's "I'm alive" page. Each GET only shows; only their buttons act.
 */
export const legacyLinkRoutes: RouteObject[] = [
  { path: 'legacy/contact/:token', lazy: lazyPage(contactPages, (m) => m.ContactLinkPage) },
  { path: 'legacy/alive/:token', lazy: lazyPage(alivePages, (m) => m.AliveLinkPage) },
];
