import { expect, test } from '../support/test';
import {
  NOT_YET_RELEASED_MESSAGE,
  REPORT_CANCELLED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
} from '@pw/contracts';
import { signUpUser, uniqueEmail } from '../support/accounts';
import { expectPlays, pageFor, visitorPage } from '../support/browser';
import { homeRequests, watchPathSentTo } from '../support/consent';
import { finalMessage, listedHome } from '../support/funeral-homes';
import { alivePathSentTo, contactPathSentTo, legacySettingsOf } from '../support/legacy';
import { mailsSentTo } from '../support/outbox';
import { getVideo } from '../support/videos';

/**
 * docs/product.md §6's flow, whole, in the browser (the e2e server counts one "day" as ten seconds): an owner names
 * two trusted contacts on the profile; a contact reports the passing from their e-mail's link; the owner
 * cancels from theirs; a second report runs out its six-day waiting period; the message is released once,
 * each confirmed contact e-mailed once; a contact watches it and, signed in with the access code, grants
 * access to a funeral home.
 */

/** How many e-mails to `email` in the outbox carry a `/watch/` link (parsed: the raw text is encoded). */
const watchMailsTo = async (email: string) =>
  (await mailsSentTo(email)).filter((mail) => /\/watch\/[A-Za-z0-9_-]{43}/.test(mail.text ?? '')).length;

test('two trusted contacts; a report cancelled by the owner; a second one runs out; a contact watches and grants a funeral home', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const homeName = `Rowan Funeral Home ${Date.now().toString(36)}`;
  const home = await listedHome(request, homeName);
  const owner = await signUpUser(request, { first_name: 'Harriet' });
  const title = `To my children ${Date.now().toString(36)}`;
  const message = await finalMessage(request, owner, title, { sealed: true });
  const code = (await getVideo(request, owner, message.id)).access_code!;
  const ruth = await signUpUser(request, { first_name: 'Ruth', email: uniqueEmail('ruth') });
  const tomEmail = uniqueEmail('tom');

  // The owner names two trusted contacts and a six-day waiting period on the profile: a minute here, for
  // the first report to be cancelled before it ends on a busy machine.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto('/user/profile/details');
  const card = ownerPage.getByRole('region', { name: 'Release of my final message' });
  await expect(card.getByTestId('legacy-state')).toContainText('Sealed');
  const add = card.getByRole('button', { name: 'Add a trusted contact' });
  for (const [index, [name, email]] of [
    ['Ruth Tester', ruth.user.email],
    ['Tom Hale', tomEmail],
  ].entries()) {
    await add.click();
    const row = card.getByTestId('legacy-contact').nth(index);
    await row.getByLabel('Name').fill(name!);
    await row.getByLabel('E-mail').fill(email!);
  }
  await card.getByLabel('Waiting period (days)').fill('6');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByText(SETTINGS_SAVED_MESSAGE)).toBeVisible();
  await expect(card.getByText('Waiting for confirmation')).toHaveCount(2);

  // Before any report the code tells only that a message exists.
  const ruthSignedIn = await pageFor(browser, ruth, 360);
  await ruthSignedIn.goto('/user/access-code');
  await ruthSignedIn.getByLabel('Video access code').fill(code);
  await ruthSignedIn.getByRole('button', { name: 'Find' }).click();
  await expect(ruthSignedIn.getByText(NOT_YET_RELEASED_MESSAGE)).toBeVisible();
  await expect(ruthSignedIn.getByRole('heading', { name: title })).toHaveCount(0);

  // Both contacts accept their role from their e-mails; Ruth reports the passing from hers.
  const tom = await visitorPage(browser);
  await tom.goto(await contactPathSentTo(tomEmail));
  await tom.getByRole('button', { name: 'Accept this role' }).click();
  await expect(tom.getByText('Thank you. You are now a trusted contact.')).toBeVisible();
  const ruthLink = await contactPathSentTo(ruth.user.email);
  const contact = await visitorPage(browser);
  await contact.goto(ruthLink);
  await contact.getByRole('button', { name: 'Accept this role' }).click();
  await expect(contact.getByText('Thank you. You are now a trusted contact.')).toBeVisible();
  const report = async (relation: string) => {
    await contact
      .getByLabel(`Your relation to Harriet ${owner.user.last_name}`, { exact: false })
      .fill(relation);
    await contact.getByRole('button', { name: 'Send the report' }).click();
    await expect(contact.getByText(REPORT_RECEIVED_MESSAGE)).toBeVisible();
  };
  await report('Daughter');
  expect((await legacySettingsOf(request, owner)).state).toBe('waiting');

  // The owner cancels from the e-mailed 'I'm alive' link (the page itself cancels nothing).
  const alive = await visitorPage(browser);
  const aliveLink = await alivePathSentTo(owner.user.email);
  await alive.goto(aliveLink);
  expect((await legacySettingsOf(request, owner)).state).toBe('waiting');
  await alive.getByRole('button', { name: "I'm alive — cancel this" }).click();
  await expect(alive.getByText(REPORT_CANCELLED_MESSAGE)).toBeVisible();
  const cancelled = await legacySettingsOf(request, owner);
  expect(cancelled.state).toBe('sealed');
  expect(cancelled.log.map((entry) => entry.text).join('\n')).toMatch(/cancel/i);

  // A second report, and nobody cancels: released at the end of its six "days" (a minute), not before.
  await contact.reload();
  await report('Daughter');
  const waiting = await legacySettingsOf(request, owner);
  expect(waiting.state).toBe('waiting');
  const releaseAt = Date.parse(waiting.open_report!.release_at);
  expect(releaseAt - Date.parse(waiting.open_report!.reported_at)).toBe(60_000);
  await expect
    .poll(async () => (await legacySettingsOf(request, owner)).state, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe('released');
  expect(Date.now()).toBeGreaterThanOrEqual(releaseAt);

  // Each confirmed contact is e-mailed a private watch link, once; Ruth's plays without an account.
  const watchPath = await watchPathSentTo(ruth.user.email);
  await watchPathSentTo(tomEmail);
  const viewer = await visitorPage(browser);
  await viewer.goto(watchPath);
  await expect(viewer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectPlays(viewer.locator('video'));
  // Her contact page links the same message now.
  await contact.reload();
  await expect(contact.getByRole('link', { name: 'Watch the message' })).toBeVisible();

  // Ruth, signed in, opens it by the access code and grants access to a listed funeral home.
  await ruthSignedIn.goto('/user/access-code');
  await ruthSignedIn.getByLabel('Video access code').fill(code);
  await ruthSignedIn.getByRole('button', { name: 'Find' }).click();
  await expect(ruthSignedIn).toHaveURL(/\/user\/access-code\/video$/);
  await expect(ruthSignedIn.getByRole('heading', { name: title })).toBeVisible();
  await expectPlays(ruthSignedIn.locator('video'));
  await ruthSignedIn.getByRole('link', { name: 'Grant access' }).click();
  await ruthSignedIn.getByRole('radio', { name: new RegExp(homeName) }).check();
  await ruthSignedIn.getByRole('button', { name: 'Grant access' }).click();
  await expect(ruthSignedIn).toHaveURL(/\/user\/access-code\/form\/request$/);
  await expect(ruthSignedIn.getByText('Access granted.')).toBeVisible();
  const requests = await homeRequests(request, home);
  expect(requests.filter((item) => JSON.stringify(item).includes(ruth.user.email))).toHaveLength(1);

  // Still one watch e-mail each, counted last so that a second send has had the whole grant flow's time
  // to land (no fixed wait; the exactly-once proof with idle queues is the server's legacy.processes test).
  expect(await watchMailsTo(ruth.user.email)).toBe(1);
  expect(await watchMailsTo(tomEmail)).toBe(1);
});
