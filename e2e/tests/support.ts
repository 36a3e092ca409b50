import { expect, type Page } from '@playwright/test';
import { newestMatchSentTo } from '../support/outbox';

/** The 6-digit code of the newest reset e-mail sent to `email` (the server's outbox in E2E_DATA_DIR). */
export const readResetCode = (email: string): Promise<string> => newestMatchSentTo(email, /\b\d{6}\b/);

/** Opens the profile menu and confirms the Logout dialog. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Logout?' })).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  // Signed out once the server has answered and the page has left for its login page: a page opened
  // before that would still find the session.
  await expect(page).toHaveURL(/\/login$/);
}

/** A 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
