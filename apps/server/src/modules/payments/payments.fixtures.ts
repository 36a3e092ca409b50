import { eq } from 'drizzle-orm';
import { paymentRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import { bearer, type SignedIn } from '../accounts/accounts.fixtures';
import { plans } from '../plans/plans.schema';
import { subscriptions } from './payments.schema';

/** Test fixtures of payments: cards, plan ids by title, buying through the real call. */
export const CARD = {
  card_holder_name: 'Jane Doe',
  card_no: '4242 4242 4242 4242',
  expiry_date: '12/39',
  cvv: '123',
};
/** Accepted now, refused on renewal (the sandbox's "fails later" card, decision 0155). */
export const FAILS_LATER_CARD = { ...CARD, card_no: '4000 0000 0000 0341' };

export async function planIds(ctx: TestContext): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const row of await ctx.deps.db.select().from(plans)) ids[row.title] = row.id;
  return ids;
}

/** Buys a plan as this account (user or funeral home); throws unless the payment went through. */
export async function buyPlan(ctx: TestContext, who: SignedIn, planId: number, card = CARD) {
  const route =
    who.user.type === 'funeral-home' ? paymentRoutes.funeralHomePlanPayment : paymentRoutes.userPlanPayment;
  const response = await ctx.app.inject({
    method: 'POST',
    url: routeUrl(route, { id: planId }),
    headers: bearer(who.token),
    payload: card,
  });
  if (response.statusCode !== 200) throw new Error(`payment failed: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number };
}

export const subscriptionsOf = (ctx: TestContext, accountId: number) =>
  ctx.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(subscriptions.id);
