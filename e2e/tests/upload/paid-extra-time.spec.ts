import { expect, test } from '../../support/csp';
import { signUpUser } from '../../support/accounts';
import { pageFor, signInBrowser } from '../../support/browser';
import { clipFile } from '../../support/clips';
import { CARDS, paymentHistory, payWithCard, userOffer } from '../../support/payments';
import { listFolder } from '../../support/videos';
import { answerUploadDialogs, saveThroughDialogs } from './helpers';
import type { APIRequestContext, Page } from '../../support/test';

/**
 * Extra time bought for an upload is never lost: the title typed before paying is there after it, and a
 * purchase left unused (the person went away after paying) is offered again on the next upload.
 */

test.describe.configure({ timeout: 240_000 });

const long = () => clipFile({ name: 'seventy-five.mp4', color: 'teal', seconds: 75 });

/** From the edit page of a 75 s clip: 'Exceeding limit' → Pay now → one minute paid → back to the clips. */
async function payForOneMinute(page: Page, rate: string) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const limit = page.getByRole('dialog', { name: 'Exceeding limit' });
  // A member meets the limit too: the dialog says why, and what a minute costs.
  await expect(limit).toContainText(
    `Every video's first 60 seconds are free, with or without a membership; extra minutes are bought at the current rate ($${rate} per minute).`,
  );
  await limit.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/user\/video\/upload\/payment$/);
  await payWithCard(page, CARDS.good, rate);
  const success = page.getByRole('dialog', { name: 'Payment Successfully Made!' });
  await success.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  await expect(page.getByTestId('total-length')).toContainText('Your extra time is paid');
}

/** A new user, signed in, on the upload page with the 75 s clip chosen; the per-minute rate is read first. */
async function chooseLongClip(page: Page, request: APIRequestContext) {
  const session = await signUpUser(request);
  const { one_time_rate: rate } = await userOffer(request, session);
  await signInBrowser(page, session);
  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([long()]);
  return { session, rate: rate!.rate };
}

test('the title typed before paying for extra time is still there after it, and the video is saved with it', async ({
  page,
  request,
}) => {
  const { session, rate } = await chooseLongClip(page, request);
  await page.getByLabel('Title', { exact: true }).fill('Words for Mum');

  await payForOneMinute(page, rate);

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Words for Mum');
  await answerUploadDialogs(page, {
    folder: 'Drafts',
    keptTitle: 'Words for Mum',
    description: 'Seventy-five seconds',
  });
  const saved = page.getByRole('dialog', { name: 'Video Saved' });
  await expect(saved).toBeVisible({ timeout: 120_000 });
  await saved.getByRole('button', { name: 'Ok' }).click();

  const drafts = await listFolder(request, session, 'draft');
  expect(drafts.map((video) => video.title)).toEqual(['Words for Mum']);
});

test('a minute paid for and left unused is offered on the next upload, applied, and used once', async ({
  browser,
  page,
  request,
}) => {
  const { session, rate } = await chooseLongClip(page, request);
  await payForOneMinute(page, rate);
  // The person leaves without saving: the tab is closed.
  await page.close();

  const unused = await paymentHistory(request, session);
  expect(unused.data).toHaveLength(1);
  expect(unused.data[0]!.status_detail).toBe('Active');

  // Another day, another tab: the purchase is offered instead of a new charge.
  const later = await pageFor(browser, session);
  await later.goto('/user/video/upload');
  await later.getByTestId('choose-files-input').setInputFiles([long()]);
  const offered = later.getByRole('region', { name: 'Extra time you already paid for' });
  await expect(offered).toContainText('1 minute, bought');
  await offered.getByRole('button', { name: /^Use 1 minute/ }).click();
  await expect(later.getByTestId('total-length')).toContainText('Your extra time is paid');
  await saveThroughDialogs(later, { folder: 'Drafts', title: 'Another day', description: 'Seventy-five' });

  const drafts = await listFolder(request, session, 'draft');
  expect(drafts.map((video) => video.title)).toEqual(['Another day']);
  const history = await paymentHistory(request, session);
  expect(history.data).toHaveLength(1);
  expect(history.data[0]!.status_detail).toBe('Inactive');
  await later.context().close();
});
