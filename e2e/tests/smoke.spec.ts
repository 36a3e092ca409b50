import { expect, test } from '../support/test';

test('the home page opens with the tagline and title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Preserve Your Voice');
  await expect(page).toHaveTitle('Parting Words | Home');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
});
