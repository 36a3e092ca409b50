import { expect, test } from '../support/test';
import { legacyRoutes, NOT_YET_RELEASED_MESSAGE, RESEALED_MESSAGE, videoRoutes } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { visitorPage } from '../support/browser';
import { finalMessage } from '../support/funeral-homes';
import { alivePathSentTo, legacySettingsOf } from '../support/legacy';
import { getVideo, succeed } from '../support/videos';

/**
 * docs/product.md §6.6, the owner's way back at 360 px (the e2e server counts one "day" as ten seconds): a code
 * holder reports the owner's passing; the owner's alive link says when the release will happen; nobody
 * cancels; after the release the same link says what happened and seals the message again.
 */
test('an owner alive after a mistaken release seals the message again from the e-mailed link', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await signUpUser(request, { first_name: 'Olive' });
  const message = await finalMessage(request, owner, `Last words ${Date.now().toString(36)}`, {
    sealed: true,
  });
  const code = (await getVideo(request, owner, message.id)).access_code!;
  await succeed(request, legacyRoutes.saveSettings, {
    token: owner.token,
    // Six "days", a minute here: the alive page is seen before the release, and its first load on a busy
    // machine may take most of that.
    body: { contacts: [], waiting_period_days: 6, check_in_months: 0, available_at_once: false },
  });
  const holder = await signUpUser(request, { first_name: 'Hal' });
  await succeed(request, legacyRoutes.reportByCode, {
    token: holder.token,
    params: { code },
    body: { relation: 'Neighbour' },
  });

  // Before the release, the page says when it will happen.
  const page = await visitorPage(browser, 360);
  await page.goto(await alivePathSentTo(owner.user.email));
  // The page's code loads on first visit (a busy machine may take a while).
  await expect(page.getByText(/Unless you cancel it, your final message will be released on/)).toBeVisible({
    timeout: 60_000,
  });

  await expect
    .poll(async () => (await legacySettingsOf(request, owner)).state, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe('released');

  // After it, the same link tells the owner plainly what happened instead of "no longer valid".
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your final message has been released' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('This link is no longer valid')).toHaveCount(0);
  const seal = page.getByRole('button', { name: 'Seal my message again' });
  await seal.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(RESEALED_MESSAGE)).toBeVisible();
  await expect(page.getByText(/No funeral home had published it/)).toBeVisible();
  // No sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('resealed-360.png'), fullPage: true });

  expect((await legacySettingsOf(request, owner)).state).toBe('sealed');
  // The access code again only says that a message exists.
  const byCode = await callApi(request, videoRoutes.byAccessCodeSlash, {
    token: holder.token,
    params: { code },
  });
  expect(byCode.status()).toBe(423);
  expect((await byCode.json()).message).toBe(NOT_YET_RELEASED_MESSAGE);
});
