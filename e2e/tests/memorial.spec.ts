import { expect, test } from '../support/test';
import { legacyRoutes, MEMORIAL_MESSAGES } from '@pw/contracts';
import { pageFor, visitorPage } from '../support/browser';
import { memorialPathSentTo, ownerWithContact, waitForRelease } from '../support/memorial';
import { succeed } from '../support/videos';
import { axeViolations } from './notifications/helpers';

/**
 * docs/product.md §6.9 in the browser (the e2e server counts one "day" as ten seconds): the owner chooses a
 * memorial page; the release opens it and e-mails its address to the trusted contact; a visitor signs
 * the guestbook at 360 px; the contact approves the message from their link at 1280 px; axe finds nothing.
 */
test('the owner chooses a memorial page; the release opens it; a visitor signs; the contact approves', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `My last words ${Date.now().toString(36)}`;
  const { owner, contactEmail, token } = await ownerWithContact(request, 'Iris', title);

  // The owner turns the memorial page on, under the release settings.
  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto('/user/profile/details');
  const card = ownerPage.getByRole('form', { name: 'Memorial page' });
  await card.getByLabel('Open a memorial page after my passing').check();
  await card.getByLabel('A few words in your own voice').fill('Be gentle with each other.');
  await card.getByLabel(`${title} (final message)`).check();
  await card.getByRole('button', { name: 'Save memorial page choices' }).click();
  await expect(card.getByText(MEMORIAL_MESSAGES.saved)).toBeVisible();
  expect(await axeViolations(ownerPage, 'main')).toEqual([]);

  // The contact reports the passing; nobody cancels; the release opens the page.
  await succeed(request, legacyRoutes.reportByContact, { params: { token }, body: { relation: 'Friend' } });
  await waitForRelease(request, owner);
  const memorialPath = await memorialPathSentTo(contactEmail);

  // A visitor on a phone signs the guestbook: held for the family.
  const visitor = await visitorPage(browser, 360);
  await visitor.goto(memorialPath);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Iris Vale');
  await expect(visitor.getByText('Be gentle with each other.')).toBeVisible();
  expect(await axeViolations(visitor)).toEqual([]);
  await visitor.getByLabel('Your name').fill('Nora Neighbour');
  await visitor.getByLabel('Your message').fill('She always had time for us.');
  await visitor.getByRole('button', { name: 'Share your message' }).click();
  await expect(visitor.getByText(MEMORIAL_MESSAGES.entryReceived)).toBeVisible();
  await expect(visitor.getByText('She always had time for us.')).toHaveCount(0);
  const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);

  // The contact approves it from their own link.
  const keeper = await visitorPage(browser, 1280);
  await keeper.goto(`/legacy/contact/${token}/memorial`);
  const entry = keeper.getByTestId('moderated-entry').filter({ hasText: 'She always had time for us.' });
  await expect(entry).toContainText('Waiting for you');
  expect(await axeViolations(keeper)).toEqual([]);
  await entry.getByRole('button', { name: 'Show the message from Nora Neighbour' }).click();
  await expect(entry).toContainText('Shown');

  await visitor.reload();
  await expect(visitor.getByText('She always had time for us.')).toBeVisible();
  expect(await axeViolations(visitor)).toEqual([]);
});
