import { expect, test } from '../support/test';
import {
  DELIVERY_MESSAGES,
  legacyRoutes,
  NOT_YET_RELEASED_MESSAGE,
  REPORT_CANCELLED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
} from '@pw/contracts';
import { signUpUser, uniqueEmail } from '../support/accounts';
import { pageFor, visitorPage } from '../support/browser';
import { finalMessage, listedHome } from '../support/funeral-homes';
import { alivePathSentTo, contactPathSentTo, legacySettingsOf } from '../support/legacy';
import { expectNoHorizontalOverflow } from '../support/payments';
import { getVideo, succeed } from '../support/videos';

/**
 * docs/product.md §6, the people other than the owner: a trusted contact opens the link of their role e-mail
 * (no account), accepts the role and reports the passing, by keyboard; the owner's "I'm alive" link shows
 * a page that cancels nothing until its button is pressed; a code holder sees the not-yet-released
 * notice at /user/access-code and reports from it; a listed funeral home reports from its own page
 * (/funeral/report-passing, in its account menu).
 * The e2e server counts a day of the waiting period as ten seconds: 30 of them (five minutes, longer than
 * the test may run), so nothing is released meanwhile.
 */

test('trusted contact, owner, code holder and funeral home on the pages of the legacy release', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpUser(request, { first_name: 'Margaret' });
  const ownerName = `${owner.user.first_name} ${owner.user.last_name}`;
  const video = await finalMessage(request, owner, 'For the family', { sealed: true });
  const code = (await getVideo(request, owner, video.id)).access_code!;
  expect(code).toBeTruthy();
  const ruth = { name: 'Ruth Bell', email: uniqueEmail('ruth') };
  const tom = { name: 'Tom Bell', email: uniqueEmail('tom') };
  await succeed(request, legacyRoutes.saveSettings, {
    token: owner.token,
    body: {
      contacts: [ruth, tom],
      waiting_period_days: 30,
      check_in_months: 0,
      available_at_once: false,
    },
  });

  // Ruth opens her role e-mail's link on a phone, without an account.
  const contact = await visitorPage(browser, 360);
  await contact.goto(await contactPathSentTo(ruth.email));
  await expect(contact.getByRole('heading', { level: 1, name: 'Hello Ruth Bell' })).toBeVisible();
  await expect(contact.getByText('Margaret named you a trusted contact')).toBeVisible();
  await expectNoHorizontalOverflow(contact);
  // Opening the page accepted nothing.
  expect((await legacySettingsOf(request, owner)).contacts.every((c) => c.confirmed_at === null)).toBe(true);

  // By keyboard: accept the role, then report the passing.
  await contact.getByRole('button', { name: 'Accept this role' }).focus();
  await contact.keyboard.press('Enter');
  await expect(contact.getByText('Thank you. You are now a trusted contact.')).toBeVisible();
  const confirmed = (await legacySettingsOf(request, owner)).contacts.find((c) => c.email === ruth.email)!;
  expect(confirmed.confirmed_at).not.toBeNull();
  // The form is there under "Has Margaret passed away?": its 'Send the report' is the one question.
  const relation = contact.getByLabel(`Your relation to ${ownerName}`, { exact: false });
  await expect(contact.getByRole('button', { name: 'Report a passing' })).toHaveCount(0);
  await relation.focus();
  await contact.keyboard.type('Sister');
  await contact.keyboard.press('Tab');
  await expect(contact.getByLabel(/Note or obituary link/)).toBeFocused();
  await contact.keyboard.type('She passed away peacefully on Sunday.');
  await contact.keyboard.press('Tab');
  await expect(contact.getByRole('button', { name: 'Send the report' })).toBeFocused();
  await contact.keyboard.press('Enter');
  await expect(contact.getByText(REPORT_RECEIVED_MESSAGE)).toBeVisible();
  await expectNoHorizontalOverflow(contact);
  const reported = await legacySettingsOf(request, owner);
  expect(reported.state).toBe('waiting');
  expect(reported.open_report).toMatchObject({ reporter_kind: 'trusted-contact', relation: 'Sister' });

  // The owner's e-mail carries the alive link: opening it shows the page and cancels nothing.
  const alive = await visitorPage(browser, 360);
  const aliveLink = await alivePathSentTo(owner.user.email);
  await alive.goto(aliveLink);
  await expect(alive.getByRole('heading', { level: 1, name: 'Hello Margaret' })).toBeVisible();
  await expect(alive.getByText(/^Someone reported your passing/)).toBeVisible();
  await expectNoHorizontalOverflow(alive);
  await alive.reload();
  await expect(alive.getByRole('heading', { level: 1, name: 'Hello Margaret' })).toBeVisible();
  const stillWaiting = await legacySettingsOf(request, owner);
  expect(stillWaiting.state).toBe('waiting');
  expect(stillWaiting.open_report?.id).toBe(reported.open_report!.id);
  // Only the button cancels.
  await alive.getByRole('button', { name: "I'm alive — cancel this" }).focus();
  await alive.keyboard.press('Enter');
  await expect(alive.getByText(REPORT_CANCELLED_MESSAGE)).toBeVisible();
  const cancelled = await legacySettingsOf(request, owner);
  expect(cancelled.state).toBe('sealed');
  expect(cancelled.open_report).toBeNull();
  // The used link now says so.
  await alive.reload();
  await expect(alive.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await expectNoHorizontalOverflow(alive);

  // Someone else holding the access code: the not-yet-released notice, and a report from it.
  const holder = await signUpUser(request, { first_name: 'Neil' });
  const holderPage = await pageFor(browser, holder);
  await holderPage.goto('/user/access-code');
  await holderPage.getByLabel('Video access code').fill(code);
  await holderPage.getByRole('button', { name: 'Find' }).click();
  await expect(holderPage.getByText(NOT_YET_RELEASED_MESSAGE)).toBeVisible();
  await expect(holderPage.getByText('Unable to find video')).toHaveCount(0);
  await expect(holderPage.getByRole('heading', { name: 'For the family' })).toHaveCount(0);
  await holderPage.getByLabel(/Your relation to the person who left the message/).fill('Neighbour');
  await holderPage.getByRole('button', { name: 'Send the report' }).click();
  await expect(holderPage.getByText(REPORT_RECEIVED_MESSAGE)).toBeVisible();
  const byHolder = await legacySettingsOf(request, owner);
  expect(byHolder.open_report).toMatchObject({ reporter_kind: 'code-holder', relation: 'Neighbour' });
  // Looking the code up again tells that a report already waits.
  await holderPage.getByLabel('Video access code').fill(code);
  await holderPage.getByRole('button', { name: 'Find' }).click();
  await expect(holderPage.getByText(/A passing has already been reported for this message/)).toBeVisible();

  // Tom, the other contact, reads on his page that a report waits.
  const tomPage = await visitorPage(browser, 360);
  await tomPage.goto(await contactPathSentTo(tom.email));
  await expect(tomPage.getByText(/A passing has already been reported and its waiting period/)).toBeVisible();
  await expectNoHorizontalOverflow(tomPage);

  // A listed funeral home reports through its own page, reached from its menu; the report names it.
  const homeName = `Cedar Chapel ${Date.now()}`;
  const home = await listedHome(request, homeName);
  const homePage = await pageFor(browser, home);
  await homePage.goto('/funeral/user-requests');
  // From the account menu (the User Requests page links it too).
  await expect(homePage.getByRole('main').getByRole('link', { name: 'Report a passing' })).toBeVisible();
  await homePage.getByRole('button', { name: /^Account menu for/ }).click();
  await homePage.getByRole('banner').getByRole('link', { name: 'Report a Passing', exact: true }).click();
  await expect(homePage).toHaveURL(/\/funeral\/report-passing$/);
  await expect(homePage.getByText(homeName)).toBeVisible();
  await homePage.getByLabel(/Access code/).fill(code);
  await expect(homePage.getByLabel(/Your relation to the person who left the message/)).toHaveValue(
    'Funeral home',
  );
  await homePage.getByRole('button', { name: 'Send the report' }).click();
  await expect(homePage.getByText(REPORT_RECEIVED_MESSAGE)).toBeVisible();
  const byHome = await legacySettingsOf(request, owner);
  // It joined the waiting report (the period is not restarted) and the owner's log names the home.
  expect(byHome.open_report?.id).toBe(byHolder.open_report!.id);
  expect(byHome.open_report?.release_at).toBe(byHolder.open_report!.release_at);
  expect(byHome.log.map((entry) => entry.text)).toContain(
    `${homeName} (Funeral home) also reported your passing.`,
  );
});

test('an unknown legacy link says it is no longer valid, at 360 px', async ({ browser }) => {
  const page = await visitorPage(browser, 360);
  for (const path of [`/legacy/contact/${'x'.repeat(43)}`, '/legacy/alive/not-a-token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  // A watch link that no longer opens (withdrawn, replaced or unknown: the server tells none apart) may be
  // a mourner's: it points to whoever shared it, never to a sender who may have died.
  await page.goto(`/watch/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: DELIVERY_MESSAGES.noLongerAvailable })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('ask the person who shared it with you');
  await expect(page.getByRole('main')).not.toContainText(/sender/i);
  await expectNoHorizontalOverflow(page);
});
