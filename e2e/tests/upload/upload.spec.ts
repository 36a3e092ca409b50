/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so these files see the DOM types too.
import fs from 'node:fs';
import path from 'node:path';
import { signUpUser } from '../../support/accounts';
import { signInBrowser } from '../../support/browser';
import { clipFile, type ClipOptions } from '../../support/clips';
import type { APIRequestContext, Page } from '../../support/test';
import { expect, test } from '../../support/csp';
import { listFolder } from '../../support/videos';
import { answerUploadDialogs, hmsSeconds, playAndSample, saveThroughDialogs, tempDir } from './helpers';

/**
 * Recording and uploading (docs/product.md §13.3 'Edit/upload screen', §13.5 'Upload flow' and 'Recorder') against the
 * real server: tus uploads, the store call, conversion by ffmpeg, and the result played back in Chromium.
 * The config starts Chromium with a fake camera and microphone.
 */

test.describe.configure({ timeout: 180_000 });

test('records a message with the camera, saves it as a draft and it plays', async ({ page, request }) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);

  // The page's clock runs at its natural pace but can be moved on: the paused timer is checked by
  // moving it, not by waiting.
  await page.clock.install();
  await page.goto('/user/video/upload');
  await expect(page).toHaveTitle('Parting Words | Upload');
  await page.getByRole('link', { name: /Record a video/ }).click();
  await expect(page).toHaveURL(/\/user\/video\/VideoRecorder$/);
  await expect(page).toHaveTitle('Parting Words | Video Recorder');

  await page.getByRole('button', { name: 'Click to record' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
  // The muted live preview shows the camera.
  const preview = page.getByTestId('recorder-preview');
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.muted && video.readyState))
    .toBeGreaterThanOrEqual(2);
  // Recorded for a while: the timer says 2 seconds or more (the camera's frames are real time).
  const timer = page.getByRole('timer');
  await expect(timer).toContainText(/0:0[2-9]/);
  await page.getByRole('button', { name: 'Pause' }).click();
  // Paused: the timer stops, however far the clock moves.
  await expect(timer).toContainText('Paused');
  const frozen = await timer.innerText();
  await page.clock.fastForward(2_000);
  // A render the moved clock set off comes on the page's next task: let one pass before reading.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  expect(await timer.innerText()).toBe(frozen);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(timer).toContainText(/0:0[3-9]/);
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(page.getByRole('button', { name: 'Discard the video' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  // Back on the upload screen, in edit mode with the recording.
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  const cards = page.getByTestId('clip-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute(
    'data-name',
    /^recording-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.webm$/,
  );

  // A reload keeps the clip: the list is in localStorage, the file in IndexedDB.
  await page.reload();
  await expect(page.getByTestId('clip-card')).toHaveCount(1);
  const player = page.getByTestId('edit-player');
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('total-length')).toContainText(/Total length 0:0[2-9]/);

  await saveThroughDialogs(page, {
    folder: 'Drafts',
    title: 'Hello from the camera',
    description: 'Recorded in the browser',
  });
  // Opened directly, so there is no page to go back to: the Drafts tab opens; the edit list is gone.
  await expect(page).toHaveURL(/\/user\/profile\?tab=drafts$/);
  expect(await page.evaluate(() => localStorage.getItem('editVideos'))).toBeNull();

  const drafts = await listFolder(request, session, 'draft');
  expect(drafts).toHaveLength(1);
  const video = drafts[0]!;
  expect(video).toMatchObject({
    title: 'Hello from the camera',
    description: 'Recorded in the browser',
    state: 'ready',
  });
  expect(hmsSeconds(video.duration)).toBeGreaterThanOrEqual(2);
  expect(hmsSeconds(video.duration)).toBeLessThanOrEqual(9);

  // The profile's Drafts tab lists it; its page plays it.
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await page.getByRole('link', { name: /Hello from the camera/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/profile/drafts\\?video=${video.id}$`));
  const detailPlayer = page.getByLabel('Video: Hello from the camera');
  await detailPlayer.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => detailPlayer.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => detailPlayer.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.5);
});

test('uploads two clips, reordered in the strip, as one draft whose length is their sum', async ({
  page,
  request,
}) => {
  const red = clipFile({ name: 'red-first.mp4', color: 'red', seconds: 2 });
  const blue = clipFile({ name: 'blue-second.mp4', color: 'blue', seconds: 3 });
  const session = await signUpUser(request);
  await signInBrowser(page, session);

  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([red, blue]);
  const cards = page.getByTestId('clip-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:05');

  // Adding the same name again is refused politely.
  await page.getByTestId('add-more-input').setInputFiles([red]);
  await expect(page.getByText('Already in your list, not added again: red-first.mp4.')).toBeVisible();
  await expect(cards).toHaveCount(2);

  // Drag the blue clip by its handle in front of the red one.
  const handle = page.getByRole('button', { name: 'Drag to reorder blue-second.mp4' });
  const target = cards.first();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x - 20, from.y + 5, { steps: 5 });
  await page.mouse.move(to.x + 10, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(cards.first()).toHaveAttribute('data-name', 'blue-second.mp4');
  await expect(cards.nth(1)).toHaveAttribute('data-name', 'red-first.mp4');
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('editVideos') ?? '[]') as Array<{ name: string }>,
  );
  expect(stored.map((item) => item.name)).toEqual(['blue-second.mp4', 'red-first.mp4']);

  // The keyboard reorders too: Space picks the handle up, arrows move, Space drops.
  const redHandle = page.getByRole('button', { name: 'Drag to reorder red-first.mp4' });
  await redHandle.focus();
  // dnd-kit needs the pick-up to settle (the handle reports itself pressed) before an arrow moves it.
  await page.keyboard.press('Space');
  await expect(redHandle).toHaveAttribute('aria-pressed', 'true');
  // An arrow pressed before dnd-kit has measured the strip is ignored: press again until the live
  // region says the clip is over the first place (pressing left there again changes nothing).
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('red-first.mp4 is over position 1 of 2.')).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(cards.first()).toHaveAttribute('data-name', 'red-first.mp4');
  // …and so do the move buttons.
  await page.getByRole('button', { name: 'Move red-first.mp4 later' }).click();
  await expect(cards.first()).toHaveAttribute('data-name', 'blue-second.mp4');

  await saveThroughDialogs(page, { folder: 'Drafts', title: 'Two clips', description: 'Blue then red' });

  const drafts = await listFolder(request, session, 'draft');
  expect(drafts).toHaveLength(1);
  const video = drafts[0]!;
  expect(video.state).toBe('ready');
  expect(Math.abs(hmsSeconds(video.duration) - 5)).toBeLessThanOrEqual(1);

  // The joined video follows the strip's order: blue at the start, red at the end.
  const played = await playAndSample(page, video.video_link!, [0.5, 4.5]);
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.advanced).toBeGreaterThan(0.3);
  const [start, end] = played.colours;
  expect(start![2]).toBeGreaterThan(start![0] + 60);
  expect(end![0]).toBeGreaterThan(end![2] + 60);
});

test('refuses files that are not video and flags more than 60 seconds before anything is sent', async ({
  page,
  request,
}) => {
  const dir = tempDir('pw-upload-long-');
  const notes = path.join(dir, 'notes.txt');
  fs.writeFileSync(notes, 'not a video');
  const long = clipFile({ name: 'long.mp4', color: 'green', seconds: 62 });
  const session = await signUpUser(request);
  await signInBrowser(page, session);

  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([notes]);
  const fileError = page.getByRole('dialog', { name: 'File Error' });
  await expect(fileError).toContainText('Only Video File Allowed!');
  await fileError.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByTestId('clip-card')).toHaveCount(0);

  await page.getByTestId('choose-files-input').setInputFiles([long]);
  await expect(page.getByTestId('total-length')).toContainText('over the 60-second free limit');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const limit = page.getByRole('dialog', { name: 'Exceeding limit' });
  await expect(limit.getByRole('button', { name: 'Reselect video(s)' })).toBeVisible();
  await limit.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/user\/video\/upload\/payment$/);
  await expect(page).toHaveTitle('Parting Words | Payment');
  // One minute of extra time is offered (the purchase itself: tests/plans/extra-time.spec.ts).
  await expect(page.getByTestId('extra-minutes')).toHaveText('1');
  await page.getByRole('button', { name: 'Back to your video' }).click();
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  expect(await listFolder(request, session, 'draft')).toHaveLength(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new account picks a 2-second clip and answers the dialogs up to the Scheduled step, which it returns. */
async function upToScheduledStep(
  page: Page,
  request: APIRequestContext,
  input: { clip: ClipOptions; title: string; description: string },
) {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([clipFile({ ...input.clip, seconds: 2 })]);
  await expect(page.getByTestId('total-length')).toContainText('Total length 0:02');
  await answerUploadDialogs(page, { folder: 'Scheduled folder', ...input });
  return { session, schedule: page.getByRole('dialog', { name: 'Schedule delivery' }) };
}

/** The upload's outcome: 'Video Saved and scheduled' names the recipient; Ok opens the scheduled folder. */
async function savedAndScheduled(page: Page, recipient: string) {
  const saved = page.getByRole('dialog', { name: 'Video Saved and scheduled' });
  await expect(saved).toBeVisible({ timeout: 120_000 });
  await expect(saved).toContainText(recipient);
  await saved.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?tab=scheduled$/);
}

test('schedules an upload: e-mail, date and time with the browser time zone', async ({ page, request }) => {
  const { session, schedule } = await upToScheduledStep(page, request, {
    clip: { name: 'greeting.mp4', color: 'teal' },
    title: 'For your birthday',
    description: 'Open it on the day',
  });
  await schedule.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(schedule.getByText('The email field is required.')).toBeVisible();
  await expect(schedule.getByLabel('Recipient e-mail')).toBeFocused();
  const nextYear = new Date().getFullYear() + 1;
  await schedule.getByLabel('Recipient e-mail').fill('sam@example.com');
  await schedule.getByLabel('Date').fill(`${nextYear}-03-14`);
  await schedule.getByLabel('Time').fill('09:30');
  await schedule.getByRole('button', { name: 'Upload', exact: true }).click();
  await savedAndScheduled(page, 'sam@example.com');
  // A one-time delivery's card says to whom and when.
  await expect(page.getByRole('link', { name: /For your birthday/ })).toContainText(
    `To sam@example.com · 14 March ${nextYear} at 09:30`,
  );

  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const scheduled = await listFolder(request, session, 'scheduled');
  expect(scheduled).toHaveLength(1);
  expect(scheduled[0]).toMatchObject({
    title: 'For your birthday',
    state: 'ready',
    email: 'sam@example.com',
    share_at_date: `${nextYear}-03-14`,
    timezone: zone,
  });
  expect(scheduled[0]!.share_at_time).toMatch(/^09:30(:00)?$/);
});

test.describe('a yearly upload', () => {
  // The owner's zone decides the date and time a yearly delivery keeps (docs/product.md §5.7).
  test.use({ timezoneId: 'America/New_York' });

  test('uploads straight into Scheduled, every year with a second address: the card says when it comes next', async ({
    page,
    request,
  }) => {
    const { session, schedule } = await upToScheduledStep(page, request, {
      clip: { name: 'every-year.mp4', color: 'orange' },
      title: 'For every birthday',
      description: 'Every year on the day',
    });
    const year = new Date().getFullYear() + 1;
    await schedule.getByLabel('Recipient e-mail').fill('daughter@example.com');
    await schedule.getByLabel('Date').fill(`${year}-03-12`);
    await schedule.getByLabel('Time').fill('09:30');
    await schedule.getByLabel('Second address (optional)').fill('son@example.com');
    await schedule.getByLabel('Repeat').selectOption('yearly');
    await schedule.getByLabel('Until (year, optional)').fill(String(year + 4));
    await schedule.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Video Saved and scheduled' })).toContainText(
      'If it cannot be delivered, it goes to your second address, son@example.com.',
      { timeout: 120_000 },
    );
    await savedAndScheduled(page, 'daughter@example.com');

    const line = `Every year on 12 March at 09:30 until ${year + 4} — next: 12 March ${year}`;
    const card = page.getByRole('link', { name: /For every birthday/ });
    await expect(card).toContainText(line);
    await expect(card).toContainText('To daughter@example.com');
    await expect(card).toContainText('Second address: son@example.com');

    const [video] = await listFolder(request, session, 'scheduled');
    expect(video).toMatchObject({
      title: 'For every birthday',
      email: 'daughter@example.com',
      share_at_date: `${year}-03-12`,
      timezone: 'America/New_York',
    });
    expect(video!.delivery).toMatchObject({
      status: 'pending',
      recipient_email: 'daughter@example.com',
      fallback_email: 'son@example.com',
      repeat: 'yearly',
      repeat_until: year + 4,
      history: [],
    });
    // The next occurrence is 09:30 on 12 March on New York's clock (whichever offset it has that day).
    const onTheClock = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(new Date(video!.delivery!.next_at!));
    expect(onTheClock).toBe(`${year}-03-12, 09:30`);
  });
});

test('with the network gone before any dialog has opened, Upload still asks where to save the clip', async ({
  page,
  context,
  request,
}) => {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  await page.goto('/user/video/upload');
  await page.getByTestId('choose-files-input').setInputFiles([clipFile({ name: 'offline.mp4' })]);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);
  await context.setOffline(true);
  // The first dialog of the visit opens with no network: its code is already in the page.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Save Video?' })).toBeVisible();
  await context.setOffline(false);
});
