import { expect, test } from '../../support/test';
import { API_ROOT } from '@pw/contracts';
import { signUpUser } from '../../support/accounts';
import { signInBrowser } from '../../support/browser';
import { uploadDraft } from '../../support/videos';
import { axeViolations, newPerson, nextMinute, waitForMail, watchLinkOf } from './helpers';

/**
 * The whole scheduled-delivery path (docs/product.md §5): a draft is scheduled for the next
 * minute from the video page, the real worker sends the e-mail into the outbox, the recipient opens the
 * link in a browser that has never signed in and watches the video, and the owner's bell — left open —
 * shows the delivery (and the read receipt of that open) without a reload.
 */
const OWNER_ZONE = 'America/New_York';
test.use({ timezoneId: OWNER_ZONE });

test('a scheduled draft reaches its recipient, who watches it without an account; the owner is notified', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const owner = newPerson('Jane');
  const session = await signUpUser(request, owner);
  const title = `For Ann ${Date.now().toString(36)}`;
  const description = 'A few words I wanted you to have.';
  const video = await uploadDraft(request, session, title, { description });
  const recipient = `ann-${Date.now().toString(36)}@e2e.test`;

  // The owner schedules it through the library's dialogs, in their own time zone.
  await signInBrowser(page, session);
  await page.goto(`/user/profile/drafts?video=${video.id}`);
  await page.getByRole('button', { name: 'Change folder' }).click();
  await page.getByLabel('Move this video to').selectOption('scheduled');
  await page.getByRole('button', { name: 'Next' }).click();
  const when = nextMinute(OWNER_ZONE);
  await page.getByLabel('Recipient e-mail').fill(recipient);
  await page.getByLabel('Date').fill(when.date);
  await page.getByLabel('Time').fill(when.time);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Video moved and scheduled')).toBeVisible();
  await page.getByRole('button', { name: 'Ok' }).click();

  // The owner keeps a page open; nothing new yet.
  await page.goto('/user/profile');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  const mail = await waitForMail(recipient);
  const delayMs = Date.now() - when.at.getTime();
  expect(delayMs).toBeGreaterThanOrEqual(0);
  testInfo.annotations.push({
    type: 'delivery delay after the set minute (ms)',
    description: String(delayMs),
  });
  const link = watchLinkOf(mail);
  expect(link.startsWith(`${baseURL}/watch/`)).toBe(true);

  // The recipient: a fresh browser, no account, no stored session.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const watch = await visitor.newPage();
  const authorization: (string | undefined)[] = [];
  watch.on('request', (req) => {
    if (req.url().includes(`${API_ROOT}/`)) authorization.push(req.headers().authorization);
  });
  await watch.goto(link);
  await expect(watch).toHaveTitle('Parting Words | A message for you');
  await expect(watch.getByText(`A message from ${owner.first_name} ${owner.last_name}`)).toBeVisible();
  await expect(watch.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(watch.getByText(description)).toBeVisible();
  const player = watch.locator('video');
  await expect(player).toHaveAttribute('controls', '');
  await expect(player).toHaveAttribute('poster', /.+/);

  // Play it (muted: a script may only start muted playback) and see time pass.
  await player.evaluate((el) => {
    const media = el as unknown as { muted: boolean; play(): Promise<void> };
    media.muted = true;
    return media.play();
  });
  await expect
    .poll(() => player.evaluate((el) => (el as unknown as { readyState: number }).readyState))
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => player.evaluate((el) => (el as unknown as { currentTime: number }).currentTime), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.3);
  expect(await axeViolations(watch)).toEqual([]);
  expect(authorization.length).toBeGreaterThan(0);
  expect(authorization.every((value) => value === undefined)).toBe(true);
  await watch.screenshot({ path: testInfo.outputPath('watch-360.png'), fullPage: true });
  await visitor.close();

  // The owner's bell picks the delivery up by itself (it polls), then lists it, beside the read
  // receipt of the recipient's first open (docs/product.md §5.8).
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 45_000 });
  await expect(page.getByTestId('notification-badge')).toHaveText('2');
  await bell.press('Enter');
  const entry = page.locator('.notification-bell__item', { hasText: /delivered/i });
  await expect(entry).toContainText(/deliver/i);
  await expect(entry).toContainText('Unread:');
  expect(await axeViolations(page, '.notification-bell')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();

  // The notifications page shows it and marks it read.
  await page.goto('/user/notifications');
  const item = page.getByTestId('notification-item').filter({ hasText: /delivered/i });
  await expect(item).toContainText(/deliver/i);
  expect(await axeViolations(page, '#main')).toEqual([]);
  await item.getByRole('button', { name: /^Mark As Read/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Mark As Unread/ })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
});
