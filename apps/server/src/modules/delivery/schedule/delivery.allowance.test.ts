import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, subscriptionRoutes, videoRoutes, routeUrl } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { insertVideo } from '../../../../test/delivery-fixtures';
import { bearer, randomIp, signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { buyPlan, planIds, subscriptionsOf } from '../../payments/payments.fixtures';
import { scheduledDeliveries } from '../delivery.schema';
import { MEMBERSHIP_NEEDED_MESSAGE } from './delivery.allowance';

describe('one scheduled delivery without a membership (docs/product.md §5.5)', () => {
  let ctx: TestContext;
  let user: SignedIn;

  const future = () => ({
    email: 'kin@example.test',
    share_at_date: new Date(ctx.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
    share_at_time: '09:30:00',
    timezone: 'Europe/Paris',
  });
  const schedule = (videoId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.updateType, { id: videoId }),
      headers: bearer(user.token),
      payload: { type: 'scheduled', ...future() },
    });
  const live = async () =>
    (await ctx.deps.db.select().from(scheduledDeliveries).where(eq(scheduledDeliveries.ownerId, user.id)))
      .filter((row) => row.status === 'pending')
      .map((row) => row.videoId)
      .sort();
  const draft = () => insertVideo(ctx.deps.db, user.id, { folder: 'draft' });

  beforeAll(async () => {
    ctx = await createTestContext();
    user = await signUpUser(ctx);
  });
  afterAll(async () => ctx?.close());

  let first: number;
  let second: number;

  it('a non-member schedules one; a second is refused with 422 and nothing changes', async () => {
    [first, second] = [await draft(), await draft()];
    expect((await schedule(first)).statusCode).toBe(200);
    const refused = await schedule(second);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MEMBERSHIP_NEEDED_MESSAGE);
    expect(await live()).toEqual([first]);
    const rows = await ctx.deps.db
      .select()
      .from(scheduledDeliveries)
      .where(eq(scheduledDeliveries.videoId, second));
    expect(rows).toEqual([]);
  });

  it('rescheduling the one already scheduled is allowed', async () => {
    const again = await schedule(first);
    expect(again.statusCode, again.body).toBe(200);
    expect(await live()).toEqual([first]);
  });

  it('a member schedules any number', async () => {
    await buyPlan(ctx, user, (await planIds(ctx))['Monthly Membership']!);
    expect((await schedule(second)).statusCode).toBe(200);
    const third = await draft();
    expect((await schedule(third)).statusCode).toBe(200);
    expect(await live()).toHaveLength(3);
  });

  it('when the membership lapses, scheduled deliveries stay; a new one is refused', async () => {
    const [membership] = await subscriptionsOf(ctx, user.id);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(subscriptionRoutes.userCancel, { id: membership!.id }),
      headers: bearer(user.token),
    });
    expect(cancelled.statusCode).toBe(200);
    ctx.clock.set(new Date(membership!.expiresAt!.getTime() + 1000));
    await ctx.deps.plansHeld.expireSubscriptions();
    const login = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    user.token = login.json().data.token;
    expect(login.json().data.user.active_plan.home_plan).toBeNull();
    expect(await live()).toHaveLength(3);
    const refused = await schedule(await draft());
    expect(refused.statusCode).toBe(422);
    expect(await live()).toHaveLength(3);
  });
});
