import { formatDay } from '@/lib/dates';
import { accountRoutes, planRoutes, subscriptionRoutes, type ActivePlan } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { UserSubscriptionPlansPage } from './SubscriptionPlansPage';
import { homePlansReply, monthlyMembership, ruth } from './test-plans';

const PROFILE = routeKey(accountRoutes.userProfile);
const CANCEL = routeKey(subscriptionRoutes.userCancel, { id: 3 });
const RESUME = routeKey(subscriptionRoutes.userResume, { id: 3 });
const cancelled = { ...monthlyMembership, auto_renew: false, status: 'cancelled' as const };
const ends = formatDay(monthlyMembership.expiry_date);

/** The plans page over a profile whose membership follows what the fake server was told. */
function openWith(initial = monthlyMembership) {
  let plan = initial;
  const account = (active_plan: ActivePlan) => ({ body: { data: { ...ruth, active_plan } } });
  const api = fakeApi({
    [routeKey(planRoutes.userHomePlans)]: homePlansReply,
    [PROFILE]: () => account({ home_plan: plan, ad_free: null }),
    [CANCEL]: () => {
      plan = cancelled;
      return { body: { message: 'Subscription Cancelled!', data: plan } };
    },
    [RESUME]: () => {
      plan = monthlyMembership;
      return { body: { message: 'Auto-renewal Turned Back On!', data: plan } };
    },
  });
  renderWithApp(<UserSubscriptionPlansPage />);
  return api;
}
const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

describe('/user/subscription-plans: stopping and restarting the renewal', () => {
  it("a member cancels after 'Auto-renewal will be removed...'; the plan stays until it ends", async () => {
    const api = openWith();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription: Monthly Membership' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel Subscription?' });
    expect(ask).toHaveTextContent('Auto-renewal will be removed...');
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const done = await screen.findByRole('dialog', { name: 'Subscription Cancelled!' });
    expect(done).toHaveTextContent(
      `Monthly Membership stays yours until ${ends} and will not be charged again.`,
    );
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    const yours = screen.getByRole('region', { name: 'Your plan' });
    expect(
      await within(yours).findByText(`— Ends on ${ends}; it will not renew.`, { exact: false }),
    ).toBeVisible();
    expect(posts(api)).toHaveLength(1);
  });

  it('No cancels nothing', async () => {
    const api = openWith();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription: Monthly Membership' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(posts(api)).toHaveLength(0);
  });

  it('a cancelled plan is turned back on before its end, naming the charge first', async () => {
    const api = openWith(cancelled);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn renewal back on: Monthly Membership' }));
    const ask = await screen.findByRole('dialog', { name: 'Turn renewal back on?' });
    expect(ask).toHaveTextContent(
      `Monthly Membership will renew on ${ends}: $4.99 will be charged to the card that paid for it.`,
    );
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    const done = await screen.findByRole('dialog', { name: 'Auto-renewal Turned Back On!' });
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(`— Renews on ${ends}.`, { exact: false })).toBeVisible();
    expect(posts(api)).toHaveLength(1);
  });

  it("a refused change shows the server's message; a life-time plan offers neither", async () => {
    fakeApi({
      [routeKey(planRoutes.userHomePlans)]: homePlansReply,
      [PROFILE]: () => ({
        body: {
          data: {
            ...ruth,
            active_plan: {
              home_plan: monthlyMembership,
              ad_free: { ...monthlyMembership, id: 4, expiry_date: null },
            },
          },
        },
      }),
      [CANCEL]: () => ({ status: 422, body: { message: 'This subscription has already expired.' } }),
    });
    const user = userEvent.setup();
    renderWithApp(<UserSubscriptionPlansPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription: Monthly Membership' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('dialog', { name: 'Unsuccessful' })).toHaveTextContent(
      'This subscription has already expired.',
    );
    expect(screen.getAllByRole('button', { name: /Cancel Subscription|Turn renewal back on/ })).toHaveLength(
      1,
    );
  });
});
