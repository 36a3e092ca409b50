import { expect, test } from '../support/test';
import { ADMIN_READ_MESSAGES, ADMIN_READS_TITLE } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { signInAdmin } from '../support/admin';
import { expectPlays, pageFor } from '../support/browser';
import { finalMessage } from '../support/funeral-homes';
import { expectNoHorizontalOverflow } from '../support/payments';
import { waitReady } from '../support/videos';

/**
 * docs/product.md §11.10: an administrator opens a user's sealed final message only after giving a reason,
 * in a dialog that says the owner will be told; the owner then finds the bell's notice and the entry in
 * 'Who has seen my messages', at 360 px.
 */
test('an admin gives a reason to open a sealed message; the owner is told and sees it listed', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const lastName = `Audit${Date.now()}`;
  const owner = await signUpUser(request, { first_name: 'Rosa', last_name: lastName });
  const video = await finalMessage(request, owner, 'Sealed for my family', { sealed: true });
  await waitReady(request, owner, video.id);
  const reason = 'The family reported the message would not play (ticket 2207).';

  await signInAdmin(page);
  await page.goto(`/admin/user-management?search=${lastName}`);
  await page.getByRole('link', { name: `View Rosa ${lastName}` }).click();
  await page.getByRole('link', { name: 'Parting Words', exact: true }).click();

  // Sealed: the dialog asks why first and says the owner will be told; nothing plays before.
  const dialog = page.getByRole('dialog', { name: 'Why do you need to open this message?' });
  await expect(dialog).toContainText('The owner will be told at once');
  await expect(page.getByLabel('Video: Sealed for my family')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Tell the owner and open' }).click();
  await expect(dialog).toContainText(ADMIN_READ_MESSAGES.reasonRequired);
  const field = dialog.getByLabel('Reason');
  await expect(field).toBeFocused();
  await field.fill(reason);
  await page.screenshot({ path: testInfo.outputPath('admin-reason-1280.png') });
  await dialog.getByRole('button', { name: 'Tell the owner and open' }).click();
  await expect(dialog).toHaveCount(0);
  await expectPlays(page.getByLabel('Video: Sealed for my family'));

  // The owner, on a phone: the bell's notice leads to the list, which names the read and its reason.
  const ownerPage = await pageFor(browser, owner, 360);
  await ownerPage.goto('/user/profile');
  const bell = ownerPage.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName(/Notifications, [1-9] unread/, { timeout: 30_000 });
  await bell.press('Enter');
  const notice = ownerPage.getByRole('link', { name: /An administrator opened your Parting Words/ });
  await expect(notice).toContainText(reason);
  await ownerPage.screenshot({ path: testInfo.outputPath('owner-bell-360.png') });
  await notice.click();
  await expect(ownerPage).toHaveURL(/\/user\/profile\/who-has-seen$/);
  await expect(ownerPage.getByRole('heading', { name: ADMIN_READS_TITLE })).toBeVisible();
  const entries = ownerPage.getByRole('listitem');
  const entry = entries.filter({ hasText: 'Your Parting Words (final message)' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('“Sealed for my family”');
  await expect(entry).toContainText(`Reason given: ${reason}`);
  // The admin's view of the details on the way is listed too, without a reason.
  await expect(entries.filter({ hasText: 'Your profile and plans' })).toHaveCount(1);
  await expectNoHorizontalOverflow(ownerPage);
  await ownerPage.screenshot({ path: testInfo.outputPath('owner-audit-360.png'), fullPage: true });

  // The same list at 1280, reached from the account menu.
  await ownerPage.setViewportSize({ width: 1280, height: 900 });
  await ownerPage.goto('/user/profile');
  await ownerPage.getByRole('button', { name: /Rosa/ }).click();
  await ownerPage.getByRole('link', { name: ADMIN_READS_TITLE }).click();
  await expect(ownerPage.getByRole('listitem').filter({ hasText: reason })).toHaveCount(1);
  await ownerPage.screenshot({ path: testInfo.outputPath('owner-audit-1280.png'), fullPage: true });
  await ownerPage.context().close();
});
