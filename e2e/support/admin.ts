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
