import type { ActiveSubscription, PlanCategory } from '@pw/contracts';

/** The home plan categories as the server answers them, for the plan screens' tests. */
export const homeCategories: PlanCategory[] = [
  {
    id: 1,
    title: 'Membership',
    description: 'Keep and schedule as many messages as you like.',
    plans: [
      { id: 7, title: 'Monthly Membership', price: '4.99', duration: 'monthly', description: 'Every month.' },
      { id: 8, title: 'Life-time Membership', price: '149.00', duration: 'life-time', description: 'Once.' },
    ],
  },
  {
    id: 2,
    title: 'Ad-Free',
    description: 'Use Parting Words without banner ads.',
    plans: [{ id: 9, title: 'Yearly Ad-Free', price: '19.99', duration: 'yearly', description: 'A year.' }],
  },
];

export const homePlansReply = () => ({ body: { data: homeCategories } });

/** The signed-in user of the plan screens' tests (no plan: each test adds its own `active_plan`). */
export const ruth = {
  id: 5,
  type: 'user' as const,
  email: 'ruth@example.com',
  first_name: 'Ruth',
  last_name: 'Tester',
  photo_path: null,
};

/** Ruth's running Monthly Membership, as the profile's `active_plan.home_plan` shows it. */
export const monthlyMembership: ActiveSubscription = {
  id: 3,
  plan_id: 7,
  title: 'Monthly Membership',
  duration: 'monthly',
  price: '4.99',
  starts_at: '2026-11-22T10:00:00.000Z',
  expiry_date: '2026-12-22T10:00:00.000Z',
  auto_renew: true,
  status: 'active',
};
