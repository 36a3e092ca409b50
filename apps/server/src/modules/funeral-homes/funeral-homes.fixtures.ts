import { and, eq } from 'drizzle-orm';
import { funeralHomeRoutes, notificationKinds, type ApiRoute, videoRoutes, routeUrl } from '@pw/contracts';
import { insertUser, insertVideo } from '../../../test/delivery-fixtures';
import type { TestContext } from '../../../test/helpers';
import { bearer, signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { subscriptions } from '../payments/payments.schema';
import { funeralRequests } from './funeral-homes.schema';
import { newAccessCode, newSearchCode } from '../videos/codes';
import { openAtOnce } from '../legacy/legacy.fixtures';
import { videos } from '../videos/videos.schema';

/** Calls a declared route on the test app, with a credential when given. */
export function call(
  ctx: TestContext,
  route: ApiRoute,
  token: string | undefined,
  options: { params?: Record<string, number>; query?: Record<string, string | number>; body?: object } = {},
) {
  return ctx.app.inject({
    method: route.method,
    url: routeUrl(route, (options.params ?? {}) as never, options.query),
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

/** A user, a listed home ('Evergreen Chapel') and a home without a plan: whom the form's tests need. */
export async function formPeople(ctx: TestContext) {
  const [user, home, unpaid] = await Promise.all([
    signUpUser(ctx),
    signUpListedHome(ctx, { home_name: 'Evergreen Chapel' }),
    signUpFuneralHome(ctx),
  ]);
  return { user, home, unpaid };
}

/** A service or a location the Funeral Home Form offers. */
export type FormChoice = { id: number; name: string };

/** The form's services and locations, as the account of `token` reads them. */
export async function formChoices(ctx: TestContext, token: string) {
  const services: FormChoice[] = (await call(ctx, funeralHomeRoutes.services, token)).json().data;
  const locations: FormChoice[] = (await call(ctx, funeralHomeRoutes.locations, token)).json().data;
  return { services, locations };
}

/** The form filled in with the first service and location. */
export const filledForm = (services: FormChoice[], locations: FormChoice[]) => ({
  service_id: services[0]!.id,
  location_id: locations[0]!.id,
  speaker: 'Our pastor, then the eldest grandchild',
  music: 'Amazing Grace',
  specific_rituals: '',
});

/** Sends the Funeral Home Form to the home `homeId`. */
export const sendForm = (ctx: TestContext, token: string | undefined, homeId: number, body: object) =>
  call(ctx, funeralHomeRoutes.create, token, { params: { id: homeId }, body });

/** Ends the account's plans a minute ago (as if their term ran out; sessions stay valid). */
export async function endPlanOf(ctx: TestContext, accountId: number) {
  await ctx.deps.db
    .update(subscriptions)
    .set({ expiresAt: new Date(ctx.clock.now().getTime() - 60_000) })
    .where(eq(subscriptions.accountId, accountId));
}

/**
 * A processed final video ("My Parting Words") with its access code, as the videos module leaves one
 * (written directly: processing real media is the videos tests' business). Opening it by code goes
 * through the real call (openByCode).
 */
export async function finalVideo(ctx: TestContext, owner?: number, title = 'My last words') {
  // One final video per owner: without an owner given, a new one (Olive Owner).
  const ownerId = owner ?? (await insertUser(ctx.deps.db, { firstName: 'Olive', lastName: 'Owner' }));
  // What these tests follow starts once a code opens the message: its owner chose 'available at once'.
  await openAtOnce(ctx, ownerId);
  const id = await insertVideo(ctx.deps.db, ownerId, { folder: 'final', title });
  const codes = { accessCode: newAccessCode(), searchCode: newSearchCode() };
  await ctx.deps.db.update(videos).set(codes).where(eq(videos.id, id));
  return { id, ownerId, ...codes };
}

/** GET …/detail-by-access-code/ as the person holding the code. */
export const openByCode = (ctx: TestContext, token: string, code: string) =>
  ctx.app.inject({
    method: 'GET',
    url: routeUrl(videoRoutes.byAccessCodeSlash, { code }),
    headers: bearer(token),
  });

/** The user requests at a home, as stored. */
export const requestsAt = (ctx: TestContext, homeId: number) =>
  ctx.deps.db.select().from(funeralRequests).where(eq(funeralRequests.homeId, homeId));

/** The new-request notices a home received. */
export const requestNoticesOf = (ctx: TestContext, homeId: number) =>
  ctx.deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, homeId), eq(notifications.kind, notificationKinds.newUserRequest)));
