import type { PlanCategory } from '@pw/contracts';

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
