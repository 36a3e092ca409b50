/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees the DOM types too.
import type { APIRequestContext, Locator } from '../../support/test';
import { signUpUser, type Session } from '../../support/accounts';
import { signInBrowser } from '../../support/browser';
import { clipFile } from '../../support/clips';
import { expect, test } from '../../support/csp';
import { listFolder } from '../../support/videos';
import { saveThroughDialogs } from './helpers';

/**
 * Trimming before keeping (docs/product.md §4.2, §4.5): a 20 s recording of Chromium's fake camera is
 * trimmed to 5–12 s on the recorder right after Finish, and a 20 s clip on the upload screen of a phone;
 * the server cuts each there, and the draft lasts, and is counted as, 7 s.
 */

test.describe.configure({ timeout: 180_000 });

/** Moves a slider as a drag does: its value set, then the input event React listens to. */
async function slideTo(slider: Locator, seconds: number) {
  await slider.evaluate((input: HTMLInputElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, seconds);
}

/** The one draft of the account: ready, lasting 7 s as the server measured its stored file. */
async function expectSevenSecondDraft(request: APIRequestContext, session: Session) {
  const drafts = await listFolder(request, session, 'draft');
  expect(drafts).toHaveLength(1);
  const video = drafts[0]!;
  expect(video.state).toBe('ready');
  expect(Math.abs(video.duration_seconds! - 7)).toBeLessThanOrEqual(0.2);
  return video;
}

test('a 20 s camera recording trimmed to 5–12 s right after Finish is kept, and counted, as 7 s', async ({
  page,
  request,
}) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.goto('/user/video/VideoRecorder');
  await page.getByRole('button', { name: 'Click to record' }).click();
  await expect(page.getByRole('timer')).toContainText('0:20', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Finish' }).click();

  // Still on the recorder: the recording plays back with its timeline to trim.
  await expect(page).toHaveURL(/\/user\/video\/VideoRecorder$/);
  const trim = page.getByRole('group', { name: 'Trim your recording' });
  // The whole recording, measured from its file: 20 s or a little more on a busy machine.
  const kept = trim.getByTestId('trim-kept');
  await expect(kept).toHaveText(/^Keeps (\d+\.\d) s of \1 s$/, { timeout: 30_000 });
  expect(Number(/of (\d+\.\d) s/.exec(await kept.innerText())![1])).toBeGreaterThanOrEqual(19.5);
  await slideTo(trim.getByLabel('Start'), 5);
  await slideTo(trim.getByLabel('End'), 12);
  await expect(trim.getByTestId('trim-kept')).toHaveText(/^Keeps 7\.0 s of /);
  // The playback shows the last frame kept.
  const playback = page.getByTestId('recorded-video');
  await expect
    .poll(() => playback.evaluate((video: HTMLVideoElement) => Math.round(video.currentTime)))
    .toBe(12);
  await expect(page.getByText(/, keeping 0:07\. Save adds it to your video/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  // The upload screen holds it trimmed there, and counts 7 s against the free minute.
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  const onUpload = page.getByRole('group', { name: 'Trim clip 1' });
  await expect(onUpload.getByTestId('trim-start-value')).toHaveText('5.0 s');
  await expect(onUpload.getByTestId('trim-end-value')).toHaveText('12.0 s');
  await expect(page.getByTestId('total-length')).toHaveText('Total length 0:07 of 1:00 free.');

  await saveThroughDialogs(page, { folder: 'Drafts', title: 'Recorded and trimmed', description: 'Seven' });
  await expectSevenSecondDraft(request, session);
});

test('trims a 20 s clip to 5–12 s at 360 px: the draft lasts 7 s', async ({ page, request }) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([clipFile({ name: 'twenty.mp4', seconds: 20 })]);
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:20');

  const trim = page.getByRole('group', { name: 'Trim clip 1' });
  const start = trim.getByLabel('Start');
  const end = trim.getByLabel('End');
  await expect(trim.getByTestId('trim-kept')).toHaveText('Keeps 20.0 s of 20.0 s');
  // Within the phone's width, nothing to scroll sideways.
  for (const slider of [start, end]) {
    const box = (await slider.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The keyboard moves a slider by a tenth of a second, and the preview goes to the frame it sets.
  await end.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(trim.getByTestId('trim-end-value')).toHaveText('19.9 s');
  const player = page.getByTestId('edit-player');
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => Math.round(video.currentTime * 10) / 10))
    .toBe(19.9);

  await slideTo(start, 5);
  await slideTo(end, 12);
  await expect(trim.getByTestId('trim-start-value')).toHaveText('5.0 s');
  await expect(trim.getByTestId('trim-end-value')).toHaveText('12.0 s');
  await expect(trim.getByTestId('trim-kept')).toHaveText('Keeps 7.0 s of 20.0 s');
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:07');
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => Math.round(video.currentTime)))
    .toBe(12);

  await saveThroughDialogs(page, { folder: 'Drafts', title: 'Trimmed', description: 'Five to twelve' });
  await expectSevenSecondDraft(request, session);
});

test('a draft is trimmed on its page: the server cuts it again, and it lasts, and is counted as, 7 s', async ({
  page,
  request,
}) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([clipFile({ name: 'whole.mp4', seconds: 20 })]);
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:20');
  await saveThroughDialogs(page, {
    folder: 'Drafts',
    title: 'Trimmed later',
    description: 'Kept whole first',
  });
  const [whole] = await listFolder(request, session, 'draft');
  expect(Math.abs(whole!.duration_seconds! - 20)).toBeLessThanOrEqual(0.2);

  await page.goto(`/user/profile/drafts?video=${whole!.id}`);
  await page.getByRole('button', { name: 'Trim' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trim the video' });
  const trim = dialog.getByRole('group', { name: 'Trim the video' });
  await slideTo(trim.getByLabel('Start'), 5);
  await slideTo(trim.getByLabel('End'), 12);
  await expect(trim.getByTestId('trim-kept')).toHaveText(/^Keeps 7\.0 s of (19\.\d|20\.\d) s$/);
  // The preview shows the last frame kept.
  await expect
    .poll(() =>
      dialog.getByTestId('trim-preview').evaluate((video: HTMLVideoElement) => Math.round(video.currentTime)),
    )
    .toBe(12);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const done = page.getByRole('dialog', { name: 'The video is being trimmed.' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Ok' }).click();

  // Processed again, then ready at its new length; the page says so too.
  await expect
    .poll(async () => (await listFolder(request, session, 'draft'))[0]?.state, { timeout: 120_000 })
    .toBe('ready');
  const trimmed = await expectSevenSecondDraft(request, session);
  expect(trimmed.id).toBe(whole!.id);
  expect(trimmed.video_link).not.toBe(whole!.video_link);
  await expect(page.getByText('· 0:07', { exact: true })).toBeVisible({ timeout: 30_000 });
});
