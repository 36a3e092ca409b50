import { expect, test } from '@playwright/test';
import { ADDRESS_CHECK_MESSAGES } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { scheduleInDialog, signInBrowser, visitorPage } from '../support/browser';
import { newestMatchSentTo } from '../support/outbox';
import { expectNoHorizontalOverflow } from '../support/payments';
import { uploadDraft } from '../support/videos';

// docs/product.md §5.9: the owner of a delivery due more than a year ahead is asked whether the address is
// still right; the e-mail's 'Still right' link works without signing in.
test("a delivery scheduled two years ahead: the check's e-mail, and 'Still right' confirmed without signing in", async ({
  page,
  browser,
  request,
}) => {
  const owner = await signUpUser(request, { first_name: 'Faraway' });
  const video = await uploadDraft(request, owner, 'For your graduation');
  await signInBrowser(page, owner);
  const year = new Date().getFullYear() + 3;

  await scheduleInDialog(page, video.id, {
    email: 'graduate@example.com',
    date: `${year}-06-15`,
    time: '10:00',
  });

  // The duty (every 2 seconds here) finds the owner; the e-mail lands in the outbox with both answers.
  const link = await newestMatchSentTo(
    owner.user.email,
    /http:\/\/localhost:\d+\/delivery\/address\/[A-Za-z0-9_-]{43}/,
  );
  const change = await newestMatchSentTo(owner.user.email, /Change: \S+/);
  expect(change).toContain(`/user/profile/scheduled?video=${video.id}`);

  // Opened by someone with no session, at 360 px: it asks first, then confirms.
  const visitor = await visitorPage(browser, 360);
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { level: 1, name: ADDRESS_CHECK_MESSAGES.pageTitle }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(visitor);
  await visitor.getByRole('button', { name: 'Still right' }).click();
  await expect(visitor.getByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
  await expect(visitor.getByText('graduate@example.com')).toBeVisible();
  await expect(visitor.getByText('For your graduation')).toBeVisible();
  await expect(visitor.getByText('Address confirmed on')).toBeVisible();
  await expectNoHorizontalOverflow(visitor);

  // The link again (a second click, another day): the same confirmation.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Still right' }).click();
  await expect(visitor.getByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();

  // A forged link says so and changes nothing.
  await visitor.goto(`/delivery/address/${'x'.repeat(43)}`);
  await visitor.getByRole('button', { name: 'Still right' }).click();
  await expect(visitor.getByRole('alert')).toHaveText(ADDRESS_CHECK_MESSAGES.invalidLink);
  await visitor.context().close();
});
