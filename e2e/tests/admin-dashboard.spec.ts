import { expect, test } from '../support/test';
import { dashboardRoutes, type DashboardCounts } from '@pw/contracts';
import { ADMIN } from '../playwright.config';
import { logIn, signUpFuneralHome, signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { becomeMember, expectNoHorizontalOverflow } from '../support/payments';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * docs/product.md §9.1: an admin opens the dashboard, sees the counts (each card a link to its list), changes the
 * charts' range from the last 30 days to the last 12 months and both charts redraw, by month.
 */
test('an admin sees the counts and changes the charts’ range; the charts redraw', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Today: a new member (a payment) and a new funeral home.
  const member = await signUpUser(request, { first_name: 'Dora' });
  await becomeMember(request, member);
  await signUpFuneralHome(request);
  const admin = await logIn(request, 'admin', ADMIN);
  const response = await callApi(request, dashboardRoutes.counts, { token: admin.token });
  expect(response.status()).toBe(200);
  const counts = ((await response.json()) as { data: DashboardCounts }).data;
  expect(counts.users).toBeGreaterThanOrEqual(1);
  expect(counts.active_subscriptions.membership).toBeGreaterThanOrEqual(1);

  await page.goto('/admin/login');
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page).toHaveTitle('Parting Words | Dashboard');

  const figure = (n: number) => n.toLocaleString('en-US');
  const users = page.getByRole('link', { name: new RegExp(`^Users\\s*${figure(counts.users)}$`) });
  await expect(users).toHaveAttribute('href', '/admin/user-management');
  const homes = page.getByRole('link', {
    name: new RegExp(`^Funeral Homes\\s*${figure(counts.funeral_homes)}$`),
  });
  await expect(homes).toHaveAttribute('href', '/admin/funeral-homes-management');
  await expect(
    page.getByRole('link', {
      name: new RegExp(`^Active Memberships\\s*${figure(counts.active_subscriptions.membership)}$`),
    }),
  ).toHaveAttribute('href', '/admin/time-subscription-management');
  await expect(page.getByRole('link', { name: /^Open Queries/ })).toHaveAttribute(
    'href',
    '/admin/queries-management',
  );

  // The last 30 days, by day: today's sign-ups and payment are drawn.
  const signups = page.getByRole('table', { name: 'Sign-ups per day' });
  await expect(signups.getByRole('row')).toHaveCount(31);
  const revenue = page.getByRole('table', { name: 'Revenue and purchases by plan, per day' });
  await expect(revenue.getByRole('row')).toHaveCount(31);
  const lines = page.getByTestId('signups-chart').locator('.recharts-line-curve');
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('revenue-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  const ticks = page.getByTestId('signups-chart').locator('.recharts-cartesian-axis-tick-value');
  const dayPath = await lines.first().getAttribute('d');

  // The last 12 months, by month: both charts ask again and redraw. The range ends on the day the page
  // took for today (its clock, read as it asked), so a month that turns meanwhile changes nothing here.
  const asked = page.waitForRequest(
    (sent) => sent.url().includes(dashboardRoutes.subscription.path) && sent.url().includes('group_by=month'),
  );
  await page.getByLabel('Range').selectOption('Last 12 months');
  const lastDay = new URL((await asked).url()).searchParams.get('to_date')!;
  expect(lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page).toHaveURL(/range=12m/);
  await expect(page.getByLabel('Group by')).toHaveValue('month');
  await expect(page.getByRole('table', { name: 'Sign-ups per month' }).getByRole('row')).toHaveCount(13);
  const byMonth = page.getByRole('table', { name: 'Revenue and purchases by plan, per month' });
  await expect(byMonth.getByRole('row')).toHaveCount(13);
  const [year, month] = lastDay.split('-').map(Number) as [number, number];
  const thisMonth = `${MONTHS[month - 1]} ${year}`;
  // The table writes the month whole, as every date is written; the axis, short of room, abbreviates it.
  const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  await expect(byMonth.getByRole('row').last()).toContainText(`${monthName} ${year}`);
  await expect(ticks.filter({ hasText: thisMonth })).toHaveCount(1);
  await expect.poll(() => lines.first().getAttribute('d')).not.toBe(dayPath);

  // The same page at 360 px: no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 800 });
  const drawing = page.getByTestId('signups-chart').locator('.recharts-wrapper > svg');
  await expect(drawing).toBeVisible();
  await expect.poll(async () => (await drawing.boundingBox())?.width ?? 999).toBeLessThanOrEqual(360);
  await expectNoHorizontalOverflow(page);
});
