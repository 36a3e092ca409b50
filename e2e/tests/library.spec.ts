import { expect, test } from '../support/test';
import { signUpUser } from '../support/accounts';
import { signInBrowser } from '../support/browser';
import { availableAtOnce } from '../support/legacy';
import {
  getVideo,
  listFolder,
  moveToFinal,
  publish,
  schedule,
  tomorrow,
  uploadDraft,
} from '../support/videos';

test.describe('video library', () => {
  test('merges two drafts into one with Edit, select, Next, Move', async ({ page, request }) => {
    const owner = await signUpUser(request, { first_name: 'Merger' });
    const first = await uploadDraft(request, owner, 'First words');
    const second = await uploadDraft(request, owner, 'Second words');
    await signInBrowser(page, owner);

    await page.goto('/user/profile?tab=drafts');
    await expect(page).toHaveTitle('Parting Words | My Profile');
    const drafts = page.getByRole('tabpanel', { name: 'Drafts' });
    await expect(drafts.getByText('First words')).toBeVisible();
    await drafts.getByRole('button', { name: 'Edit' }).click();
    // Selection order is join order: second, then first.
    await drafts.getByRole('checkbox', { name: 'Select Second words' }).check();
    await drafts.getByRole('checkbox', { name: 'Select First words' }).check();
    await drafts.getByRole('button', { name: 'Next' }).click();

    const ask = page.getByRole('dialog', { name: 'Merge videos' });
    await expect(ask).toContainText('cannot be reverted');
    await ask.getByRole('button', { name: 'Move' }).click();
    const done = page.getByRole('dialog', { name: 'Videos Merged Successfully!' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Ok' }).click();

    // The merged draft is converted on the server; a move removes the originals once it is ready.
    await expect(drafts.getByRole('link')).toHaveCount(1, { timeout: 60_000 });
    await expect(drafts.getByRole('link')).toContainText('Second words');
    await expect(drafts.getByRole('link')).toContainText('0:04');
    const remaining = await listFolder(request, owner, 'draft');
    expect(remaining.map((video) => video.id)).not.toContain(first.id);
    expect(remaining.map((video) => video.id)).not.toContain(second.id);
  });

  test('moves a draft to My Parting Words, then shows the conflict for another', async ({
    page,
    request,
  }) => {
    const owner = await signUpUser(request, { first_name: 'Mover' });
    const keeper = await uploadDraft(request, owner, 'For my family');
    const other = await uploadDraft(request, owner, 'Another message');
    await signInBrowser(page, owner);

    // Drafts → Scheduled folder (docs/product.md §13.5: e-mail, date, time) → My Parting Words.
    await page.goto(`/user/profile/drafts?video=${keeper.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'For my family' })).toBeVisible();
    await page.getByRole('button', { name: 'Change folder' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change Folder' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Please select a valid option.');
    await dialog.getByLabel('Move this video to').selectOption('scheduled');
    await dialog.getByRole('button', { name: 'Next' }).click();
    dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
    await dialog.getByLabel('Recipient e-mail').fill('daughter@example.com');
    await dialog.getByLabel('Date').fill(tomorrow());
    await dialog.getByLabel('Time').fill('09:30');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    dialog = page.getByRole('dialog', { name: 'Video moved and scheduled' });
    await expect(dialog).toContainText('daughter@example.com');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/profile/scheduled\\?video=${keeper.id}$`));

    await page.getByRole('button', { name: 'Change folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Change Folder' });
    await dialog.getByLabel('Move this video to').selectOption('final');
    await dialog.getByRole('button', { name: 'Next' }).click();
    dialog = page.getByRole('dialog', { name: 'Cancel the delivery?' });
    await expect(dialog).toContainText('This video will NOT be sent');
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Video moved' });
    await expect(dialog).toContainText('The video has been successfully transferred to My Parting Words.');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/profile/final\\?video=${keeper.id}$`));
    // Focus lands on the video's title in its new folder, not on a button that no longer exists.
    await expect(page.getByRole('heading', { level: 1, name: 'For my family' })).toBeFocused();
    await expect(page.getByText('Access code', { exact: true })).toBeVisible();
    expect((await getVideo(request, owner, keeper.id)).type).toBe('final');

    // The tab shows it; another video cannot join it there.
    await page.goto('/user/profile');
    await expect(
      page.getByRole('tabpanel', { name: 'My Parting Words' }).getByText('For my family'),
    ).toBeVisible();
    await schedule(request, owner, other.id);
    await page.goto(`/user/profile/scheduled?video=${other.id}`);
    await page.getByRole('button', { name: 'Change folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Change Folder' });
    await dialog.getByLabel('Move this video to').selectOption('final');
    await dialog.getByRole('button', { name: 'Next' }).click();
    // The taken folder is said first: no question about cancelling a delivery for a move that cannot happen.
    dialog = page.getByRole('dialog', { name: 'Unsuccessful' });
    await expect(dialog).toContainText(
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    await expect(page.getByRole('dialog', { name: 'Cancel the delivery?' })).toHaveCount(0);
    expect((await getVideo(request, owner, other.id)).type).toBe('scheduled');
  });

  test('publishes a video', async ({ page, request }) => {
    const owner = await signUpUser(request, { first_name: 'Publisher' });
    const video = await uploadDraft(request, owner, 'Open letter');
    await signInBrowser(page, owner);

    await page.goto(`/user/profile/drafts?video=${video.id}`);
    await page.getByRole('button', { name: 'Make public' }).click();
    const ask = page.getByRole('dialog', { name: 'Public Video?' });
    await expect(ask).toContainText('cannot be made private again');
    await ask.getByRole('button', { name: 'Yes', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Video Published' });
    await expect(done).toContainText('published');
    await done.getByRole('button', { name: 'Ok' }).click();
    await expect(page.getByRole('button', { name: 'Make public' })).toHaveCount(0);
    await expect(page.getByText('· Public')).toBeVisible();
    expect((await getVideo(request, owner, video.id)).is_private).toBe(0);
  });

  test('another user finds a public video by its code and likes it', async ({ page, request }) => {
    const owner = await signUpUser(request, { first_name: 'Sharer' });
    const video = await uploadDraft(request, owner, 'Found by code');
    await publish(request, owner, video.id);
    const viewer = await signUpUser(request, { first_name: 'Finder' });
    await signInBrowser(page, viewer);

    await page.goto('/user/search');
    await expect(page).toHaveTitle('Parting Words | Search');
    let lookups = 0;
    page.on('request', (req) => {
      if (req.url().includes('detail-by-search-code')) lookups += 1;
    });
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    expect(lookups).toBe(0);

    await page.getByLabel('Video code').fill('NOSUCHCODE1');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('No video found for this code.');

    await page.getByLabel('Video code').fill(video.search_code);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/search\/video$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Found by code' })).toBeVisible();
    await expect(page.getByText('by Sharer Tester')).toBeVisible();
    await expect(page.getByLabel('Video: Found by code')).toBeVisible();
    const like = page.getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('0 likes')).toBeVisible();
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    await expect.poll(async () => (await getVideo(request, owner, video.id)).total_likes).toBe(1);
  });

  test('the home reel shows public videos and moves between them', async ({ page, request }) => {
    // With motion, as most visitors see it: each move slides the last video out (the suite asks for less).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const owner = await signUpUser(request, { first_name: 'Reeler' });
    const older = await uploadDraft(request, owner, 'Reel older');
    const newer = await uploadDraft(request, owner, 'Reel newer');
    await publish(request, owner, older.id);
    await publish(request, owner, newer.id);
    const viewer = await signUpUser(request, { first_name: 'Watcher' });
    await signInBrowser(page, viewer);

    await page.goto('/user/home');
    await expect(page).toHaveTitle('Parting Words | Home');
    await expect(page.getByRole('link', { name: 'Upload Your Video' })).toHaveAttribute(
      'href',
      '/user/video/upload',
    );
    const reel = page.getByRole('region', { name: 'Public videos' });
    // Newest first: find the newer video, then the older one right after it.
    const title = reel.getByRole('heading', { level: 2 });
    for (let step = 0; step < 30 && (await title.textContent()) !== 'Reel newer'; step += 1) {
      await reel.getByRole('button', { name: 'Next video' }).click();
    }
    await expect(title).toHaveText('Reel newer');
    await expect(reel.getByText('by Reeler Tester')).toBeVisible();

    // Like adjusts the count by one and reaches the server.
    await reel.getByRole('button', { name: 'Like' }).click();
    await expect(reel.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(reel.getByText('1 like', { exact: true })).toBeVisible();
    await expect.poll(async () => (await getVideo(request, owner, newer.id)).total_likes).toBe(1);

    // Keyboard arrows move through the list.
    await reel
      .getByRole('button', { name: 'Pause' })
      .or(reel.getByRole('button', { name: 'Play' }))
      .focus();
    await page.keyboard.press('ArrowDown');
    await expect(title).toHaveText('Reel older');
    await page.keyboard.press('ArrowUp');
    await expect(title).toHaveText('Reel newer');

    // A click on the video plays it; another pauses it.
    const media = reel.getByLabel('Video: Reel newer');
    await media.click();
    await expect
      .poll(() => media.evaluate((element) => !(element as unknown as { paused: boolean }).paused))
      .toBe(true);
    await media.click();
    await expect
      .poll(() => media.evaluate((element) => (element as unknown as { paused: boolean }).paused))
      .toBe(true);

    // Overlay controls fade 1 s after the mouse leaves (and focus is elsewhere).
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.mouse.move(5, 5);
    await expect(reel).not.toHaveClass(/reel--controls/);
  });

  test('deletes a video', async ({ page, request }) => {
    const owner = await signUpUser(request, { first_name: 'Deleter' });
    const video = await uploadDraft(request, owner, 'Not needed');
    await signInBrowser(page, owner);

    await page.goto('/user/profile?tab=drafts');
    await page
      .getByRole('tabpanel', { name: 'Drafts' })
      .getByRole('link', { name: /Not needed/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/user/profile/drafts\\?video=${video.id}$`));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Are you sure you want to Delete this video?' });
    await ask.getByRole('button', { name: 'Yes', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Video deleted successfully' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/user\/profile\?tab=drafts$/);
    await expect(page.getByRole('heading', { name: 'My videos' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Drafts' }).getByText('No drafts yet')).toBeVisible();
    expect(await listFolder(request, owner, 'draft')).toEqual([]);
  });

  test('another person opens the final video with its access code', async ({ page, request }) => {
    const owner = await signUpUser(request, { first_name: 'Legacy' });
    const video = await uploadDraft(request, owner, 'After I am gone');
    await schedule(request, owner, video.id);
    await moveToFinal(request, owner, video.id);
    // New accounts are sealed until a confirmed passing (docs/product.md §6): this owner chose 'available at once'.
    await availableAtOnce(request, owner);
    const accessCode = (await getVideo(request, owner, video.id)).access_code!;
    const heir = await signUpUser(request, { first_name: 'Heir' });
    await signInBrowser(page, heir);

    await page.goto('/user/access-code');
    await expect(page).toHaveTitle('Parting Words | Access Code');
    await page.getByLabel('Video access code').fill(accessCode);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/access-code\/video$/);
    await expect(page.getByRole('heading', { level: 1, name: 'After I am gone' })).toBeVisible();
    await expect(page.getByText('by Legacy Tester')).toBeVisible();
  });
});
