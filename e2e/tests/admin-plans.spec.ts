import { expect, test, type Page } from '../support/test';
import { planRoutes, routeUrl, type RouteResponse } from '@pw/contracts';
import { ADMIN } from '../playwright.config';
import { logIn, signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { signInBrowser } from '../support/browser';

/**
 * docs/product.md §7, the admin's plan screens: an admin creates a time plan and a user is offered it on
 * /user/subscription-plans; the admin deactivates it and it is no longer offered; the admin sets the
 * per-minute rate, the history shows it and users are offered extra minutes at that rate.
 */

type HomePlans = RouteResponse<typeof planRoutes.userHomePlans>;
type UserPlans = RouteResponse<typeof planRoutes.userPlans>;

/**
 * The plan titles the user's plans page receives. The page shows the categories (docs/product.md §7.1); the
 * plans inside them are what the admin's change must reach, so the page's own answer is read.
 */
async function offeredTitles(page: Page): Promise<string[]> {
  const answer = page.waitForResponse((response) =>
    response.url().endsWith(routeUrl(planRoutes.userHomePlans)),
  );
  await page.goto('/user/subscription-plans');
  const body = (await (await answer).json()) as HomePlans;
  await expect(page.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
  return body.data.flatMap((category) => category.plans.map((plan) => plan.title));
}

test('an admin creates a time plan, a user is offered it, the admin deactivates it; the rate', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Evergreen ${Date.now()}`;
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInBrowser(adminPage, await logIn(request, 'admin', ADMIN));
  const user = await browser.newContext();
  const userPage = await user.newPage();
  const userSession = await signUpUser(request, { first_name: 'Plan' });
  await signInBrowser(userPage, userSession);

  // The admin creates a time plan: the form starts on Monthly.
  await adminPage.goto('/admin/time-subscription-management/plans');
  await expect(adminPage).toHaveTitle('Parting Words | Time Subscription Plans');
  await adminPage.getByRole('link', { name: 'New Plan' }).click();
  await expect(adminPage.getByLabel('Duration')).toHaveValue('monthly');
  await adminPage.getByRole('button', { name: 'Create' }).click();
  await expect(adminPage.getByText('The title field is required.')).toBeVisible();
  await adminPage.getByLabel('Title').fill(title);
  await adminPage.getByLabel('Duration').selectOption({ label: 'Yearly' });
  await adminPage.getByLabel('Price').fill('39.90');
  await adminPage.getByLabel('Description').fill('A year of messages.');
  await adminPage.getByRole('button', { name: 'Create' }).click();
  // Every plan save ends with the same success dialog, naming what was saved.
  const created = adminPage.getByRole('dialog', { name: 'Subscription Plan Created Successfully.' });
  await expect(created).toContainText(`“${title}” is saved: $39.90, Yearly.`);
  await created.getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/time-subscription-management\/plans$/);

  // It is in the list (found by search, with '$'), and its details show what was entered.
  await adminPage.getByRole('searchbox', { name: 'Search' }).fill(title);
  await expect(adminPage).toHaveURL(/search=Evergreen/);
  const row = adminPage.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('$39.90');
  await row.getByRole('link', { name: `View ${title}` }).click();
  await expect(adminPage.getByRole('heading', { name: 'Plan Details' })).toBeVisible();
  await expect(adminPage.locator('dl')).toContainText('Yearly');
  await expect(adminPage.locator('dl')).toContainText('A year of messages.');
  await adminPage.goBack();

  // The user is offered it.
  expect(await offeredTitles(userPage)).toContain(title);

  // The admin deactivates it through the confirmation and its success dialog.
  await row.getByRole('switch', { name: `${title}: Active` }).click();
  await expect(adminPage.getByRole('dialog')).toContainText('Deactivate Subscription Plan');
  // The question names the plan and ends with a question mark.
  await expect(adminPage.getByRole('dialog')).toContainText(
    `Are you sure you want to deactivate this subscription plan, “${title}”?`,
  );
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(adminPage.getByRole('dialog')).toContainText('Subscription Plan Deactivated');
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(row.getByRole('switch', { name: `${title}: Inactive` })).not.toBeChecked();

  // The user is no longer offered it.
  expect(await offeredTitles(userPage)).not.toContain(title);

  // The admin sets the per-minute rate from the sidebar; the history shows it.
  await adminPage.getByRole('link', { name: 'One-Time Purchase' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/otpurchase-management$/);
  const rate = (1 + (Date.now() % 89) / 100).toFixed(2);
  await adminPage.getByLabel('Price Per Minute').fill(rate);
  await adminPage.getByRole('button', { name: 'Save' }).click();
  // The same kind of success dialog as a plan's save.
  const updated = adminPage.getByRole('dialog', { name: 'Updated' });
  await expect(updated).toContainText(`The price per minute is now $${rate}.`);
  await updated.getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(adminPage.getByRole('table').getByRole('row').nth(1)).toContainText(`$${rate}`);

  // Users now buy extra minutes at that rate (GET /web/user/plan, what the payment pages read).
  const offer = await callApi(request, planRoutes.userPlans, { token: userSession.token });
  expect(offer.status()).toBe(200);
  expect(((await offer.json()) as UserPlans).data.one_time_rate?.rate).toBe(rate);

  await admin.close();
  await user.close();
});
