import { expect, test } from '../support/test';
import { FUNERAL_FORM_SENT, PUBLISH_QUESTION, VIDEO_PUBLISHED } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { expectPlays, pageFor } from '../support/browser';
import { finalMessage, listedHome } from '../support/funeral-homes';
import { expectNoHorizontalOverflow } from '../support/payments';
import { axeViolations, waitForMail, watchLinkOf } from './notifications/helpers';

/**
 * docs/product.md §6.7, the chain of consent, the whole of it in the browser (docs/product.md §8.2): an
 * owner's message in My Parting Words and its access code; another account enters the code, watches, grants a
 * listed funeral home access and sends the form; the home sees the request with the form, watches the
 * video and publishes it; a third account finds it by its search code. And a grant by e-mail (type 0)
 * from the owner's own message, whose e-mailed link plays without an account.
 */

const tag = () => Date.now().toString(36);

test('the chain of consent: code holder grants a listed home and sends the form; the home publishes; a third account finds it', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const homeName = `Juniper Funeral Home ${tag()}`;
  const home = await listedHome(request, homeName);
  const owner = await signUpUser(request, { first_name: 'Edith' });
  const title = `For the service ${tag()}`;
  const message = await finalMessage(request, owner, title);

  // The owner reads the access code on their message's page.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/user/profile/final?video=${message.id}`);
  const code = ((await ownerPage.locator('output#access-code').textContent()) ?? '').trim();
  expect(code).not.toBe('');

  // Another account enters it, on a phone, and watches the message.
  const holder = await signUpUser(request, { first_name: 'Clara' });
  const page = await pageFor(browser, holder, 360);
  await page.goto('/user/access-code');
  await page.getByLabel('Video access code').fill(code);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\/user\/access-code\/video$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectPlays(page.locator('video'));

  // Grant access to the listed home (keyboard: the radio and the button).
  await page.getByRole('link', { name: 'Grant access' }).click();
  await expect(page).toHaveURL(/\/user\/access-code\/form$/);
  const choice = page.getByRole('radio', { name: new RegExp(homeName) });
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Grant access' }).press('Enter');

  // The Funeral Home Form for that home follows.
  await expect(page).toHaveURL(/\/user\/access-code\/form\/request$/);
  await expect(page.getByText('Access granted.')).toBeVisible();
  await expect(page.getByText(homeName)).toBeVisible();
  const service = page.getByLabel(/Type of Services/);
  await expect(service).toBeEnabled();
  await service.selectOption({ index: 1 });
  await page.getByLabel(/Location of Services/).selectOption({ index: 1 });
  await page.getByLabel(/Officiant\/Speaker Preferences/).fill('Clara, her granddaughter');
  await page.getByLabel('Music').fill('Clair de lune');
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('dialog', { name: 'Form sent' });
  await expect(sent).toContainText(FUNERAL_FORM_SENT);
  await sent.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  // The home: one request from the holder, with the video and the form.
  const funeral = await pageFor(browser, home);
  await funeral.goto('/funeral/user-requests');
  const rows = funeral.getByRole('row').filter({ hasText: holder.user.email });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Video attached');
  await rows.getByRole('link', { name: 'Clara Tester', exact: true }).click();
  const form = funeral.getByRole('region', { name: 'User Submitted Form' });
  await expect(form).toContainText('Clara, her granddaughter');
  await expect(form).toContainText('Clair de lune');
  expect(await axeViolations(funeral, 'main')).toEqual([]);
  await funeral.getByRole('link', { name: /Watch the video/ }).click();
  await expect(funeral).toHaveURL(/\/funeral\/user-requests\/\d+\/video$/);
  await expect(funeral.getByRole('heading', { name: title })).toBeVisible();
  await expectPlays(funeral.locator('video'));
  expect(await axeViolations(funeral, 'main')).toEqual([]);

  // 'Public Video' → 'Public Video?' → 'Video Published'.
  await funeral.getByRole('button', { name: 'Public Video' }).click();
  await funeral
    .getByRole('dialog', { name: PUBLISH_QUESTION })
    .getByRole('button', { name: 'Yes', exact: true })
    .click();
  const published = funeral.getByRole('dialog', { name: VIDEO_PUBLISHED });
  await expect(published).toBeVisible();
  await published.getByRole('button', { name: 'Ok' }).click();
  await expect(funeral.getByText('Published', { exact: true })).toBeVisible();
  await expect(funeral.getByRole('button', { name: 'Public Video' })).toHaveCount(0);
  const searchCode = ((await funeral.locator('main strong').last().textContent()) ?? '').trim();
  expect(searchCode).toBe(message.search_code);
  // Reopened, it is still published.
  await funeral.reload();
  await expect(funeral.getByText('Published', { exact: true })).toBeVisible();

  // A third account finds it by its search code and watches it.
  const stranger = await signUpUser(request, { first_name: 'Otto' });
  const third = await pageFor(browser, stranger);
  await third.goto('/user/search');
  await third.getByLabel('Video code').fill(searchCode);
  await third.getByRole('button', { name: 'Find' }).click();
  await expect(third).toHaveURL(/\/user\/search\/video$/);
  await expect(third.getByRole('heading', { name: title })).toBeVisible();
  await expectPlays(third.locator('video'));
});

test('type 0: the owner grants a person access from their own message; the e-mail arrives and its link plays', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpUser(request, { first_name: 'Walter' });
  const title = `For Ann ${tag()}`;
  const message = await finalMessage(request, owner, title);
  const recipient = `ann-${tag()}@e2e.test`;

  const page = await pageFor(browser, owner, 360);
  await page.goto(`/user/profile/final?video=${message.id}`);
  await page.getByRole('link', { name: 'Grant access' }).click();
  await expect(page).toHaveURL(/\/user\/access-code\/form$/);
  await page.getByRole('radio', { name: 'Other' }).check();
  const send = page.getByRole('button', { name: 'Grant access' });
  await page.getByLabel(/Email/).fill('ann@e2e');
  await expect(send).toBeDisabled(); // docs/product.md §13.6: not a valid e-mail yet
  await page.getByLabel(/Email/).fill(recipient);
  await expect(send).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await send.click();
  const granted = page.getByRole('dialog', { name: 'Access granted' });
  await expect(granted).toBeVisible();
  await granted.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/profile/final\\?video=${message.id}$`));

  const mail = await waitForMail(recipient);
  const link = watchLinkOf(mail);
  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const watch = await visitor.newPage();
  await watch.goto(link);
  await expect(watch.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectPlays(watch.locator('video'));
  await visitor.close();
});
