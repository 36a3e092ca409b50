import { expect, test } from '../support/test';
import { FUNERAL_FORM_SENT } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { pageFor } from '../support/browser';
import { listedHome } from '../support/funeral-homes';
import { expectNoHorizontalOverflow } from '../support/payments';
import { axeViolations } from './notifications/helpers';

/**
 * docs/product.md §8, the Funeral Home Form in the browser (docs/product.md §8.2): a family opens the form on
 * its own, picks a listed home from the directory and that home's types and locations, sends it; the home
 * reads it under User Requests. The grant and publishing steps of the chain: consent-chain-grant.spec.ts.
 */

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
  const homeChoice = user.getByRole('combobox', { name: /Funeral Home/ });
  await expect(homeChoice.getByRole('option').first()).toHaveText('Choose a funeral home');
  await homeChoice.selectOption({ label: `${homeName} — 14 Lantern Lane` });
  // The choice is kept in the address: a reload still knows the home.
  await expect(user).toHaveURL(new RegExp(`\\?home=${home.user.id}$`));
  await user.reload();
  await expect(homeChoice).toHaveValue(String(home.user.id));
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
  await expectNoHorizontalOverflow(user);
  expect(await axeViolations(user, 'main')).toEqual([]);
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
  expect(await axeViolations(funeral, 'main')).toEqual([]);

  // Keyboard: back to the list from the request.
  await funeral.getByRole('link', { name: /Back to user requests/ }).focus();
  await funeral.keyboard.press('Enter');
  await expect(funeral).toHaveURL(/\/funeral\/user-requests$/);
});
