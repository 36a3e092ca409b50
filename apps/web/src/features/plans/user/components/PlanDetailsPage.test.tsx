import { planRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { PlanDetailsPage } from './PlanDetailsPage';
import { homePlansReply } from './test-plans';

describe('/plan-details', () => {
  it("lists the chosen category's plans with '$' prices, duration labels and Pay Now", async () => {
    fakeApi({ [routeKey(planRoutes.userHomePlans)]: homePlansReply });
    renderWithApp(<PlanDetailsPage base="subscription-plans" />, {
      route: '/user/subscription-plans/plan-details?category=1',
    });
    const monthly = await screen.findByRole('article', { name: 'Monthly Membership' });
    expect(monthly).toHaveTextContent('$4.99');
    expect(monthly).toHaveTextContent('/ Month');
    expect(within(monthly).getByRole('link', { name: /Pay Now/ })).toHaveAttribute(
      'href',
      '/user/subscription-plans/plan-details/payment?plan=7',
    );
    expect(screen.getByRole('article', { name: 'Life-time Membership' })).toHaveTextContent('/ Life-time');
    expect(screen.queryByRole('article', { name: 'Yearly Ad-Free' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/subscription-plans');
  });

  it('lists every category under the logs, their payment pages under the logs too', async () => {
    fakeApi({ [routeKey(planRoutes.userHomePlans)]: homePlansReply });
    renderWithApp(<PlanDetailsPage base="subscription-logs" />);
    const adFree = await screen.findByRole('article', { name: 'Yearly Ad-Free' });
    expect(adFree).toHaveTextContent('/ Year');
    expect(within(adFree).getByRole('link', { name: /Pay Now/ })).toHaveAttribute(
      'href',
      '/user/subscription-logs/plan-details/payment?plan=9',
    );
  });

  it("shows loading, then 'No data found :(' when nothing is on offer", async () => {
    fakeApi({ [routeKey(planRoutes.userHomePlans)]: () => ({ body: { data: [] } }) });
    renderWithApp(<PlanDetailsPage base="subscription-plans" />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('shows a failed read as an error, never as an empty list', async () => {
    fakeApi({
      [routeKey(planRoutes.userHomePlans)]: () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    renderWithApp(<PlanDetailsPage base="subscription-plans" />);
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
