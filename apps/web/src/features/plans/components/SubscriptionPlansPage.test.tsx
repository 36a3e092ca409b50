import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { UserSubscriptionPlansPage } from './SubscriptionPlansPage';

const membership = {
  id: 1,
  title: 'Membership',
  description: 'Keep and schedule as many messages as you like.',
  plans: [{ id: 7, title: 'Monthly Membership', price: '4.99', duration: 'monthly', description: null }],
};

describe('/user/subscription-plans', () => {
  it("lists the categories on offer, each with 'View Details', and Skip", async () => {
    fakeApi({ 'GET /api/web/user/home/plans': () => ({ body: { data: [membership] } }) });
    renderWithApp(<UserSubscriptionPlansPage />);
    expect(await screen.findByRole('heading', { name: 'Membership' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip' })).toHaveAttribute('href', '/user/home');
    expect(screen.getByRole('link', { name: 'View Details of Membership' })).toHaveAttribute(
      'href',
      '/user/subscription-plans/plan-details?category=1',
    );
  });

  it("reads 'No data found :(' only when nothing is on offer", async () => {
    fakeApi({ 'GET /api/web/user/home/plans': () => ({ body: { data: [] } }) });
    renderWithApp(<UserSubscriptionPlansPage />);
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('shows a missing call as an error, never as an empty list', async () => {
    fakeApi({ 'GET /api/web/user/home/plans': () => ({ status: 404, body: { message: 'Not found.' } }) });
    renderWithApp(<UserSubscriptionPlansPage />);
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
