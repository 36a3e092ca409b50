import { beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, subscriptionRoutes, type ApiRoute, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import {
  ADMIN_ENV,
  bearer,
  randomIp,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../../accounts/accounts.fixtures';
import { buyPlan, planIds, subscriptionsOf } from '../payments.fixtures';

const DAY = 86_400_000;

describe('subscriptions: cancel, active_plan, the plan gate', () => {
  let user: SignedIn;
  let other: SignedIn;
  let home: SignedIn;
  let plan: Record<string, number>;

  const cancel = (route: ApiRoute, token: string | undefined, id: number | string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(route, { id } as never),
      headers: token ? bearer(token) : {},
    });
  const login = async (who: SignedIn) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email: who.email, password: who.password },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(200);
    // A moved clock ends sessions: the fresh token is the one to use afterwards.
    who.token = response.json().data.token;
    return response.json().data.user;
  };
  const profile = async (route: ApiRoute, who: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: routeUrl(route), headers: bearer(who.token) })).json().data;

  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    [user, other, home] = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpFuneralHome(ctx)]);
    plan = await planIds(ctx);
  });

  it('a new account has no plans; an admin has active_plan null', async () => {
    expect((await login(user)).active_plan).toEqual({ home_plan: null, ad_free: null });
    const admin = await signInAdmin(ctx);
    expect(admin.user.active_plan).toBeNull();
  });

  it('after buying a membership, login and profile answer it as home_plan; ad-free apart', async () => {
    await buyPlan(ctx, user, plan['Monthly Membership']!);
    await buyPlan(ctx, user, plan['Ad-Free Monthly']!);
    const { active_plan } = await login(user);
    expect(active_plan.home_plan).toMatchObject({
      plan_id: plan['Monthly Membership'],
      title: 'Monthly Membership',
      duration: 'monthly',
      price: '4.99',
      auto_renew: true,
      status: 'active',
    });
    expect(active_plan.ad_free).toMatchObject({ title: 'Ad-Free Monthly', price: '1.99' });
    expect((await profile(accountRoutes.userProfile, user)).active_plan).toEqual(active_plan);
    await expect(ctx.deps.plansHeld.hasRunningPlan(user.id, 'membership')).resolves.toBe(true);
    await expect(ctx.deps.plansHeld.hasRunningPlan(other.id, 'membership')).resolves.toBe(false);
  });

  it('a funeral home: its funeral-home plan is home_plan; hasRunningPlan tells the funeral-home gate', async () => {
    await expect(ctx.deps.plansHeld.hasRunningPlan(home.id, 'funeral-home')).resolves.toBe(false);
    await buyPlan(ctx, home, plan['Funeral Home Monthly']!);
    const data = await profile(accountRoutes.funeralHomeProfile, home);
    expect(data.active_plan).toMatchObject({ home_plan: { title: 'Funeral Home Monthly' }, ad_free: null });
    await expect(ctx.deps.plansHeld.hasRunningPlan(home.id, 'funeral-home')).resolves.toBe(true);
    await expect(ctx.deps.plansHeld.hasRunningPlan(home.id, 'membership')).resolves.toBe(false);
  });

  describe('POST /web/{role}/subscription/{id}/cancel', () => {
    it("refuses without a credential (401), the wrong role (403), another account's subscription (404)", async () => {
      const [mine] = await subscriptionsOf(ctx, user.id);
      expect((await cancel(subscriptionRoutes.userCancel, undefined, mine!.id)).statusCode).toBe(401);
      expect((await cancel(subscriptionRoutes.funeralHomeCancel, user.token, mine!.id)).statusCode).toBe(403);
      expect((await cancel(subscriptionRoutes.funeralHomeCancel, undefined, mine!.id)).statusCode).toBe(401);
      expect((await cancel(subscriptionRoutes.userCancel, home.token, mine!.id)).statusCode).toBe(403);
      const stolen = await cancel(subscriptionRoutes.userCancel, other.token, mine!.id);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toBe('Subscription not found.');
      const [homes] = await subscriptionsOf(ctx, home.id);
      expect((await cancel(subscriptionRoutes.userCancel, user.token, homes!.id)).statusCode).toBe(404);
      expect((await cancel(subscriptionRoutes.funeralHomeCancel, home.token, mine!.id)).statusCode).toBe(404);
      expect((await subscriptionsOf(ctx, user.id))[0]).toEqual(mine);
      expect((await subscriptionsOf(ctx, home.id))[0]).toEqual(homes);
    });

    it('validates the id: not a positive whole number is not found', async () => {
      expect((await cancel(subscriptionRoutes.userCancel, user.token, 'abc')).statusCode).toBe(404);
      expect((await cancel(subscriptionRoutes.userCancel, user.token, 999_999)).statusCode).toBe(404);
    });

    it('cancels the auto-renewal, keeps the plan until expiry, and answers the same when sent twice', async () => {
      const [mine] = await subscriptionsOf(ctx, user.id);
      const first = await cancel(subscriptionRoutes.userCancel, user.token, mine!.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Subscription Cancelled!',
        data: { id: mine!.id, auto_renew: false, status: 'cancelled', title: 'Monthly Membership' },
      });
      const second = await cancel(subscriptionRoutes.userCancel, user.token, mine!.id);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect((await login(user)).active_plan.home_plan).toMatchObject({ id: mine!.id, status: 'cancelled' });
      const [home1] = await subscriptionsOf(ctx, home.id);
      const homeCancel = await cancel(subscriptionRoutes.funeralHomeCancel, home.token, home1!.id);
      expect(homeCancel.json().data).toMatchObject({ status: 'cancelled', auto_renew: false });
    });

    it('after expiry: home_plan is null and cancelling is a 422 saying it expired', async () => {
      const [mine] = await subscriptionsOf(ctx, user.id);
      ctx.clock.set(new Date(mine!.expiresAt!.getTime() + 1000));
      expect((await login(user)).active_plan.home_plan).toBeNull();
      const late = await cancel(subscriptionRoutes.userCancel, user.token, mine!.id);
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe('This subscription has already expired.');
      await expect(ctx.deps.plansHeld.hasRunningPlan(user.id, 'membership')).resolves.toBe(false);
    });

    it('a life-time plan has nothing to cancel (422), and stays running', async () => {
      await login(other);
      await buyPlan(ctx, other, plan['Life-time Membership']!);
      const [lifetime] = await subscriptionsOf(ctx, other.id);
      const response = await cancel(subscriptionRoutes.userCancel, other.token, lifetime!.id);
      expect(response.statusCode).toBe(422);
      ctx.clock.advance(3650 * DAY);
      expect((await login(other)).active_plan.home_plan).toMatchObject({
        expiry_date: null,
        status: 'active',
      });
    });
  });
});
