import { eq } from 'drizzle-orm';
import { buildQuery, routePath, type ApiRoute } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import { bearer, signUpFuneralHome, type SignedIn } from '../accounts/accounts.fixtures';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { subscriptions } from '../payments/payments.schema';

/** Calls a declared route on the test app, with a credential when given. */
export function call(
  ctx: TestContext,
  route: ApiRoute,
  token: string | undefined,
  options: { params?: Record<string, number>; query?: Record<string, string | number>; body?: object } = {},
) {
  const path = routePath(route, (options.params ?? {}) as never);
  const search = buildQuery(options.query);
  return ctx.app.inject({
    method: route.method,
    url: `/api${path}${search}`,
    headers: token ? bearer(token) : {},
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** A funeral home that bought the monthly funeral-home plan through the real payment call: listed. */
export async function signUpListedHome(
  ctx: TestContext,
  overrides: Record<string, string> = {},
): Promise<SignedIn> {
  const home = await signUpFuneralHome(ctx, overrides);
  await buyPlan(ctx, home, (await planIds(ctx))['Funeral Home Monthly']!);
  return home;
}

/** Ends the account's plans a minute ago (as if their term ran out; sessions stay valid). */
export async function endPlanOf(ctx: TestContext, accountId: number) {
  await ctx.deps.db
    .update(subscriptions)
    .set({ expiresAt: new Date(ctx.clock.now().getTime() - 60_000) })
    .where(eq(subscriptions.accountId, accountId));
}
