import { planRoutes } from '@pw/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { SubscriptionPlansPage } from './SubscriptionPlansPage';
import { at, monthly, yearly } from './test-fixtures';

const PLANS = routeKey(planRoutes.funeralHomePlans);
const open = () =>
  renderWithApp(at('/funeral/subscription-plans', <SubscriptionPlansPage />), {
    route: '/funeral/subscription-plans',
  });

describe('/funeral/subscription-plans', () => {
  it("shows each plan with '$' price, its duration label and description", async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly, yearly] } }) });
    open();
    expect(await screen.findByRole('heading', { name: 'Funeral Home Monthly' })).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByText('/ Month')).toBeInTheDocument();
    expect(screen.getByText('/ Year')).toBeInTheDocument();
    expect(screen.getByText('Renewed every month.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip' })).toHaveAttribute('href', '/funeral/user-requests');
  });

  it('a plan card goes to the payment page with the plan', async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly, yearly] } }) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Funeral Home Yearly' }));
    expect(screen.getByText('Landed on /funeral/subscription-plans/payment')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ plan: yearly });
  });

  it("reads 'No data found :(' when nothing is offered", async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [] } }) });
    open();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('shows a missing call as an error, never as an empty list', async () => {
    fakeApi({ [PLANS]: () => ({ status: 404, body: { message: 'Not found.' } }) });
    open();
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });

  it("says 'Unable to fetch data' when the answer has no message", async () => {
    fakeApi({ [PLANS]: () => ({ status: 500, body: {} }) });
    open();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});
