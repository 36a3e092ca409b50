import { expect, test } from '../../support/test';
import { notificationRoutes, type RouteResponse } from '@pw/contracts';
import { ADMIN } from '../../playwright.config';
import { logIn, sendContactUs, signUpFuneralHome, signUpUser } from '../../support/accounts';
import { callApi } from '../../support/api';
import { signInBrowser } from '../../support/browser';
import { axeViolations, markAllRead, newPerson, notificationTotal, unreadCount } from './helpers';

/**
 * The notifications page against real events: admins are told of every sign-up and every contact-us
 * query (docs/product.md §10), so twelve of those give the admin twelve real notifications —
 * more than one page of ten.
 */
test('admin notifications: badge, filter, toggle, Mark All As Read and Load More over real events', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await logIn(request, 'admin', ADMIN);
  // Start from a known state: whatever earlier specs caused is read.
  await markAllRead(request, admin.token);

  const describeUnread = async () => {
    const unread = await callApi(request, notificationRoutes.list, {
      query: { status: 'unread', per_page: 50 },
      token: admin.token,
    });
    const list = (await unread.json()) as RouteResponse<typeof notificationRoutes.list>;
    return JSON.stringify(list.data.map((item) => item.data.body));
  };

  const funeral = await signUpFuneralHome(request, newPerson('Morgan'));
  for (let i = 0; i < 7; i += 1) await signUpUser(request, newPerson(`Signup${i}`));
  for (let i = 0; i < 4; i += 1) await sendContactUs(request, { subject: `Question number ${i + 1}` });
  try {
    await expect.poll(() => unreadCount(request, admin.token), { timeout: 30_000 }).toBe(12);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nUnread now: ${await describeUnread()}`);
  }
  const total = await notificationTotal(request, admin.token);
  expect(total).toBeGreaterThanOrEqual(12);

  await signInBrowser(page, admin);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/admin/notifications');
  await expect(page).toHaveTitle('Parting Words | Notifications');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, 12 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('9+');

  // The bell's dropdown: keyboard in and out, View All.
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.notification-bell__item').first()).toContainText('Unread:');
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/notifications');
  expect(await axeViolations(page, '.notification-bell')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('admin-bell-360.png') });
  expect(await axeViolations(page, '#main')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await expect(bell).toBeFocused();

  // All, paged by ten, Load More until the end.
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(Math.min(10, total));
  await expect(items.first()).toContainText(/query|sign/i);
  const loadMore = page.getByRole('button', { name: 'Load More' });
  while (await loadMore.isVisible()) {
    const before = await items.count();
    await loadMore.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
  await expect(items).toHaveCount(total);
  await page.screenshot({ path: testInfo.outputPath('admin-notifications-360.png'), fullPage: true });

  // Unread: the twelve new ones, again more than a page.
  await page.locator('label', { hasText: /^Unread$/ }).click();
  await expect(page).toHaveURL(/status=unread/);
  await expect(items).toHaveCount(10);
  await expect(page.getByRole('button', { name: /^Mark As Unread:/ })).toHaveCount(0);
  await loadMore.click();
  await expect(items).toHaveCount(12);
  await expect(loadMore).toBeHidden();

  // One toggle: the badge follows at once, the server agrees.
  const first = items.first();
  const title = (await first.getByRole('heading').textContent())!.replace('Unread:', '').trim();
  await first.getByRole('button', { name: /^Mark As Read:/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 11 unread');
  await expect(first.getByRole('button', { name: /^Mark As Unread:/ })).toBeVisible();
  await expect.poll(() => unreadCount(request, admin.token)).toBe(11);

  // Read: it is there, and can be turned back.
  await page.locator('label', { hasText: /^Read$/ }).click();
  await expect(page).toHaveURL(/status=read/);
  const readItem = items.filter({ hasText: title }).first();
  await expect(readItem).toBeVisible();
  await readItem.getByRole('button', { name: /^Mark As Unread:/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 12 unread');
  await expect.poll(() => unreadCount(request, admin.token)).toBe(12);

  // Mark All As Read: badge gone at once; the Unread view empties.
  await page.getByRole('button', { name: 'Mark All As Read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect.poll(() => unreadCount(request, admin.token)).toBe(0);
  await page.locator('label', { hasText: /^Unread$/ }).click();
  await expect(page.getByText('No notifications available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark All As Read' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // The state survives a reload (it is the server's).
  await page.reload();
  await expect(page.getByText('No notifications available')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // A funeral home with nothing yet sees its own area's wording.
  const funeralPage = await browser.newPage();
  await signInBrowser(funeralPage, funeral);
  await funeralPage.goto('/funeral/notifications');
  await expect(funeralPage.getByText('No notification', { exact: true }).last()).toBeVisible();
  await expect(funeralPage.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName(
    'Notifications, none unread',
  );
  await funeralPage.close();
});
