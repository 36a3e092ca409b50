import { expect, test, type Page } from '../support/test';
import { PASSWORD, signUpFuneralHome } from '../support/accounts';

/**
 * docs/product.md §7, the funeral home's plan screens: a funeral home without a plan logs in and lands on the
 * plans (docs/product.md §13.3), buys the monthly plan, changes to the yearly one from the subscription setting,
 * finds both in its history (all / monthly / yearly), cancels the auto-renewal and sees the plan as
 * cancelled until its expiry. One look at 360 px.
 */

const card = { holder: 'Grace Hill', number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' };

async function payByCard(page: Page, amount: string) {
  await page.getByLabel(/Card Holder Name/).fill(card.holder);
  await page.getByLabel(/Card Number/).fill(card.number);
  await page.getByLabel(/Expiry Date/).fill(card.expiry);
  await page.getByLabel(/CVV/).fill(card.cvv);
  await page.getByRole('button', { name: `Pay $${amount}` }).click();
  const done = page.getByRole('dialog');
  await expect(done.getByRole('heading', { name: 'Payment Successfully Made!' })).toBeVisible();
  await done.getByRole('button', { name: 'Ok', exact: true }).click();
}

/** The table's rows, headers left out. */
const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr');

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('a funeral home changes plan, sees its history and cancels', async ({ page, request }) => {
  test.setTimeout(120_000);
  const home = await signUpFuneralHome(request, { home_name: 'Cedar Rest Funeral Home' });

  // Logging in without a plan leads to the plans (docs/product.md §13.3 route guards).
  await page.goto('/login');
  await page.locator('#login-email').fill(home.user.email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/funeral\/subscription-plans$/);

  // A plan card goes to its payment page; paying leads to the profile.
  await expect(page.getByRole('heading', { name: 'Funeral Home Monthly' })).toBeVisible();
  await expect(page.getByText('$29.99')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Funeral Home Monthly' }).click();
  await expect(page).toHaveURL(/\/funeral\/subscription-plans\/payment$/);
  await payByCard(page, '29.99');
  await expect(page).toHaveURL(/\/funeral\/profile$/);

  // The setting shows the running plan; Change Plan offers the others.
  await page.goto('/funeral/subscription-setting');
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByRole('heading', { name: 'Funeral Home Monthly' })).toBeVisible();
  await expect(current).toContainText('$29.99 / Month');
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change Plan' }).click();
  await expect(page).toHaveURL(/\/subscription-setting\/change-plan$/);
  await expect(page.getByRole('heading', { name: 'Funeral Home Monthly' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Funeral Home Yearly' }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('On renewing, current package will expire automatically');
  await ask.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL(/\/subscription-setting\/change-plan\/payment$/);
  await payByCard(page, '299.00');
  await expect(page).toHaveURL(/\/funeral\/subscription-setting$/);
  await expect(current.getByRole('heading', { name: 'Funeral Home Yearly' })).toBeVisible();
  await expect(current).toContainText('$299.00 / Year');

  // Both purchases in the history: the monthly one expired by the change, the yearly one running.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/subscription-setting\/history$/);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).filter({ hasText: 'Funeral Home Yearly' })).toContainText('Active');
  await expect(bodyRows(page).filter({ hasText: 'Funeral Home Monthly' })).toContainText('Expired');
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Funeral Home Monthly');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Funeral Home Yearly');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the history at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel removes the auto-renewal; the plan runs until its expiry.
  await page.goto('/funeral/subscription-setting');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const question = page.getByRole('dialog');
  await expect(question).toContainText('Auto-renewal will be removed...');
  await question.getByRole('button', { name: 'Yes', exact: true }).click();
  const cancelled = page.getByRole('dialog', { name: 'Subscription Cancelled!' });
  await expect(cancelled).toContainText('Expires on');
  await cancelled.getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(current.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(current).toContainText(/stays active until \d{1,2} \w+ \d{4}/);
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the subscription setting at 360 px');
});
