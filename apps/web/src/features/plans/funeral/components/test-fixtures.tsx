import { Route, Routes, useLocation } from 'react-router';
import type { ActiveSubscription, PaymentHistoryRow, PlanSummary } from '@pw/contracts';

/** Test data and a route that shows where a screen navigated, and with what state. */
export const monthly: PlanSummary = {
  id: 1,
  title: 'Funeral Home Monthly',
  price: '29.99',
  duration: 'monthly',
  description: 'Renewed every month.',
};
export const yearly: PlanSummary = {
  id: 2,
  title: 'Funeral Home Yearly',
  price: '299.00',
  duration: 'yearly',
  description: 'Renewed every year.',
};

export const runningPlan: ActiveSubscription = {
  id: 40,
  plan_id: 1,
  title: 'Funeral Home Monthly',
  duration: 'monthly',
  price: '29.99',
  starts_at: '2026-11-22T10:00:00.000Z',
  expiry_date: '2026-12-22T10:00:00.000Z',
  auto_renew: true,
  status: 'active',
};

/** The profile answer of a funeral home holding `homePlan`. */
export const accountWith = (homePlan: ActiveSubscription | null) => ({
  body: {
    data: {
      id: 9,
      type: 'funeral-home',
      email: 'willow@example.test',
      first_name: 'Grace',
      last_name: 'Hill',
      photo_path: null,
      active_plan: { home_plan: homePlan, ad_free: null },
    },
  },
});

export function record(id: number, plan: PlanSummary, status: 'Active' | 'Inactive'): PaymentHistoryRow {
  return {
    id,
    amount_paid: plan.price,
    created_at: '2026-11-22T10:00:00.000Z',
    expiry_date: plan.duration === 'yearly' ? '2027-11-22T10:00:00.000Z' : '2026-12-22T10:00:00.000Z',
    status: status === 'Active' ? 1 : 0,
    status_detail: status,
    payable: {
      id: plan.id,
      title: plan.title,
      duration: plan.duration,
      price: plan.price,
      status_detail: 'Active',
      plan_category: { id: 3, title: 'Funeral Home' },
    },
  };
}

export const page = (rows: PaymentHistoryRow[]) => ({
  body: {
    data: rows,
    meta: { current_page: 1, last_page: 1, from: 1, to: rows.length, total: rows.length, per_page: 999 },
    links: { prev: null, next: null },
  },
});

/** Shows the path reached and its navigation state. */
export function Landing() {
  const location = useLocation();
  return (
    <div>
      <p>Landed on {location.pathname}</p>
      <pre data-testid="state">{JSON.stringify(location.state ?? null)}</pre>
    </div>
  );
}

/** `element` at `path`, and Landing everywhere else. */
export const at = (path: string, element: React.ReactElement) => (
  <Routes>
    <Route path={path} element={element} />
    <Route path="*" element={<Landing />} />
  </Routes>
);
