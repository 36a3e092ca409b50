import type { APIRequestContext, Page } from '../support/test';
import { videoRoutes, type RouteResponse } from '@pw/contracts';
import { signUpUser, type Session } from '../support/accounts';
import { becomeMember } from '../support/payments';
import { callApi } from '../support/api';
import { signInBrowser } from '../support/browser';
import { clipFile } from '../support/clips';
import { expect, test } from '../support/csp';
import { listFolder, publish, schedule, tomorrow, uploadDraft } from '../support/videos';
import { saveThroughDialogs } from './upload/helpers';
import { soonUtc } from './notifications/helpers';

/**
 * Behaviour fixed after review, in Chromium against the real server, at a phone's and a desktop's width:
 * the found-video page after a reload, a delivered video's screen, and where an upload lands.
 */

/** Schedules drafts a few seconds ahead (UTC, to the second) and waits until the real worker sent them. */
async function deliverSoon(request: APIRequestContext, owner: Session, ids: number[], to: string) {
  for (const id of ids) {
    // Each its own lead: the server refuses a moment already past, which a slow earlier call could make
    // a shared one.
    const due = soonUtc(4000);
    await schedule(request, owner, id, {
      email: to,
      share_at_date: due.date,
      share_at_time: due.time,
      timezone: 'UTC',
    });
  }
  await expect
    .poll(
      async () => {
        const scheduled = await listFolder(request, owner, 'scheduled');
        return ids.map((id) => scheduled.find((video) => video.id === id)?.delivery?.status);
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toEqual(ids.map(() => 'sent'));
}

/** Waits until the page's player knows its video's size (its layout no longer moves). */
async function videoShapeKnown(page: Page) {
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThan(0);
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a found video keeps its like after a reload, and each click sets what the screen shows', async ({
      page,
      request,
    }) => {
      const owner = await signUpUser(request, { first_name: 'Sharer' });
      const video = await uploadDraft(request, owner, `Liked at ${width}`);
      await publish(request, owner, video.id);
      const viewer = await signUpUser(request, { first_name: 'Finder' });
      await signInBrowser(page, viewer);

      await page.goto('/user/search');
      await page.getByLabel('Video code').fill(video.search_code);
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await expect(page).toHaveURL(/\/user\/search\/video$/);
      const like = page.getByRole('button', { name: 'Like' });
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      // On a phone the player takes the clip's own shape once its metadata arrives, which moves the
      // button below it: a click aimed before that lands beside it.
      await videoShapeKnown(page);
      // The server's answer is checked too, so a failure says whether the call or the screen went wrong.
      const answer = page.waitForResponse(
        (response) => response.url().endsWith(`/video/${video.id}/reaction`),
        {
          timeout: 20_000,
        },
      );
      await like.click();
      expect(await (await answer).json()).toMatchObject({ data: { is_liked: true, total_likes: 1 } });
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('1 like', { exact: true })).toBeVisible();

      // The browser keeps the search's navigation state across a reload; the page must not trust it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Liked at ${width}` })).toBeVisible();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('1 like', { exact: true })).toBeVisible();
      await videoShapeKnown(page);

      // The screen says liked: the next click removes the like, on the screen and on the server.
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText('0 likes', { exact: true })).toBeVisible();
      await page.reload();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText('0 likes', { exact: true })).toBeVisible();
      const again = await callApi(request, videoRoutes.bySearchCode, {
        params: { code: video.search_code },
        token: viewer.token,
      });
      const found = (await again.json()) as RouteResponse<typeof videoRoutes.bySearchCode>;
      expect(found.data.data).toMatchObject({ is_liked: false, total_likes: 0 });
    });

    test('a delivered video says when and to whom, moves without a NOT-sent warning, and is sent again as a new delivery', async ({
      page,
      request,
    }) => {
      const owner = await signUpUser(request, { first_name: 'Keeper' });
      await becomeMember(request, owner); // two scheduled deliveries (docs/product.md §5.5)
      const resend = await uploadDraft(request, owner, `Send again ${width}`);
      const move = await uploadDraft(request, owner, `Move on ${width}`);
      const to = `kin-${width}-${Date.now()}@e2e.test`;
      await deliverSoon(request, owner, [resend.id, move.id], to);
      await signInBrowser(page, owner);

      await page.goto(`/user/profile/scheduled?video=${move.id}`);
      await expect(page.getByText(new RegExp(`Delivered to ${to} on .+ at \\d\\d:\\d\\d\\.$`))).toBeVisible();
      await expect(page.getByText(/To be sent/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Change time/ })).toHaveCount(0);
      await page.getByRole('button', { name: /Change folder/ }).click();
      await page.getByLabel(/Move this video to/).selectOption('draft');
      await page.getByRole('button', { name: 'Next' }).click();
      const moved = page.getByRole('dialog', { name: 'Video moved' });
      await expect(moved).toContainText('The video has been successfully transferred to Drafts.');
      await expect(page.getByText('Cancel the delivery?')).toHaveCount(0);
      await moved.getByRole('button', { name: 'Ok' }).click();
      await expect(page).toHaveURL(new RegExp(`/user/profile/drafts\\?video=${move.id}$`));

      await page.goto(`/user/profile/scheduled?video=${resend.id}`);
      await page.getByRole('button', { name: /Send it again/ }).click();
      const ask = page.getByRole('dialog', { name: 'Send it again?' });
      await expect(ask).toContainText(`It was delivered to ${to} on`);
      await ask.getByRole('button', { name: 'Choose a time' }).click();
      const form = page.getByRole('dialog', { name: 'Send it again' });
      await expect(form.getByLabel(/Recipient e-mail/)).toHaveValue(to);
      await expect(form.getByLabel(/Date/)).toHaveValue('');
      await form.getByLabel(/Date/).fill(tomorrow());
      await form.getByLabel(/Time/).fill('10:00');
      await form.getByRole('button', { name: 'Schedule' }).click();
      const done = page.getByRole('dialog', { name: 'Video scheduled to be sent again' });
      await expect(done).toContainText(`It will be e-mailed to ${to}`);
      await done.getByRole('button', { name: 'Ok' }).click();
      // A new delivery is pending: the screen says so, and Change time is back.
      await expect(page.getByText(new RegExp(`To be sent to ${to} on `))).toBeVisible();
      await expect(page.getByRole('button', { name: /Change time/ })).toBeVisible();
      const scheduled = await listFolder(request, owner, 'scheduled');
      expect(scheduled.find((video) => video.id === resend.id)?.delivery?.status).toBe('pending');
    });

    test('sign-up names every problem in one answer, in plain words', async ({ page }) => {
      const today = new Date();
      const seventeen = `${today.getFullYear() - 17}-01-01`;
      await page.goto('/user/signup');
      await page.locator('#first_name').fill('Young');
      await page.locator('#last_name').fill('Person');
      await page.locator('#email').fill(`young-${width}-${Date.now()}@e2e.test`);
      await page.locator('#phone').fill('5550100');
      await page.locator('#date_of_birth').fill(seventeen);
      await page.locator('#address').fill('1 Elm Street');
      await page.locator('#map_link').fill('not a url');
      await page.locator('#password').fill('Quiet-river-2024');
      await page.locator('#password_confirmation').fill('Quiet-river-2025');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      // One submit: the mismatch no longer hides the age, and the map link's rule shows too.
      await expect(page.locator('#password_confirmation-error')).toHaveText(
        'The password confirmation does not match.',
      );
      await expect(page.locator('#date_of_birth-error')).toHaveText(
        'You must be at least 18 years old to sign up.',
      );
      await expect(page.locator('#map_link-error')).toHaveText(
        'The map link must be a web address starting with https:// or http://.',
      );

      await page.locator('#date_of_birth').fill('');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.locator('#date_of_birth-error')).toHaveText('The date of birth field is required.');
      await expect(page).toHaveURL(/\/user\/signup$/);
    });

    test('an upload opened directly and saved to Drafts lands on the Drafts tab, which shows it', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const owner = await signUpUser(request, { first_name: 'Uploader' });
      await signInBrowser(page, owner);
      const clip = clipFile({ name: 'words.mp4', color: 'green' });
      const title = `Landed ${width}`;

      // Opened directly: there is no page to go back to.
      await page.goto('/user/video/upload');
      await page.getByTestId('choose-files-input').setInputFiles([clip]);
      await expect(page.getByTestId('clip-card')).toHaveCount(1);
      await saveThroughDialogs(page, { folder: 'Drafts', title, description: 'Saved from the upload page' });

      await expect(page).toHaveURL(/\/user\/profile\?tab=drafts$/);
      const drafts = page.getByRole('tabpanel', { name: 'Drafts' });
      await expect(drafts.getByRole('link', { name: new RegExp(title) })).toBeVisible();
      await expect(page.getByText('Not Available')).toHaveCount(0);
    });
  });
}
