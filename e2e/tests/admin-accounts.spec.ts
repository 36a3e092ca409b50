import { expect, test, type Locator, type Page } from '../support/test';
import { PASSWORD, signUpFuneralHome, signUpUser } from '../support/accounts';
import { giveReadReason, signInAdmin } from '../support/admin';
import { expectPlays, pageFor } from '../support/browser';
import { finalMessage } from '../support/funeral-homes';
import { becomeMember, expectNoHorizontalOverflow } from '../support/payments';
import { waitReady } from '../support/videos';

/**
 * docs/product.md §9.2, the back office's accounts: an admin finds a user by search, deactivates them (the user's
 * open session is refused at once, and so is their login) and activates them again; the same for a
 * funeral home from its details; a user's parting words play, or read 'Not Available'.
 */

const DEACTIVATED = 'Your account has been deactivated. Please contact support.';

/** The web login screen (users and funeral homes), with the e2e password. */
async function logInThroughForm(page: Page, email: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Picks Active or Inactive in an account's status dropdown, answers docs/product.md §13.5's question
 * ('Are you sure you want to deactivate this user, Iris Quill?', titled 'Deactivate User') and closes the
 * success dialog that follows ('User has been Deactivated Successfully').
 */
async function changeStatus(
  page: Page,
  status: Locator,
  to: 'Active' | 'Inactive',
  account: { kind: 'User' | 'Funeral Home'; name: string },
) {
  const verb = to === 'Active' ? 'Activate' : 'Deactivate';
  await status.selectOption(to);
  const ask = page.getByRole('dialog');
  await expect(ask.getByRole('heading')).toHaveText(`${verb} ${account.kind}`);
  await expect(ask).toContainText(
    `Are you sure you want to ${verb.toLowerCase()} this ${account.kind.toLowerCase()}, ${account.name}?`,
  );
  await ask.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(`${account.kind} has been ${verb}d Successfully`);
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('an admin finds a user, deactivates them (their session is refused) and activates them again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const lastName = `Quill${Date.now()}`;
  const member = await signUpUser(request, { first_name: 'Iris', last_name: lastName });
  await becomeMember(request, member);
  const name = `Iris ${lastName}`;

  // The user is signed in, in a browser of their own.
  const userPage = await pageFor(browser, member);
  await userPage.goto('/user/profile');
  await expect(userPage.getByText(member.user.email)).toBeVisible();

  await signInAdmin(page);
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\/user-management$/);
  await expect(page).toHaveTitle('Parting Words | User Management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
  await expect(page).toHaveURL(/search=Quill/);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(member.user.email);
  const status = page.getByRole('combobox', { name: `Status of ${name}` });
  await expect(status).toHaveValue('1');

  // By keyboard: the dropdown asks first; Escape is No and nothing changes.
  await status.focus();
  await page.keyboard.press('ArrowDown');
  // The question names the account and ends with a question mark.
  await expect(page.getByRole('dialog')).toContainText(
    `Are you sure you want to deactivate this user, ${name}?`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(status).toHaveValue('1');

  await changeStatus(page, status, 'Inactive', { kind: 'User', name });
  await expect(status).toHaveValue('0');

  // The user's open session is refused at once: the app shows the login, which refuses them clearly.
  await userPage.goto('/user/profile');
  await expect(userPage).toHaveURL(/\/login$/);
  await logInThroughForm(userPage, member.user.email);
  await expect(userPage.getByText(DEACTIVATED)).toBeVisible();

  // The Inactive filter finds them; activating brings the login back.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Inactive');
  await expect(page).toHaveURL(/status=0/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await changeStatus(page, status, 'Active', { kind: 'User', name });
  // The list refreshed: under the Inactive filter the user is gone.
  await expect(page.getByText('No data found :(')).toBeVisible();
  await logInThroughForm(userPage, member.user.email);
  await expect(userPage).toHaveURL(/\/user(\/|$)/);

  // The details: profile, the membership bought, and no parting words yet.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'All statuses' });
  await page.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/user-management\/details\/\d+$/);
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByText(member.user.email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time Subscription' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Parting Words', exact: true }).click();
  await expect(page).toHaveURL(/\/details\/\d+\/parting-words$/);
  await giveReadReason(page, 'Checking the account after its reactivation.');
  await expect(page.getByText('Not Available')).toBeVisible();

  // At 360 px the list does not scroll sideways: the filters wrap, the table scrolls in its box.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/admin/user-management?search=${lastName}`);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await userPage.context().close();
});

test('an admin deactivates a funeral home from the list and activates it from its details', async ({
  page,
  browser,
  request,
}) => {
  const homeName = `Lantern House ${Date.now()}`;
  const home = await signUpFuneralHome(request, { home_name: homeName });
  const homePage = await pageFor(browser, home);

  await signInAdmin(page);
  await page.getByRole('link', { name: 'Funeral Homes Management' }).click();
  await expect(page).toHaveURL(/\/admin\/funeral-homes-management$/);
  await expect(page).toHaveTitle('Parting Words | Funeral Homes Management');
  await page.getByRole('searchbox', { name: 'Search' }).fill(homeName);
  const table = page.getByRole('table', { name: 'Funeral homes' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const headers = await table.getByRole('columnheader').allTextContents();
  expect(headers.map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual([
    'S.No',
    'Home Name',
    'Subscription',
    'Email',
    'Registration Date',
    'Status',
    'View',
  ]);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(homeName);
  await expect(row).toContainText(home.user.email);
  await expect(row).toContainText('Un-subscriber');

  const account = { kind: 'Funeral Home', name: homeName } as const;
  await changeStatus(
    page,
    page.getByRole('combobox', { name: `Status of ${homeName}` }),
    'Inactive',
    account,
  );
  await homePage.goto('/funeral/profile');
  await expect(homePage).toHaveURL(/\/login$/);
  await logInThroughForm(homePage, home.user.email);
  await expect(homePage.getByText(DEACTIVATED)).toBeVisible();

  await page.getByRole('link', { name: `View ${homeName}` }).click();
  await expect(page).toHaveURL(/\/admin\/funeral-homes-management\/details\/\d+$/);
  await expect(page.getByText(homeName, { exact: true })).toBeVisible();
  const status = page.getByRole('combobox', { name: `Status of ${homeName}` });
  await expect(status).toHaveValue('0');
  await changeStatus(page, status, 'Active', account);
  await expect(status).toHaveValue('1');
  await logInThroughForm(homePage, home.user.email);
  await expect(homePage).toHaveURL(/\/funeral(\/|$)/);
  await homePage.context().close();
});

test("an admin plays a user's parting words from the user's details", async ({ page, request }) => {
  test.setTimeout(120_000);
  const lastName = `Wren${Date.now()}`;
  const owner = await signUpUser(request, { first_name: 'Mae', last_name: lastName });
  const video = await finalMessage(request, owner, 'For my grandchildren');
  await waitReady(request, owner, video.id);

  await signInAdmin(page);
  await page.goto(`/admin/user-management?search=${lastName}`);
  await page.getByRole('link', { name: `View Mae ${lastName}` }).click();
  await expect(page.getByText('Not Available')).toHaveCount(0);
  await page.getByRole('link', { name: 'Parting Words', exact: true }).click();
  await giveReadReason(page, 'The family asked us to check that it plays.');
  await expect(page.getByText('For my grandchildren').first()).toBeVisible();
  await expectPlays(page.getByLabel('Video: For my grandchildren'));
});
