import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const plans = () => import('./components/SubscriptionPlansPage');
const payment = () => import('./components/PlanPaymentPage');
const setting = () => import('./components/SubscriptionSettingPage');
const changePlan = () => import('./components/ChangePlanPage');
const history = () => import('./components/HistoryPage');

/** The funeral home's plan pages (docs/product.md §13.3 funeral area), under /funeral. */
export const funeralSubscriptionRoutes: RouteObject[] = [
  { path: 'subscription-plans', lazy: lazyPage(plans, (m) => m.SubscriptionPlansPage) },
  { path: 'subscription-plans/payment', lazy: lazyPage(payment, (m) => m.SubscriptionPlansPaymentPage) },
  { path: 'subscription-setting', lazy: lazyPage(setting, (m) => m.SubscriptionSettingPage) },
  { path: 'subscription-setting/change-plan', lazy: lazyPage(changePlan, (m) => m.ChangePlanPage) },
  {
    path: 'subscription-setting/change-plan/payment',
    lazy: lazyPage(payment, (m) => m.ChangePlanPaymentPage),
  },
  { path: 'subscription-setting/history', lazy: lazyPage(history, (m) => m.HistoryPage) },
  { path: 'subscription-setting/history/payment', lazy: lazyPage(payment, (m) => m.HistoryPaymentPage) },
];
