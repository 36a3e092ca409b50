import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';

/** The admin signs in through the back office's login screen and lands on the dashboard. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * The Parting Words page of the back office asks why first (docs/product.md §11.10): the dialog says the
 * owner will be told; the reason typed, the message opens.
 */
export async function giveReadReason(page: Page, reason: string) {
  const dialog = page.getByRole('dialog', { name: 'Why do you need to open this message?' });
  await expect(dialog).toContainText('The owner will be told at once');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Tell the owner and open' }).click();
  await expect(dialog).toHaveCount(0);
}
