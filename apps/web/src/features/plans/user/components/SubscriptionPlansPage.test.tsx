import { formatDay } from '@/lib/dates';
import { planRoutes, accountRoutes } from '@pw/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivePlan } from '@pw/contracts';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { UserSubscriptionPlansPage } from './SubscriptionPlansPage';
import { homePlansReply, monthlyMembership, ruth } from './test-plans';

const PLANS = routeKey(planRoutes.userHomePlans);
const PROFILE = routeKey(accountRoutes.userProfile);

const account = (active_plan: ActivePlan) => ({ body: { data: { ...ruth, active_plan } } });

const monthly = monthlyMembership;

function openPlans(handlers: Record<string, Handler> = {}) {
  fakeApi({
    [PLANS]: homePlansReply,
    [PROFILE]: () => account({ home_plan: null, ad_free: null }),
    ...handlers,
  });
  renderWithApp(<UserSubscriptionPlansPage />);
}

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('.card') as HTMLElement;

describe('/user/subscription-plans', () => {
  it("lists the categories on offer, each with 'View Details', and Skip", async () => {
    openPlans();
    expect(await screen.findByRole('heading', { name: 'Membership' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip' })).toHaveAttribute('href', '/user/home');
    expect(screen.getByRole('link', { name: 'View Details of Membership' })).toHaveAttribute(
      'href',
      '/user/subscription-plans/plan-details?category=1',
    );
  });

  it('shows the price range of each category, lowest to highest', async () => {
    openPlans();
    expect(within(await card('Membership')).getByText('$4.99 – $149.00')).toBeVisible();
    expect(within(await card('Ad-Free')).getByText('$19.99')).toBeVisible();
  });

  it('says in one line what a membership adds to the free use', async () => {
    openPlans();
    expect(
      await screen.findByText(
        "Without a membership you can have 1 scheduled delivery waiting at a time; members can have any number. Every video's first 60 s are free either way.",
      ),
    ).toBeVisible();
  });

  it('without a plan, says the person uses the free plan', async () => {
    openPlans();
    const yours = await screen.findByRole('region', { name: 'Your plan' });
    expect(
      within(yours).getByText('You have no membership: you are using Parting Words free.'),
    ).toBeVisible();
  });

  it('after buying, names the plan held, its price and its renewal date, and marks its category', async () => {
    openPlans({
      [PROFILE]: () =>
        account({
          home_plan: monthly,
          ad_free: { ...monthly, id: 4, plan_id: 9, title: 'Yearly Ad-Free', expiry_date: null },
        }),
    });
    const yours = await screen.findByRole('region', { name: 'Your plan' });
    const renews = formatDay('2026-12-22T10:00:00.000Z');
    expect(await within(yours).findByText('Monthly Membership')).toBeVisible();
    expect(within(yours).getByText(`— Renews on ${renews}.`, { exact: false })).toBeVisible();
    expect(within(yours).getByText(/Life-time: it never needs renewing/)).toBeVisible();
    expect(within(await card('Membership')).getByText('Your plan')).toBeVisible();
    expect(within(await card('Membership')).getByText('Monthly Membership')).toBeVisible();
  });

  it('says when a cancelled plan ends instead of a renewal', async () => {
    openPlans({ [PROFILE]: () => account({ home_plan: { ...monthly, auto_renew: false }, ad_free: null }) });
    const yours = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(yours).findByText(/Ends on .*; it will not renew\./)).toBeVisible();
  });

  it('keeps the plans when the current plan cannot be read', async () => {
    openPlans({ [PROFILE]: () => ({ status: 500, body: { message: 'Server error' } }) });
    expect(await screen.findByText('Your current plan could not be read.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Membership' })).toBeVisible();
  });

  it("reads 'No data found :(' only when nothing is on offer", async () => {
    openPlans({ [PLANS]: () => ({ body: { data: [] } }) });
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it('shows a missing call as an error, never as an empty list', async () => {
    openPlans({ [PLANS]: () => ({ status: 404, body: { message: 'Not found.' } }) });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
