import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { paymentRoutes, planRoutes, type RouteResponse } from '@pw/contracts';
import { ADMIN } from '../playwright.config';
import { logIn, signUpFuneralHome, signUpUser, type Session } from '../support/accounts';
import { callApi } from '../support/api';
import { signInBrowser } from '../support/browser';

/**
 * docs/product.md §7, the admin's purchase logs: a user buys a membership and an ad-free plan and a funeral home
 * buys its plan (through the API, with the sandbox's good card); the admin sees each purchase in its
 * log, filters it away by a purchase-date range, and the payment log filters by user type.
 */

const CARD = {
  card_holder_name: 'Ruth Tester',
  card_no: '4242 4242 4242 4242',
  expiry_date: '12/30',
  cvv: '123',
};

interface Bought {
  title: string;
  price: string;
}

async function ok<T>(response: Awaited<ReturnType<typeof callApi>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Pays for `plan` with the good card through the payment call of the buyer's kind. */
async function pay<P extends { id: number } & Bought>(
  request: APIRequestContext,
  buyer: Session,
  route: typeof paymentRoutes.userPlanPayment | typeof paymentRoutes.funeralHomePlanPayment,
  plan: P,
): Promise<Bought> {
  await ok(await callApi(request, route, { token: buyer.token, params: { id: plan.id }, body: CARD }));
  return plan;
}

/** The user pays for the first plan of a category (Membership, Ad-Free) offered by GET /web/user/plan. */
async function userBuys(request: APIRequestContext, user: Session, category: string): Promise<Bought> {
  const offer = await ok<RouteResponse<typeof planRoutes.userPlans>>(
    await callApi(request, planRoutes.userPlans, { token: user.token }),
  );
  const plan = offer.data.categories.find((c) => c.title === category)!.plans[0]!;
  return pay(request, user, paymentRoutes.userPlanPayment, plan);
}

async function homeBuys(request: APIRequestContext, home: Session): Promise<Bought> {
  const offer = await ok<RouteResponse<typeof planRoutes.funeralHomePlans>>(
    await callApi(request, planRoutes.funeralHomePlans, { token: home.token }),
  );
  return pay(request, home, paymentRoutes.funeralHomePlanPayment, offer.data[0]!);
}

/** Opens a log from the sidebar, finds the buyer by search, and checks the row. */
async function openLog(page: Page, sidebar: string, path: string, search: string) {
  await page.getByRole('link', { name: sidebar, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { name: sidebar })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

/** A purchase-date range long before any purchase: the row goes; Reset brings it back. */
async function filterAwayByPurchaseDate(page: Page) {
  await page.getByLabel('Purchase Date From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('Purchase Date To', { exact: true }).fill('2001-01-31');
  await expect(page.getByText('No data found :(')).toBeVisible();
  await expect(page).toHaveURL(/from_date=2001-01-01/);
}

test('an admin sees each purchase in its log, filters by date, and the payment log by user type', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `pl${Date.now()}`;
  const userEmail = `buyer-${tag}@e2e.test`;
  const homeEmail = `home-${tag}@e2e.test`;
  const user = await signUpUser(request, { email: userEmail });
  const home = await signUpFuneralHome(request, {
    email: `home-${tag}@e2e.test`,
    home_name: 'Maple Rest Home',
  });
  const membership = await userBuys(request, user, 'Membership');
  const adFree = await userBuys(request, user, 'Ad-Free');
  const homePlan = await homeBuys(request, home);

  await signInBrowser(page, await logIn(request, 'admin', ADMIN));
  await page.goto('/admin/dashboard');

  // Time subscription: the membership, with its plan, '$' price and Active; then filtered away.
  let row = await openLog(page, 'Time Subscription', '/admin/time-subscription-management', userEmail);
  await expect(row).toContainText('Ruth Tester');
  await expect(row).toContainText(membership.title);
  await expect(row).toContainText(`$${membership.price}`);
  await expect(row).toContainText('Active');
  await expect(page).toHaveTitle('Parting Words | Time Subscription');
  await filterAwayByPurchaseDate(page);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: 'Manage Subscription Plan' }).click();
  await expect(page).toHaveURL(/\/admin\/time-subscription-management\/plans$/);
  await expect(page.getByRole('heading', { name: 'Time Subscription Plans' })).toBeVisible();

  // Ad-free: the user's ad-free plan.
  row = await openLog(page, 'Ad-Free Subscription', '/admin/adfree-subscription-management', userEmail);
  await expect(row).toContainText(`$${adFree.price}`);
  await expect(row).toContainText('Active');
  await filterAwayByPurchaseDate(page);

  // Funeral homes: the home by its name, with its plan.
  row = await openLog(
    page,
    'Funeral Homes Subscription',
    '/admin/funeralhomes-subscription-management',
    homeEmail,
  );
  await expect(row).toContainText('Maple Rest Home');
  await expect(row).toContainText(homePlan.title);
  await expect(row).toContainText(`$${homePlan.price}`);
  await filterAwayByPurchaseDate(page);

  // Payment logs: the three payments; by user type, the home's alone or the user's two.
  await page.getByRole('link', { name: 'Payment Logs' }).click();
  await expect(page).toHaveURL(/\/admin\/payment-logs$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await page.getByRole('combobox', { name: 'User type' }).selectOption({ label: 'Funeral Home' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Maple Rest Home');
  await expect(rows.nth(1)).toContainText(`$${homePlan.price}`);
  await page.getByRole('combobox', { name: 'User type' }).selectOption({ label: 'User' });
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('table')).not.toContainText('Maple Rest Home');
  await page.getByRole('combobox', { name: 'Plan category' }).selectOption({ label: 'Ad-Free' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(adFree.title);
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-31');
  await expect(page.getByText('No data found :(')).toBeVisible();

  // At 360 px the page does not scroll sideways: the filters wrap and the table scrolls in its box.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
