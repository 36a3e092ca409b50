import { accountRoutes, subscriptionRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { SubscriptionSettingPage } from './SubscriptionSettingPage';
import { accountWith, at, runningPlan } from './test-fixtures';

const PROFILE = routeKey(accountRoutes.funeralHomeProfile);
const CANCEL = routeKey(subscriptionRoutes.funeralHomeCancel, { id: 40 });
const ROUTE = '/funeral/subscription-setting';
const open = () => renderWithApp(at(ROUTE, <SubscriptionSettingPage />), { route: ROUTE });
const cancelled = { ...runningPlan, status: 'cancelled' as const, auto_renew: false };

describe('/funeral/subscription-setting', () => {
  it('shows the running plan with Change Plan, History and Cancel Subscription', async () => {
    fakeApi({ [PROFILE]: () => accountWith(runningPlan) });
    open();
    const card = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(card).getByRole('heading', { name: 'Funeral Home Monthly' })).toBeInTheDocument();
    expect(card).toHaveTextContent('$29.99 / Month');
    expect(card).toHaveTextContent('Expires on 22 December 2026');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', `${ROUTE}/history`);
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('Change Plan opens change-plan with the running plan in its state', async () => {
    fakeApi({ [PROFILE]: () => accountWith(runningPlan) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Plan' }));
    expect(screen.getByText(`Landed on ${ROUTE}/change-plan`)).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ currentPlanId: 1 });
  });

  it("cancels after 'Auto-renewal will be removed...' and says 'Subscription Cancelled!'", async () => {
    let plan = runningPlan;
    const api = fakeApi({
      [PROFILE]: () => accountWith(plan),
      [CANCEL]: () => {
        plan = cancelled;
        return { body: { message: 'Subscription Cancelled!', data: cancelled } };
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('Auto-renewal will be removed...');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const done = await screen.findByRole('dialog', { name: 'Subscription Cancelled!' });
    expect(done).toHaveTextContent('Expires on 22 December 2026');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
  });

  it('answering No to the question cancels nothing', async () => {
    const api = fakeApi({ [PROFILE]: () => accountWith(runningPlan) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("a refused cancel shows the server's message", async () => {
    fakeApi({
      [PROFILE]: () => accountWith(runningPlan),
      [CANCEL]: () => ({ status: 404, body: { message: 'Subscription not found.' } }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Unsuccessful' })).toHaveTextContent(
      'Subscription not found.',
    );
  });

  it('a cancelled plan shows until when it runs and offers no Cancel', async () => {
    fakeApi({ [PROFILE]: () => accountWith(cancelled) });
    open();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText(/stays active until 22 December 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
  });

  it('without a plan says so and offers the plans', async () => {
    fakeApi({ [PROFILE]: () => accountWith(null) });
    open();
    expect(await screen.findByText('You have no funeral-home plan at the moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/funeral/subscription-plans',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Plan' })).not.toBeInTheDocument();
  });

  it('a failed call is an error, not "no plan"', async () => {
    fakeApi({ [PROFILE]: () => ({ status: 500, body: {} }) });
    open();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('You have no funeral-home plan at the moment.')).not.toBeInTheDocument();
  });

  it('a cancelled plan is turned back on before its end, naming the charge first', async () => {
    let plan: typeof runningPlan = cancelled;
    const api = fakeApi({
      [PROFILE]: () => accountWith(plan),
      [routeKey(subscriptionRoutes.funeralHomeResume, { id: 40 })]: () => {
        plan = runningPlan;
        return { body: { message: 'Auto-renewal Turned Back On!', data: runningPlan } };
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Turn renewal back on' }));
    const ask = await screen.findByRole('dialog', { name: 'Turn renewal back on?' });
    expect(ask).toHaveTextContent('will be charged to the card that paid for it.');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const done = await screen.findByRole('dialog', { name: 'Auto-renewal Turned Back On!' });
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
