import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const grantPage = () => import('./components/GrantAccessPage');
const formPage = () => import('./components/FuneralFormPage');

/** The chain of consent, user side (docs/product.md §13.3): Grant access, then the Funeral Home Form. */
export const grantAccessRoutes: RouteObject[] = [
  { path: 'access-code/form', lazy: lazyPage(grantPage, (m) => m.GrantAccessPage) },
  { path: 'access-code/form/request', lazy: lazyPage(formPage, (m) => m.FuneralFormPage) },
];
