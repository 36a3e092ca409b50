import type { RouteObject } from 'react-router';
import { planKinds } from '@pw/contracts';
import { lazyPage } from '@/lib/lazy-page';
import { PLAN_AREAS, type PlanArea } from './model/plan-areas';

/** The four screens of one plan area (docs/product.md §9.3), the same components told which kind they show. */
function planAreaRoutes(area: PlanArea): RouteObject[] {
  const plans = `${area.base.replace('/admin/', '')}/plans`;
  return [
    {
      path: plans,
      lazy: lazyPage(
        () => import('./components/PlanListPage'),
        (m) => () => <m.PlanListPage area={area} />,
      ),
    },
    {
      path: `${plans}/new`,
      lazy: lazyPage(
        () => import('./components/PlanFormPage'),
        (m) => () => <m.NewPlanPage area={area} />,
      ),
    },
    {
      path: `${plans}/details/:id`,
      lazy: lazyPage(
        () => import('./components/PlanDetailsPage'),
        (m) => () => <m.PlanDetailsPage area={area} />,
      ),
    },
    {
      path: `${plans}/details/:id/edit`,
      lazy: lazyPage(
        () => import('./components/PlanFormPage'),
        (m) => () => <m.EditPlanPage area={area} />,
      ),
    },
  ];
}

/** The admin's plan screens of every kind and the one-time purchase rate, under the admin layout. */
export const adminPlansRoutes: RouteObject[] = [
  ...planKinds.flatMap((kind) => planAreaRoutes(PLAN_AREAS[kind])),
  {
    path: 'otpurchase-management',
    lazy: lazyPage(
      () => import('./components/OneTimeRatePage'),
      (m) => m.OneTimeRatePage,
    ),
  },
];
