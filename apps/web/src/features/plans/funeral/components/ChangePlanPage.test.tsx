import { planRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { ChangePlanPage } from './ChangePlanPage';
import { at, monthly, yearly } from './test-fixtures';

const PLANS = routeKey(planRoutes.funeralHomePlans);
const ROUTE = '/funeral/subscription-setting/change-plan';

describe('/funeral/subscription-setting/change-plan', () => {
  it('opened without state goes to the subscription setting', () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly, yearly] } }) });
    renderWithApp(at(ROUTE, <ChangePlanPage />), { route: ROUTE });
    expect(screen.getByText('Landed on /funeral/subscription-setting')).toBeInTheDocument();
  });

  it('offers the other plans; choosing one warns, then goes to its payment page', async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly, yearly] } }) });
    const user = userEvent.setup();
    renderWithApp(at(ROUTE, <ChangePlanPage />), { route: ROUTE, state: { currentPlanId: 1 } });
    expect(await screen.findByRole('heading', { name: 'Funeral Home Yearly' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Funeral Home Monthly' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Funeral Home Yearly' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('On renewing, current package will expire automatically');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`Landed on ${ROUTE}/payment`)).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ plan: yearly });
  });

  it('answering No stays on the plans', async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly, yearly] } }) });
    const user = userEvent.setup();
    renderWithApp(at(ROUTE, <ChangePlanPage />), { route: ROUTE, state: { currentPlanId: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Choose Funeral Home Yearly' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(screen.getByRole('heading', { name: 'Change Plan' })).toBeInTheDocument();
    expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
  });

  it("reads 'No data found :(' when no other plan is offered", async () => {
    fakeApi({ [PLANS]: () => ({ body: { data: [monthly] } }) });
    renderWithApp(at(ROUTE, <ChangePlanPage />), { route: ROUTE, state: { currentPlanId: 1 } });
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });
});
