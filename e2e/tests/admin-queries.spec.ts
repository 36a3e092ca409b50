import { expect, test } from '../support/test';
import { ADMIN } from '../playwright.config';
import { sendContactUs } from '../support/accounts';

/**
 * The list kit's first use: a visitor's contact-us message reaches the admin's queries list,
 * the admin finds it by search, opens it, and pages through 25 messages ten at a time; the list's
 * state is in the URL (reload and back keep it).
 */
test('a visitor writes, the admin finds and opens it, then pages through 25 messages', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = `Batch${Date.now()}`;
  // 25 messages from 25 visitors (the contact form allows 10 an hour per address).
  for (let i = 1; i <= 25; i++) {
    await sendContactUs(
      request,
      { name: `Visitor ${i}`, email: `v${i}@e2e.test`, subject: `${tag} question ${i}`, message: 'Hi' },
      { 'X-Forwarded-For': `203.0.113.${i}` },
    );
  }

  // A visitor sends one through the form.
  const subject = `Funeral wishes ${Date.now()}`;
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Margaret Hale');
  await page.getByLabel('Email').fill('margaret@e2e.test');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Can my daughter receive my video on her wedding day?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/Thank you for/)).toBeVisible();

  // The admin signs in and opens Queries from the sidebar.
  await page.goto('/admin/login');
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Queries', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/queries-management$/);
  await expect(page).toHaveTitle('Parting Words | Queries');

  await page.getByRole('searchbox', { name: 'Search' }).fill(subject);
  await expect(page).toHaveURL(/search=Funeral/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Margaret Hale');
  await expect(table.getByRole('row').nth(1)).toContainText('Visitor');
  await table.getByRole('link', { name: 'View the query from Margaret Hale' }).click();
  await expect(page).toHaveURL(/\/admin\/queries-management\/details\/\d+$/);
  await expect(page.getByText('Can my daughter receive my video on her wedding day?')).toBeVisible();
  await expect(page.getByText('margaret@e2e.test')).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(subject);

  // Paging, 10 a page, through the 25.
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page.getByText('Showing 1 to 10 of 25')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 11 to 20 of 25')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 21 to 25 of 25')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table).toContainText('Visitor 1');
  await expect(page).toHaveURL(/page=3/);
  await page.reload();
  await expect(page.getByText('Showing 21 to 25 of 25')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Showing 11 to 20 of 25')).toBeVisible();

  // All on one page; changing the size goes back to page 1.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('All');
  await expect(page.getByText('Showing 1 to 25 of 25')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});
