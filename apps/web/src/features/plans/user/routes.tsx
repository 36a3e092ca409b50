import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const plansPages = () => import('./components/SubscriptionPlansPage');
const detailsPages = () => import('./components/PlanDetailsPage');
const paymentPages = () => import('./components/PlanPaymentPage');
const logsPages = () => import('./components/SubscriptionLogsPage');

/**
 * The user's plan screens (docs/product.md §13.3): the plans page and the logs, each with the same plan-details
 * and payment screens under it; the renew page; and the profile's payment and renew routes.
 */
export const userPlansRoutes: RouteObject[] = [
  { path: 'subscription-plans', lazy: lazyPage(plansPages, (m) => m.UserSubscriptionPlansPage) },
  {
    path: 'subscription-plans/plan-details',
    lazy: lazyPage(detailsPages, (m) => m.PlansFlowDetailsPage),
  },
  {
    path: 'subscription-plans/plan-details/payment',
    lazy: lazyPage(paymentPages, (m) => m.PlansFlowPaymentPage),
  },
  { path: 'subscription-logs', lazy: lazyPage(logsPages, (m) => m.SubscriptionLogsPage) },
  {
    path: 'subscription-logs/plan-details',
    lazy: lazyPage(detailsPages, (m) => m.LogsFlowDetailsPage),
  },
  {
    path: 'subscription-logs/plan-details/payment',
    lazy: lazyPage(paymentPages, (m) => m.LogsFlowPaymentPage),
  },
  {
    path: 'subscription-logs/renew',
    lazy: lazyPage(paymentPages, (m) => m.RenewPaymentPage),
  },
  {
    path: 'profile/payment',
    lazy: lazyPage(paymentPages, (m) => m.PlansFlowPaymentPage),
  },
  {
    path: 'profile/renew',
    lazy: lazyPage(paymentPages, (m) => m.RenewPaymentPage),
  },
];
