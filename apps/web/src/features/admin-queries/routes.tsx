import type { RouteObject } from 'react-router';

/** The admin's queries screens (spec 001 §2), under the admin layout, loaded lazily. */
export const adminQueriesRoutes: RouteObject[] = [
  {
    path: 'queries-management',
    lazy: async () => ({ Component: (await import('./components/QueriesPage')).QueriesPage }),
  },
  {
    path: 'queries-management/details/:id',
    lazy: async () => ({ Component: (await import('./components/QueryDetailsPage')).QueryDetailsPage }),
  },
];
