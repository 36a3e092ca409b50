import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const plansPages = () => import('./components/SubscriptionPlansPage');

export const userPlansRoutes: RouteObject[] = [
  { path: 'subscription-plans', lazy: lazyPage(plansPages, (m) => m.UserSubscriptionPlansPage) },
];
