import { expect, test } from '../support/test';
import { legacyRoutes } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { signInAdmin } from '../support/admin';
import { finalMessage } from '../support/funeral-homes';
import { getVideo, succeed } from '../support/videos';
import { axeViolations } from './notifications/helpers';

/**
 * docs/product.md §6, the back office's part: a code holder reports the passing of an owner whose final message
 * is sealed; the admin finds the report by the owner's e-mail in Legacy Releases, narrows it by state,
 * reads the reporter's note, halts the release with a reason using the keyboard only, and sees it
 * halted; the owner's log names the halt and its reason.
 */
test('the admin finds a waiting release by the owner’s e-mail and halts it with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpUser(request, { first_name: 'Olive' });
  const video = await finalMessage(request, owner, 'For my family');
  // finalMessage opens the code at once; this owner keeps the safe release, with a long waiting period
  // (five minutes under LEGACY_WAIT_UNIT=ten-seconds, longer than the test may run), so nothing is
  // released while the admin looks.
  const saved = await succeed(request, legacyRoutes.saveSettings, {
    token: owner.token,
    body: { contacts: [], waiting_period_days: 30, check_in_months: 0, available_at_once: false },
  });
  expect(saved.data.state).toBe('sealed');
  const code = (await getVideo(request, owner, video.id)).access_code!;
  const holder = await signUpUser(request, { first_name: 'Hal' });
  const note = `Obituary in the Valley Gazette, ${Date.now()}`;
  const reported = await succeed(request, legacyRoutes.reportByCode, {
    token: holder.token,
    params: { code },
    body: { relation: 'Neighbour', note },
  });
  expect(reported.data.state).toBe('waiting');

  // The admin opens Legacy Releases from the sidebar and finds the report by the owner's e-mail.
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Legacy Releases' }).click();
  await expect(page).toHaveURL(/\/admin\/legacy-management$/);
  await expect(page).toHaveTitle('Parting Words | Legacy Releases');
  await page.getByRole('searchbox', { name: 'Search' }).fill(owner.user.email);
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('Olive Tester');
  await expect(row).toContainText(owner.user.email);
  await expect(row).toContainText('Hal Tester');
  await expect(row).toContainText('Access-code holder · Neighbour');
  await expect(row).toContainText('Waiting');
  await expect(row.getByRole('link', { name: 'Olive Tester' })).toHaveAttribute(
    'href',
    `/admin/user-management/details/${owner.user.id}`,
  );

  // The page's own content (the layout's account menu button is checked with the layout, not here).
  expect(await axeViolations(page, 'main')).toEqual([]);

  // The state filter: none halted yet; the waiting one is there. It is in the URL.
  const state = page.getByRole('combobox', { name: 'State' });
  await state.selectOption('Halted');
  await expect(page).toHaveURL(/state=halted/);
  await expect(page.getByText('No data found :(')).toBeVisible();
  await state.selectOption('Waiting');
  await expect(page).toHaveURL(/state=waiting/);
  await expect(row).toContainText('Olive Tester');

  // The reporter's note, in the report's details.
  await row.getByRole('button', { name: 'View the report on Olive Tester' }).click();
  const details = page.getByRole('dialog', { name: 'Report details' });
  await expect(details).toContainText(note);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toHaveCount(0);

  // Halt, by keyboard only: the row's Halt, the reason, Tab to Yes, Enter; then Ok.
  const haltButton = row.getByRole('button', { name: 'Halt the release of Olive Tester' });
  await haltButton.focus();
  await page.keyboard.press('Enter');
  const halt = page.getByRole('dialog', { name: 'Halt Release' });
  await expect(halt).toContainText('Are you sure you want to halt this release?');
  const reasonField = halt.getByRole('textbox', { name: /Reason/ });
  await expect(reasonField).toBeFocused();
  expect(await axeViolations(page, '.modal')).toEqual([]);
  // Yes without a reason: asked for one, nothing sent.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(halt.getByRole('button', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(halt.getByText('The reason field is required.')).toBeVisible();
  await expect(reasonField).toBeFocused();
  const reason = 'The family says she is alive and well.';
  await page.keyboard.type(reason);
  await page.keyboard.press('Tab');
  await expect(halt.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: 'Release Halted' });
  await expect(done).toContainText('The release has been halted.');
  await expect(done.getByRole('button', { name: 'Ok' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Legacy Releases' })).toBeFocused();

  // No longer waiting; listed as halted, without a Halt button.
  await expect(page.getByText('No data found :(')).toBeVisible();
  await state.selectOption('Halted');
  await expect(row).toContainText('Olive Tester');
  await expect(row).toContainText('Halted');
  await expect(row.getByRole('button', { name: /^Halt/ })).toHaveCount(0);

  // The owner's log names the halt and its reason; the message is sealed again.
  const settings = (await succeed(request, legacyRoutes.settings, { token: owner.token })).data;
  expect(settings.state).toBe('sealed');
  expect(settings.open_report).toBeNull();
  expect(settings.log[0]!.text).toBe(`An administrator halted the release. Reason: ${reason}`);
});
