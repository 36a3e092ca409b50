import { expect, test } from '../support/test';
import { ADDRESS_CHECK_MESSAGES, ADDRESS_CHECK_TASK } from '@pw/contracts';
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

  // Opened by someone with no session, at 360 px: it names the video, the address and the day before
  // its button, then confirms.
  const visitor = await visitorPage(browser, 360);
  await visitor.goto(link);
  await expect(
    visitor.getByRole('heading', { level: 1, name: ADDRESS_CHECK_MESSAGES.pageTitle }),
  ).toBeVisible();
  const question = visitor.getByRole('region', { name: "Is the recipient's address still right?" });
  await expect(question.getByRole('definition').first()).toHaveText('For your graduation');
  await expect(question).toContainText('Is graduate@example.com still the right address?');
  await expect(question).toContainText(`15 June ${year}`);
  await expectNoHorizontalOverflow(visitor);
  await visitor.getByRole('button', { name: 'Still right' }).click();
  await expect(visitor.getByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
  await expect(visitor.getByText('graduate@example.com')).toBeVisible();
  await expect(visitor.getByText('For your graduation')).toBeVisible();
  await expect(visitor.getByText('Address confirmed on')).toBeVisible();
  await expectNoHorizontalOverflow(visitor);

  // The link again: it says the address is confirmed already, with no button to press.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: ADDRESS_CHECK_MESSAGES.alreadyConfirmed })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Still right' })).toHaveCount(0);

  // A forged link says so at once and changes nothing.
  await visitor.goto(`/delivery/address/${'x'.repeat(43)}`);
  await expect(visitor.getByRole('alert')).toHaveText(ADDRESS_CHECK_MESSAGES.invalidLink);
  await expect(visitor.getByRole('button', { name: 'Still right' })).toHaveCount(0);
  await visitor.context().close();
});

// docs/product.md §5.9: the same question inside the app. The bell's address check entry
// leads to the scheduled folder, whose card asks about the address and takes 'Still right' there.
test("the signed-in owner follows the bell's address check to the scheduled folder and answers 'Still right' on the card", async ({
  page,
  request,
}) => {
  const owner = await signUpUser(request, { first_name: 'Inapp' });
  const video = await uploadDraft(request, owner, 'For your wedding day');
  await page.setViewportSize({ width: 360, height: 780 });
  await signInBrowser(page, owner);
  const year = new Date().getFullYear() + 2;
  await scheduleInDialog(page, video.id, {
    email: 'bride@example.com',
    date: `${year}-09-20`,
    time: '11:00',
  });

  // The duty ran: its e-mail is out, and the bell has the notice.
  await newestMatchSentTo(owner.user.email, /\/delivery\/address\/[A-Za-z0-9_-]{43}/);
  await page.goto('/user/profile');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).not.toHaveAccessibleName('Notifications, 0 unread', { timeout: 45_000 });
  await bell.press('Enter');
  const entry = page.getByRole('link', { name: /Are the addresses of your scheduled videos still right\?/ });
  await expect(entry).toContainText('"For your wedding day" to bride@example.com');
  await entry.click();
  await expect(page).toHaveURL(/\/user\/profile\?tab=scheduled$/);
  // A one-time delivery's card says to whom and when.
  await expect(page.getByRole('link', { name: /For your wedding day/ })).toContainText(
    `To bride@example.com · 20 September ${year} at 11:00`,
  );

  // The card asks; 'Still right' (by keyboard) answers, and the card says since when.
  const question = page.getByTestId('address-check');
  await expect(question).toContainText(ADDRESS_CHECK_TASK.question('bride@example.com'));
  await expectNoHorizontalOverflow(page);
  const stillRight = question.getByRole('button', { name: ADDRESS_CHECK_TASK.stillRight });
  await stillRight.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveText(/^Address confirmed on \d{1,2} \w+ \d{4}$/);
  await expectNoHorizontalOverflow(page);

  // The video's page says the same; the e-mail's link would answer this same confirmation.
  await page.goto(`/user/profile/scheduled?video=${video.id}`);
  await expect(page.getByTestId('address-check')).toHaveText(/^Address confirmed on \d{1,2} \w+ \d{4}$/);
});
