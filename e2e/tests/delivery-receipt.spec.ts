import { expect, test } from '../support/test';
import { notificationKinds, notificationRoutes, RECEIPT_MESSAGES, type RouteResponse } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { signInBrowser } from '../support/browser';
import { getVideo, uploadDraft } from '../support/videos';
import { newPerson, nextMinute, waitForMail, watchLinkOf } from './notifications/helpers';

/**
 * Read receipts (docs/product.md §5.8): the owner schedules a delivery for the next minute with
 * "Tell me when it is opened" on, the worker sends it, the recipient opens the link from the outbox
 * (the page says the sender is told), and the owner's bell shows the receipt, leading to the video,
 * whose page lists the open. A reload within the hour is not counted again, nor told.
 */
const OWNER_ZONE = 'Europe/London';
test.use({ timezoneId: OWNER_ZONE });

test('the first open of a delivered message tells its owner in the bell, once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await signUpUser(request, newPerson('Receipt'));
  const title = `Garden stories ${Date.now().toString(36)}`;
  const video = await uploadDraft(request, owner, title);
  const recipient = `tom-${Date.now().toString(36)}@e2e.test`;

  await signInBrowser(page, owner);
  await page.goto(`/user/profile/drafts?video=${video.id}`);
  await page.getByRole('button', { name: 'Change folder' }).click();
  let dialog = page.getByRole('dialog', { name: 'Change Folder' });
  await dialog.getByLabel('Move this video to').selectOption('scheduled');
  await dialog.getByRole('button', { name: 'Next' }).click();
  dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
  const when = nextMinute(OWNER_ZONE);
  await dialog.getByLabel('Recipient e-mail').fill(recipient);
  await dialog.getByLabel('Date').fill(when.date);
  await dialog.getByLabel('Time').fill(when.time);
  await expect(dialog.getByRole('checkbox', { name: RECEIPT_MESSAGES.checkboxLabel })).toBeChecked();
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Video moved and scheduled' })
    .getByRole('button', { name: 'Ok' })
    .click();
  expect((await getVideo(request, owner, video.id)).delivery).toMatchObject({ receipts: true });

  // The worker sends it at its minute; the recipient opens the link in a browser without an account.
  const link = watchLinkOf(await waitForMail(recipient));
  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const watch = await visitor.newPage();
  await watch.goto(link);
  await expect(watch.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(watch.getByText(RECEIPT_MESSAGES.watchLine)).toBeVisible();

  // The owner's bell shows the receipt (beside the delivery's own notice), in their time zone's words.
  await page.goto('/user/profile');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 45_000 });
  await bell.press('Enter');
  const receipt = page.getByRole('link', { name: new RegExp(RECEIPT_MESSAGES.noticeTitle) });
  await expect(receipt).toContainText(
    new RegExp(`${recipient} opened your message "${title}" on \\d{1,2} \\w+ \\d{4} at \\d\\d:\\d\\d\\.`),
  );
  await expect(receipt).toHaveAttribute('href', `/user/profile/scheduled?video=${video.id}`);

  // A reload within the hour is the same browser's open: neither counted again nor told.
  await watch.reload();
  await expect(watch.getByRole('heading', { level: 1 })).toHaveText(title);
  await visitor.close();
  expect((await getVideo(request, owner, video.id)).delivery?.history?.[0]?.open_count).toBe(1);

  // The receipt leads to the video, whose page lists the open and the count.
  await receipt.click();
  await expect(page).toHaveURL(new RegExp(`/user/profile/scheduled\\?video=${video.id}$`));
  const opens = page.getByRole('region', { name: 'Sent and opened' });
  await expect(opens).toContainText(recipient);
  await expect(opens).toContainText(/Opened on \d{1,2} \w+ \d{4} at \d\d:\d\d\./);
  await expect(opens).not.toContainText('opens');

  const list = (await (
    await callApi(request, notificationRoutes.list, {
      query: { status: 'all', per_page: 10 },
      token: owner.token,
    })
  ).json()) as RouteResponse<typeof notificationRoutes.list>;
  expect(list.data.filter((item) => item.type === notificationKinds.deliveryOpened)).toHaveLength(1);
});
