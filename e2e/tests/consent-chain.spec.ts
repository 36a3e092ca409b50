import { expect, test, type Browser, type Page } from '@playwright/test';
import { FUNERAL_FORM_SENT } from '@pw/contracts';
import { signUpFuneralHome, signUpUser, type Session } from '../support/accounts';
import { signInBrowser } from '../support/browser';
import { becomeListedHome } from '../support/payments';

/**
 * Issue 12 "The chain of consent", in the browser: the Funeral Home Form to a listed home, and what the
 * home sees of it (decisions 0225 and 0227).
 */

/** A listed home with a name no other spec uses, so it is found in a directory shared with them. */
async function listedHome(request: Parameters<typeof signUpFuneralHome>[0], name: string) {
  const home = await signUpFuneralHome(request, { home_name: name, address: '14 Lantern Lane' });
  await becomeListedHome(request, home);
  return home;
}

/** A page of its own (its own localStorage session) for one account. */
async function pageFor(browser: Browser, session: Session, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInBrowser(page, session);
  return page;
}

test('a family sends the Funeral Home Form to a listed home; the home reads it under User Requests', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const homeName = `Lantern Funeral Home ${Date.now().toString(36)}`;
  const home = await listedHome(request, homeName);
  const family = await signUpUser(request, { first_name: 'Nora' });

  // The family, on a phone: the form opened on its own picks the home from the directory.
  const user = await pageFor(browser, family, 360);
  await user.goto('/user/access-code/form/request');
  await expect(user.getByRole('heading', { level: 1, name: 'Funeral Home Form' })).toBeVisible();
  await expect(user.getByLabel('Name')).toHaveValue(`Nora Tester`);
  await expect(user.getByLabel('Email')).toHaveValue(family.user.email);
  // Nothing chosen: nothing is sent, each choice says so.
  await user.getByRole('button', { name: 'Send' }).click();
  await expect(user.getByText('Please select a valid option.')).toHaveCount(3);
  await user.getByLabel(/Funeral Home/).selectOption({ label: `${homeName} — 14 Lantern Lane` });
  const service = user.getByLabel(/Type of Services/);
  await expect(service).toBeEnabled();
  await service.selectOption({ index: 1 });
  const serviceName = (await service.locator('option:checked').textContent())!;
  const location = user.getByLabel(/Location of Services/);
  await location.selectOption({ index: 1 });
  const locationName = (await location.locator('option:checked').textContent())!;
  await user.getByLabel(/Officiant\/Speaker Preferences/).fill('Reverend Ames, then our daughter Clara');
  await user.getByLabel('Music').fill('Abide with me');
  await user.getByLabel('Specific Rituals').fill('A candle for each grandchild');
  const overflow = await user.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the form fits a 360 px screen').toBeLessThanOrEqual(0);
  await user.getByRole('button', { name: 'Send' }).click();
  const sent = user.getByRole('dialog', { name: 'Form sent' });
  await expect(sent).toContainText(FUNERAL_FORM_SENT);
  await sent.getByRole('button', { name: 'Ok' }).click();
  await expect(user).toHaveURL(/\/user\/profile$/);

  // The home: the request heads its list, with no video yet, and opens on the family's form.
  const funeral = await pageFor(browser, home);
  await funeral.goto('/funeral/user-requests');
  const row = funeral.getByRole('row').filter({ hasText: family.user.email });
  await expect(row).toContainText('No video');
  await row.getByRole('link', { name: 'Nora Tester', exact: true }).click();
  await expect(funeral).toHaveURL(/\/funeral\/user-requests\/\d+$/);
  const form = funeral.getByRole('region', { name: 'User Submitted Form' });
  await expect(form).toContainText(serviceName);
  await expect(form).toContainText(locationName);
  await expect(form).toContainText('Reverend Ames, then our daughter Clara');
  await expect(form).toContainText('Abide with me');
  await expect(form).toContainText('A candle for each grandchild');
  await expect(funeral.getByText('No video has been shared with you yet.')).toBeVisible();

  // Keyboard: back to the list from the request.
  await funeral.getByRole('link', { name: /Back to user requests/ }).focus();
  await funeral.keyboard.press('Enter');
  await expect(funeral).toHaveURL(/\/funeral\/user-requests$/);
});
