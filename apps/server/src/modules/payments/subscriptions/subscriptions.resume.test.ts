import { beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, subscriptionRoutes, type ApiRoute, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../../test/helpers';
import {
  ADMIN_ENV,
  bearer,
  randomIp,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../../accounts/accounts.fixtures';
import { buyPlan, planIds, subscriptionsOf } from '../payments.fixtures';

/** docs/product.md §7.4: a cancelled plan's auto-renewal is turned back on before it ends. */
describe('POST /web/{role}/subscription/{id}/resume', () => {
  let user: SignedIn;
  let other: SignedIn;
  let home: SignedIn;
  let plan: Record<string, number>;

  const post = (route: ApiRoute, token: string | undefined, id: number | string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(route, { id } as never),
      headers: token ? bearer(token) : {},
    });
  /** A moved clock ends sessions: a fresh token to go on with. */
  const login = async (who: SignedIn) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email: who.email, password: who.password },
      remoteAddress: randomIp(),
    });
    who.token = response.json().data.token;
  };
  const mine = async (who: SignedIn) => (await subscriptionsOf(ctx, who.id)).at(-1)!;

  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    [user, other, home] = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpFuneralHome(ctx)]);
    plan = await planIds(ctx);
    await buyPlan(ctx, user, plan['Yearly Membership']!);
    await buyPlan(ctx, home, plan['Funeral Home Monthly']!);
  });

  it("refuses without a credential (401), the wrong role (403), another account's subscription (404); nothing changes", async () => {
    const subscription = await mine(user);
    expect((await post(subscriptionRoutes.userCancel, user.token, subscription.id)).statusCode).toBe(200);
    const cancelled = await mine(user);
    expect((await post(subscriptionRoutes.userResume, undefined, subscription.id)).statusCode).toBe(401);
    expect((await post(subscriptionRoutes.funeralHomeResume, undefined, subscription.id)).statusCode).toBe(
      401,
    );
    expect((await post(subscriptionRoutes.funeralHomeResume, user.token, subscription.id)).statusCode).toBe(
      403,
    );
    expect((await post(subscriptionRoutes.userResume, home.token, subscription.id)).statusCode).toBe(403);
    const stolen = await post(subscriptionRoutes.userResume, other.token, subscription.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Subscription not found.');
    expect((await post(subscriptionRoutes.funeralHomeResume, home.token, subscription.id)).statusCode).toBe(
      404,
    );
    expect(await mine(user)).toEqual(cancelled);
  });

  it('validates the id: not a positive whole number is not found', async () => {
    expect((await post(subscriptionRoutes.userResume, user.token, 'abc')).statusCode).toBe(404);
    expect((await post(subscriptionRoutes.userResume, user.token, 999_999)).statusCode).toBe(404);
  });

  it('turns a cancelled plan back to renewing, the same when sent twice; a funeral home alike', async () => {
    const subscription = await mine(user);
    expect(subscription.status).toBe('cancelled');
    const first = await post(subscriptionRoutes.userResume, user.token, subscription.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Auto-renewal Turned Back On!',
      data: { id: subscription.id, auto_renew: true, status: 'active', title: 'Yearly Membership' },
    });
    const second = await post(subscriptionRoutes.userResume, user.token, subscription.id);
    expect(second.json()).toEqual(first.json());
    expect(await mine(user)).toMatchObject({ status: 'active', autoRenew: true, cancelledAt: null });

    const homes = await mine(home);
    await post(subscriptionRoutes.funeralHomeCancel, home.token, homes.id);
    const back = await post(subscriptionRoutes.funeralHomeResume, home.token, homes.id);
    expect(back.json().data).toMatchObject({ status: 'active', auto_renew: true });
  });

  it('a resumed plan is charged again at its end, on the card that paid for it', async () => {
    const subscription = await mine(user);
    ctx.clock.set(new Date(subscription.expiresAt!.getTime() + 60_000));
    await ctx.deps.plansHeld.expireSubscriptions();
    const [ended, renewed] = await subscriptionsOf(ctx, user.id);
    expect(ended).toMatchObject({ id: subscription.id, status: 'expired' });
    expect(renewed).toMatchObject({ status: 'active', autoRenew: true, planId: plan['Yearly Membership'] });
  });

  it('after its end, turning renewal on is a 422 saying it expired; a life-time plan has nothing to turn on', async () => {
    const [ended] = await subscriptionsOf(ctx, user.id);
    await Promise.all([login(user), login(other)]);
    const late = await post(subscriptionRoutes.userResume, user.token, ended!.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('This subscription has already expired.');
    await buyPlan(ctx, other, plan['Life-time Membership']!);
    const lifetime = await mine(other);
    expect((await post(subscriptionRoutes.userResume, other.token, lifetime.id)).statusCode).toBe(422);
  });
});
