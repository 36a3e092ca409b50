import { expect, test } from '../../support/csp';
import { signUpUser } from '../../support/accounts';
import { signInBrowser } from '../../support/browser';
import { clipFile } from '../../support/clips';
import { CARDS, paymentHistory, payWithCard, userOffer } from '../../support/payments';
import { listFolder } from '../../support/videos';
import { saveThroughDialogs } from '../upload/helpers';

/**
 * docs/product.md §7, extra time (docs/product.md §13.5 upload flow, docs/product.md §3.4): a 75-second video
 * gets 'Exceeding limit'; Pay now buys one minute at the current rate, and the upload then succeeds with that
 * payment.
 */

test.describe.configure({ timeout: 240_000 });

test('a user pays for one extra minute and uploads a 75 s video', async ({ page, request }) => {
  const long = clipFile({ name: 'seventy-five.mp4', color: 'purple', seconds: 75 });
  const session = await signUpUser(request);
  const { one_time_rate: rate } = await userOffer(request, session);
  expect(rate, 'a per-minute rate is set').not.toBeNull();
  await signInBrowser(page, session);

  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([long]);
  await expect(page.getByTestId('total-length')).toContainText('over the 60-second free limit');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Exceeding limit' })
    .getByRole('button', { name: 'Pay now' })
    .click();

  await expect(page).toHaveURL(/\/user\/video\/upload\/payment$/);
  await expect(page.getByTestId('extra-minutes')).toHaveText('1');
  await expect(page.getByTestId('extra-amount')).toHaveText(`$${rate!.rate}`);
  await payWithCard(page, CARDS.good, rate!.rate);
  const success = page.getByRole('dialog', { name: 'Payment Successfully Made!' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Ok' }).click();

  // Back on the clips, still there, with the minute paid.
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);
  await expect(page.getByTestId('total-length')).toContainText('Your extra time is paid');
  await saveThroughDialogs(page, {
    folder: 'Drafts',
    title: 'A longer goodbye',
    description: 'Seventy-five seconds',
  });

  const drafts = await listFolder(request, session, 'draft');
  expect(drafts).toHaveLength(1);
  expect(drafts[0]!.title).toBe('A longer goodbye');
  // The minute is used by this video: the log reads it as no longer active.
  const history = await paymentHistory(request, session);
  expect(history.data).toHaveLength(1);
  expect(history.data[0]!.payable.plan_category.title).toBe('One-Time Purchase');
  expect(history.data[0]!.status_detail).toBe('Inactive');
});
