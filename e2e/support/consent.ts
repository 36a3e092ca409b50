import { expect, type APIRequestContext } from '@playwright/test';
import {
  funeralHomeRoutes,
  paymentRoutes,
  planRoutes,
  videoRoutes,
  type GrantAccessBody,
  type RouteResponse,
} from '@pw/contracts';
import { signUpFuneralHome, type FuneralHomeSignupFields, type Session } from './accounts';
import { callApi } from './api';
import { newestMatchSentTo } from './outbox';
import { CARDS } from './payments';
import { succeed } from './videos';

/**
 * The chain of consent through the declared routes (docs/product.md §6.7): a person opens a final video by its access
 * code, grants it to a listed funeral home (type 1) or a person (type 0), the home lists its requests and
 * publishes, a third person finds it by its search code. For the Playwright chain test's set-up and checks.
 */

/** A funeral home that bought the first funeral-home plan with the sandbox's good card: listed. */
export async function signUpListedHome(
  request: APIRequestContext,
  fields: Partial<FuneralHomeSignupFields> = {},
): Promise<Session> {
  const home = await signUpFuneralHome(request, fields);
  const plans = (await succeed(request, planRoutes.funeralHomePlans, { token: home.token })).data;
  expect(plans.length, 'an active funeral-home plan').toBeGreaterThan(0);
  await succeed(request, paymentRoutes.funeralHomePlanPayment, {
    token: home.token,
    params: { id: plans[0]!.id },
    body: { card_holder_name: 'Grace Hill', card_no: CARDS.good, expiry_date: '12/30', cvv: '123' },
  });
  return home;
}

/** Opens a final video with its access code (GET …/detail-by-access-code/): the opener may then grant it. */
export async function openByAccessCode(request: APIRequestContext, session: Session, code: string) {
  return (await succeed(request, videoRoutes.byAccessCodeSlash, { token: session.token, params: { code } }))
    .data.data;
}

/** Finds a public video by its search code; null when none is (yet) public under it. */
export async function findBySearchCode(request: APIRequestContext, session: Session, code: string) {
  const response = await callApi(request, videoRoutes.bySearchCodeSlash, {
    token: session.token,
    params: { code },
  });
  if (response.status() === 404) return null;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as RouteResponse<typeof videoRoutes.bySearchCodeSlash>).data.data;
}

/** Grants access to a video (type 1: a listed home by its e-mail; type 0: a person by e-mail). */
export async function grantAccess(
  request: APIRequestContext,
  session: Session,
  videoId: number,
  body: GrantAccessBody,
) {
  return (
    await succeed(request, funeralHomeRoutes.grantAccess, {
      token: session.token,
      params: { id: videoId },
      body,
    })
  ).data;
}

/** The home's user requests, newest first (first page of 10). */
export async function homeRequests(request: APIRequestContext, home: Session) {
  return (await succeed(request, funeralHomeRoutes.requests, { token: home.token, query: { per_page: 10 } }))
    .data;
}

/** Publishes a request's video as the home ('Video Published'). */
export async function publishRequest(request: APIRequestContext, home: Session, requestId: number) {
  return succeed(request, funeralHomeRoutes.publish, { token: home.token, params: { id: requestId } });
}

/**
 * The `/watch/{token}` path of the newest grant-access e-mail sent to `email` (the server's outbox in
 * E2E_DATA_DIR), waiting for it to be written.
 */
export const watchPathSentTo = (email: string): Promise<string> =>
  newestMatchSentTo(email, /\/watch\/[A-Za-z0-9_-]+/);
