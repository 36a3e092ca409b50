import { expect, type APIRequestContext } from '@playwright/test';
import { funeralHomeRoutes, type RouteResponse } from '@pw/contracts';
import { signUpFuneralHome, type Session } from './accounts';
import { callApi } from './api';
import { becomeListedHome } from './payments';
import { availableAtOnce } from './legacy';
import { moveToFinal, schedule, uploadDraft } from './videos';

/** A listed home with a name no other test file uses, so it is found in a directory shared with them. */
export async function listedHome(request: APIRequestContext, name: string) {
  const home = await signUpFuneralHome(request, { home_name: name, address: '14 Lantern Lane' });
  await becomeListedHome(request, home);
  return home;
}

/**
 * A video in the owner's My Parting Words (drafts reach it through the scheduled folder, docs/product.md §13.5).
 * Its code opens it at once unless `sealed`: then it stays as a new account's, released only after a
 * confirmed passing (docs/product.md §6).
 */
export async function finalMessage(
  request: APIRequestContext,
  owner: Session,
  title: string,
  { sealed = false }: { sealed?: boolean } = {},
) {
  const video = await uploadDraft(request, owner, title);
  await schedule(request, owner, video.id);
  await moveToFinal(request, owner, video.id);
  // Its code opens it at once (docs/product.md §6's safe release is followed by the legacy specs).
  if (!sealed) await availableAtOnce(request, owner);
  return video;
}

/**
 * The chain of consent through the declared funeral-home routes (decision 0127): a user's Funeral Home
 * Form to a listed home (support/payments.ts `becomeListedHome` lists one), with the home's first
 * offered type and location of service.
 */
export async function sendFuneralForm(
  request: APIRequestContext,
  user: Session,
  homeId: number,
  speaker = 'Reverend Ames',
): Promise<RouteResponse<typeof funeralHomeRoutes.create>['data']> {
  const first = async (route: typeof funeralHomeRoutes.services | typeof funeralHomeRoutes.locations) => {
    const response = await callApi(request, route, { token: user.token, query: { home_id: homeId } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as RouteResponse<typeof route>).data[0]!.id;
  };
  const response = await callApi(request, funeralHomeRoutes.create, {
    token: user.token,
    params: { id: homeId },
    body: {
      user_id: homeId,
      service_id: await first(funeralHomeRoutes.services),
      location_id: await first(funeralHomeRoutes.locations),
      speaker,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as RouteResponse<typeof funeralHomeRoutes.create>).data;
}
