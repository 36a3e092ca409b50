import fs from 'node:fs/promises';
import { expect, test } from '../support/test';
import { accountRoutes } from '@pw/contracts';
import { PASSWORD, signUpFuneralHome, signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { pageFor } from '../support/browser';
import { expectNoHorizontalOverflow } from '../support/payments';
import { uploadDraft } from '../support/videos';

/** The names a zip's central directory lists (stored as plain bytes after each `PK\x01\x02` header). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}

test('a user downloads their data as a zip, then deletes their account and can no longer sign in', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const person = await signUpUser(request, { first_name: 'Leah' });
  const video = await uploadDraft(request, person, 'For my grandson');

  const page = await pageFor(browser, person, 360);
  await page.goto('/user/profile/details');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // Download my data: the progress, then the link to the archive.
  await page.getByRole('button', { name: 'Download my data' }).click();
  const link = page.getByRole('link', { name: /Download \(zip\)/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  // A reload finds the same ready export.
  await page.reload();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^parting-words-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await fs.readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  const names = zipEntryNames(zip);
  expect(names).toEqual(
    expect.arrayContaining([
      'README.txt',
      'profile.json',
      'payments.json',
      `videos/${video.id}-For-my-grandson/video.mp4`,
      `videos/${video.id}-For-my-grandson/info.json`,
    ]),
  );

  // Delete account, by keyboard: the question, the password, and out to the login page.
  const remove = page.getByRole('button', { name: 'Delete account' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('none of them will be sent');
  await expectNoHorizontalOverflow(page);
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  const done = page.getByRole('dialog', { name: 'Account Deleted' });
  await expect(done).toContainText('Your account has been deleted.');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  const login = await callApi(request, accountRoutes.webLogin, {
    body: { email: person.user.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
  const profile = await callApi(request, accountRoutes.userProfile, { token: person.token });
  expect(profile.status()).toBe(401);
  await page.context().close();
});

test('a funeral home deletes its account from its profile', async ({ browser, request }) => {
  const home = await signUpFuneralHome(request);
  const page = await pageFor(browser, home);
  await page.goto('/funeral/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Account Deleted' })).toBeVisible();
  const login = await callApi(request, accountRoutes.webLogin, {
    body: { email: home.user.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
  await page.context().close();
});
