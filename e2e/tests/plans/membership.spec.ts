import { expect, test } from '../../support/csp';
import type { Page } from '../../support/test';
import { PASSWORD, signUpUser } from '../../support/accounts';
import {
  CARDS,
  expectNoHorizontalOverflow,
  firstPlanOf,
  paymentHistory,
  payWithCard,
} from '../../support/payments';
import { logout } from '../support';

/**
 * docs/product.md §7, the user's plan screens (docs/product.md §13.3, §13.5, §13.7): a user without a plan lands on the plans page,
 * buys a membership with the sandbox's good card, is a member at the next login, and finds it Active in
 * the subscription logs; a declined card shows the provider's message and charges nothing.
 */

test.describe.configure({ timeout: 120_000 });

async function logInThroughTheForm(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('a user buys a membership through the screens and is a member at the next login', async ({
  page,
  request,
}) => {
  const session = await signUpUser(request);
  const plan = await firstPlanOf(request, session, 'Membership');

  await logInThroughTheForm(page, session.user.email);
  await expect(page).toHaveURL(/\/user\/subscription-plans$/);
  await page.getByRole('link', { name: 'View Details of Membership' }).click();
  await expect(page).toHaveURL(/\/user\/subscription-plans\/plan-details\?category=1$/);
  const card = page.getByRole('article', { name: plan.title });
  await expect(card).toContainText(`$${plan.price}`);
  await card.getByRole('link', { name: /Pay Now/ }).click();
  await expect(page).toHaveURL(/\/user\/subscription-plans\/plan-details\/payment\?plan=\d+$/);
  await expect(page.getByText('Amount:')).toContainText(`$${plan.price}`);

  await payWithCard(page, CARDS.good, plan.price);
  const success = page.getByRole('dialog', { name: 'Payment Successfully Made!' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  // The stored session user knows the new plan at once.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.active_plan?.home_plan?.plan_id).toBe(plan.id);

  await logout(page);
  await logInThroughTheForm(page, session.user.email);
  await expect(page).toHaveURL(/\/user\/profile$/);

  await page.goto('/user/subscription-logs');
  const row = page.getByRole('row').filter({ hasText: 'Membership' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`$${plan.price}`);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Renew ${plan.title}` })).toBeVisible();

  // Usable at 360 px: the table scrolls inside its frame, the page does not.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('heading', { name: 'Subscription Logs' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("a declined card shows the provider's message in red and charges nothing", async ({ page, request }) => {
  const session = await signUpUser(request);
  const plan = await firstPlanOf(request, session, 'Ad-Free');
  await logInThroughTheForm(page, session.user.email);
  await expect(page).toHaveURL(/\/user\/subscription-plans$/);

  await page.goto('/user/subscription-logs');
  await expect(page.getByText('No data found :(')).toBeVisible();
  await page.getByRole('link', { name: 'Buy a Plan' }).click();
  await expect(page).toHaveURL(/\/user\/subscription-logs\/plan-details$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await page
    .getByRole('article', { name: plan.title })
    .getByRole('link', { name: /Pay Now/ })
    .click();
  await expect(page).toHaveURL(/\/user\/subscription-logs\/plan-details\/payment\?plan=\d+$/);
  await expectNoHorizontalOverflow(page);

  await payWithCard(page, CARDS.declined, plan.price);
  // Said once, in red under the card number it is about, not again under the button.
  const message = page.locator('.invalid-feedback').filter({ hasText: /declined/i });
  await expect(message).toBeVisible();
  await expect(page.getByLabel('Card Number')).toHaveAccessibleDescription(/declined/i);
  await expect(page.getByText(/declined/i)).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await paymentHistory(request, session)).meta.total).toBe(0);
});
