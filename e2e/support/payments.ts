import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { paymentRoutes, planRoutes, type PlanSummary, type RouteResponse } from '@pw/contracts';
import type { Session } from './accounts';
import { callApi } from './api';

/** The sandbox's test cards (docs/product.md §7). */
export const CARDS = { good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** The card fields of a payment call that goes through (card 4242…, 12/30, CVV 123). */
export const GOOD_CARD = {
  card_holder_name: 'Ruth Tester',
  card_no: CARDS.good,
  expiry_date: '12/30',
  cvv: '123',
} as const;

/** Fills the shared payment card form (docs/product.md §13.4) with a card, 12/30 and CVV 123, and presses Pay. */
export async function payWithCard(page: Page, card: string, amount: string) {
  await page.getByLabel('Card Holder Name').fill('Ruth Tester');
  await page.getByLabel('Card Number').fill(card);
  await page.getByLabel('Expiry Date').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: `Pay $${amount}` }).click();
}

/** What a user is offered: the plan categories with their plans, and the per-minute rate. */
export async function userOffer(request: APIRequestContext, session: Session) {
  const response = await callApi(request, planRoutes.userPlans, { token: session.token });
  expect(response.status()).toBe(200);
  return ((await response.json()) as RouteResponse<typeof planRoutes.userPlans>).data;
}

/** The first active plan of a category (by title: 'Membership', 'Ad-Free'). */
export async function firstPlanOf(
  request: APIRequestContext,
  session: Session,
  category: string,
): Promise<PlanSummary> {
  const { categories } = await userOffer(request, session);
  const plan = categories.find((each) => each.title === category)?.plans[0];
  expect(plan, `an active ${category} plan`).toBeDefined();
  return plan!;
}

/** The user's payment history (newest first). */
export async function paymentHistory(request: APIRequestContext, session: Session) {
  const response = await callApi(request, paymentRoutes.userHistory, { token: session.token });
  expect(response.status()).toBe(200);
  return (await response.json()) as RouteResponse<typeof paymentRoutes.userHistory>;
}

/** No horizontal scrolling at the current viewport width. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Pays for the first plan of a user category ('Membership', 'Ad-Free') through the API (card 4242…). */
export async function buyUserPlan(request: APIRequestContext, session: Session, category: string) {
  const plan = await firstPlanOf(request, session, category);
  const response = await callApi(request, paymentRoutes.userPlanPayment, {
    token: session.token,
    params: { id: plan.id },
    body: GOOD_CARD,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Makes a user a member by paying for the first membership plan through the API (card 4242…): without
 * a membership a user may have one scheduled delivery at a time (docs/product.md §5.5).
 */
export const becomeMember = (request: APIRequestContext, session: Session) =>
  buyUserPlan(request, session, 'Membership');

/**
 * Makes a funeral home listed for users (docs/product.md §8.1: it needs a running funeral-home plan to be listed
 * and to publish) by paying for the first funeral-home plan on offer through the API (card 4242…).
 */
export async function becomeListedHome(request: APIRequestContext, home: Session) {
  const plans = await callApi(request, planRoutes.funeralHomePlans, { token: home.token });
  expect(plans.status()).toBe(200);
  const plan = ((await plans.json()) as RouteResponse<typeof planRoutes.funeralHomePlans>).data[0];
  expect(plan, 'an active funeral-home plan').toBeDefined();
  const response = await callApi(request, paymentRoutes.funeralHomePlanPayment, {
    token: home.token,
    params: { id: plan!.id },
    body: { card_holder_name: 'Grace Hill', card_no: CARDS.good, expiry_date: '12/30', cvv: '123' },
  });
  expect(response.status(), await response.text()).toBe(200);
}
