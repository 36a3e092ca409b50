import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Contact Us, under the site layout, for visitors and signed-in accounts alike. */
export const contactRoutes: RouteObject[] = [
  {
    path: 'contact-us',
    lazy: lazyPage(
      () => import('./components/ContactUsPage'),
      (m) => m.ContactUsPage,
    ),
  },
];
