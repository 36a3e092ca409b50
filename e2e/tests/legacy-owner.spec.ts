import { expect, test, type Locator, type Page } from '../support/test';
import {
  legacyRoutes,
  REPORT_CANCELLED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
} from '@pw/contracts';
import { PASSWORD, signUpUser, uniqueEmail } from '../support/accounts';
import { pageFor } from '../support/browser';
import { alivePathSentTo, contactPathSentTo, tokenOf } from '../support/legacy';
import { expectNoHorizontalOverflow } from '../support/payments';
import { succeed } from '../support/videos';

/**
 * docs/product.md §6, the owner's side (docs/product.md §6.1): 'Release of my final message' on the profile
 * details, set by keyboard on a phone, and an open report as the first thing a signed-in owner sees,
 * cancelled only when the owner says so.
 */

const LINK = /^\/legacy\/(contact|alive)\/[A-Za-z0-9_-]{43}$/;

/** Presses Tab and checks where the focus went: the flow below is the keyboard's, step by step. */
async function tabTo(page: Page, target: Locator) {
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('an owner names two trusted contacts by keyboard at 360 px, sends one role e-mail again, and cancels a reported passing after signing in', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpUser(request, { first_name: 'Olive' });
  const kim = uniqueEmail('kim');
  const lee = uniqueEmail('lee');

  const page = await pageFor(browser, owner, 360);
  await page.goto('/user/profile/details');
  const card = page.getByRole('region', { name: 'Release of my final message' });
  await expect(card.getByTestId('legacy-state')).toContainText('Sealed');
  await expect(card.getByText('You have not named any trusted contacts yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'A passing has been reported' })).toHaveCount(0);

  // By keyboard: two contacts, the waiting period, check-ins every 3 months, then Save.
  const contacts = card.getByTestId('legacy-contact');
  const add = card.getByRole('button', { name: 'Add a trusted contact' });
  const named: Array<[string, string]> = [
    ['Kim Kin', kim],
    ['Lee Kin', lee],
  ];
  await add.focus();
  for (const [index, [name, email]] of named.entries()) {
    const row = contacts.nth(index);
    await page.keyboard.press('Enter');
    await expect(row.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await tabTo(page, row.getByLabel('E-mail'));
    await page.keyboard.type(email);
    await tabTo(page, row.getByRole('button', { name: `Remove trusted contact ${index + 1}` }));
    await tabTo(page, add);
  }
  const waiting = card.getByLabel('Waiting period (days)');
  await tabTo(page, waiting);
  await expect(waiting).toHaveValue('3');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(waiting).toHaveValue('5');
  // Typed over, the longest period: five minutes on the e2e server (a "day" is ten seconds there), so the
  // report below still waits when the owner cancels it on a busy machine.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('30');
  await expect(waiting).toHaveValue('30');
  await tabTo(page, card.getByRole('radio', { name: 'Off' }));
  await page.keyboard.press('ArrowRight');
  await expect(card.getByRole('radio', { name: 'Every 3 months' })).toBeChecked();
  await expect(card.getByRole('radio', { name: 'Every 3 months' })).toBeFocused();
  const atOnce = card.getByRole('switch', { name: 'Available at once to anyone with the access code' });
  await tabTo(page, atOnce);
  await expect(atOnce).not.toBeChecked();
  await tabTo(page, card.getByRole('button', { name: 'Save', exact: true }));
  await expectNoHorizontalOverflow(page);
  await page.keyboard.press('Enter');

  await expect(card.getByText(SETTINGS_SAVED_MESSAGE)).toBeVisible();
  await expect(contacts).toHaveCount(2);
  for (const row of [contacts.nth(0), contacts.nth(1)])
    await expect(row.getByText('Waiting for confirmation')).toBeVisible();
  await expect(card.getByText(/^Next check-in:/)).toBeVisible();
  await expect(card.getByText(`You named ${kim} a trusted contact.`)).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // Each contact got their role e-mail; 'Send again' sends Lee a new one with a new link.
  const kimLink = await contactPathSentTo(kim);
  const leeLink = await contactPathSentTo(lee);
  expect(kimLink).toMatch(LINK);
  expect(leeLink).toMatch(LINK);
  expect(leeLink).not.toBe(kimLink);
  const again = contacts.nth(1).getByRole('button', { name: `Send again to ${lee}` });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(contacts.nth(1).getByText('The e-mail has been sent again.')).toBeVisible();
  const leeNewLink = await contactPathSentTo(lee, [leeLink]);
  expect(leeNewLink).toMatch(LINK);
  expect(leeNewLink).not.toBe(leeLink);
  await page.context().close();

  // Kim reports the passing from her e-mail's link; the owner is e-mailed an 'I'm alive' link.
  const report = await succeed(request, legacyRoutes.reportByContact, {
    params: { token: tokenOf(kimLink) },
    body: { relation: 'Sister', note: 'At the hospice, this morning.' },
  });
  expect(report.message).toBe(REPORT_RECEIVED_MESSAGE);
  expect(await alivePathSentTo(owner.user.email)).toMatch(LINK);

  // The owner signs in on a new page: the report is the first thing shown, and nothing is cancelled.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const fresh = await context.newPage();
  await fresh.goto('/login');
  await fresh.locator('#login-email').fill(owner.user.email);
  await fresh.locator('#login-password').fill(PASSWORD);
  await fresh.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(fresh).toHaveURL(/\/user\//);
  const banner = fresh.getByRole('region', { name: 'A passing has been reported' });
  await expect(banner).toContainText('Kim Kin (Sister) reported your passing on');
  await expect(banner).toContainText('Unless you cancel it, your final message will be released on');
  await expect(banner).toContainText('At the hospice, this morning.');
  const bannerTop = (await banner.boundingBox())!.y;
  expect(bannerTop).toBeLessThan((await fresh.locator('main').boundingBox())!.y);
  await expectNoHorizontalOverflow(fresh);
  const standing = await succeed(request, legacyRoutes.settings, { token: owner.token });
  expect(standing.data.state).toBe('waiting');
  expect(standing.data.open_report?.reporter_name).toBe('Kim Kin');

  // 'I'm alive — cancel this', by keyboard: first a question ('Not now' keeps the report), then the cancel.
  const cancel = banner.getByRole('button', { name: "I'm alive — cancel this" });
  await cancel.focus();
  await fresh.keyboard.press('Enter');
  let ask = fresh.getByRole('dialog', { name: 'Cancel this report?' });
  await expect(ask).toContainText('not by whom or why');
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toBeHidden();
  await expect(banner).toBeVisible();
  await cancel.focus();
  await fresh.keyboard.press('Enter');
  ask = fresh.getByRole('dialog', { name: 'Cancel this report?' });
  await ask.getByRole('button', { name: 'Yes, cancel the report' }).click();
  const done = fresh.getByRole('dialog', { name: REPORT_CANCELLED_MESSAGE });
  await expect(done).toBeVisible();
  await expect(banner).toHaveCount(0);
  await done.getByRole('button', { name: 'Ok' }).click();

  // The message is sealed again, on the profile and on the server.
  await fresh.goto('/user/profile/details');
  const sealed = fresh.getByRole('region', { name: 'Release of my final message' });
  await expect(sealed.getByTestId('legacy-state')).toContainText('Sealed');
  await expect(fresh.getByRole('region', { name: 'A passing has been reported' })).toHaveCount(0);
  const after = await succeed(request, legacyRoutes.settings, { token: owner.token });
  expect(after.data.state).toBe('sealed');
  expect(after.data.open_report).toBeNull();
  await context.close();
});
