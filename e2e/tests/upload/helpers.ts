/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so these files see the DOM types too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const hmsSeconds = (text: string | null) => {
  const [h, m, s] = (text ?? '').split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Plays a video URL in a page element and checks the browser really decodes it: readyState reaches
 * HAVE_CURRENT_DATA and currentTime moves. Returns the average colour of the frame at `at` seconds.
 */
export async function playAndSample(page: Page, url: string, at: number[] = []) {
  return page.evaluate(
    async ({ src, times }) => {
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.crossOrigin = 'anonymous';
      video.src = src;
      document.body.append(video);
      await video.play();
      const started = video.currentTime;
      // Until playback has moved on (its timeupdate events say so), or 10 s have gone by.
      await new Promise<void>((resolve) => {
        const giveUp = AbortSignal.timeout(10_000);
        const done = () => {
          video.removeEventListener('timeupdate', check);
          resolve();
        };
        const check = () => {
          if (video.currentTime > started + 0.3) done();
        };
        video.addEventListener('timeupdate', check);
        giveUp.addEventListener('abort', done, { once: true });
        check();
      });
      const played = {
        readyState: video.readyState,
        advanced: video.currentTime - started,
        duration: video.duration,
      };
      video.pause();
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 24;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const colours: Array<[number, number, number]> = [];
      for (const time of times) {
        // 'seeked' can come before the frame it sought is ready to draw: a busy machine then drew the
        // frame shown before the seek. The frame callback comes once the new frame is presented.
        const presented = new Promise<void>((resolve, reject) => {
          const late = setTimeout(
            () => reject(new Error(`no frame presented after seeking to ${time} s`)),
            10_000,
          );
          video.requestVideoFrameCallback(() => {
            clearTimeout(late);
            resolve();
          });
        });
        await new Promise<void>((resolve) => {
          video.addEventListener('seeked', () => resolve(), { once: true });
          video.currentTime = time;
        });
        await presented;
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const sum = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4) {
          sum[0]! += data[i]!;
          sum[1]! += data[i + 1]!;
          sum[2]! += data[i + 2]!;
        }
        const pixels = data.length / 4;
        colours.push([sum[0]! / pixels, sum[1]! / pixels, sum[2]! / pixels]);
      }
      video.remove();
      return { ...played, colours };
    },
    { src: url, times: at },
  );
}

/**
 * Save Video? → Change Folder → Title → Description, then 'Next' for the Scheduled folder (its step comes
 * next) or 'Upload'. `title` is typed in; `keptTitle` is the one the Title step must already show.
 * `emptyFolderFirst` tries 'Next' without a folder first.
 */
export async function answerUploadDialogs(
  page: Page,
  input: {
    folder: string;
    title?: string;
    keptTitle?: string;
    description: string;
    emptyFolderFirst?: boolean;
  },
) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Save Video?' });
  await question.getByRole('button', { name: 'Yes', exact: true }).click();

  const folder = page.getByRole('dialog', { name: 'Change Folder' });
  if (input.emptyFolderFirst) {
    await folder.getByRole('button', { name: 'Next' }).click();
    await expect(folder.getByText('Please select a valid option.')).toBeVisible();
  }
  await folder.getByLabel('Save the video in').selectOption({ label: input.folder });
  await folder.getByRole('button', { name: 'Next' }).click();

  const title = page.getByRole('dialog', { name: 'Title' });
  const titleField = title.getByPlaceholder('Title of your video');
  if (input.keptTitle !== undefined) await expect(titleField).toHaveValue(input.keptTitle);
  if (input.title !== undefined) await titleField.fill(input.title);
  await title.getByRole('button', { name: 'Next' }).click();

  const description = page.getByRole('dialog', { name: 'Description' });
  await description.getByPlaceholder('Enter description of Your Video').fill(input.description);
  const scheduled = input.folder === 'Scheduled folder';
  await description.getByRole('button', { name: scheduled ? 'Next' : 'Upload', exact: true }).click();
}

/** Save Video? → Change Folder → Title → Description → upload, then the saved dialog. */
export async function saveThroughDialogs(
  page: Page,
  input: { folder: string; title: string; description: string },
) {
  await answerUploadDialogs(page, { ...input, emptyFolderFirst: true });

  // The progress bar, then processing, then the outcome.
  await expect(
    page
      .getByRole('progressbar', { name: 'Upload progress' })
      .or(page.getByText('Processing your video…'))
      .first(),
  ).toBeVisible();
  const saved = page.getByRole('dialog', { name: 'Video Saved' });
  await expect(saved).toBeVisible({ timeout: 120_000 });
  await expect(saved).toContainText(`The video has been successfully saved to ${input.folder}.`);
  await saved.getByRole('button', { name: 'Ok' }).click();
}
