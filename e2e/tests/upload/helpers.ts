/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so these files see the DOM types too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export { useSession } from '../support';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FFMPEG = path.resolve(here, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');

export interface ListedVideo {
  id: number;
  title: string;
  description: string;
  type: string;
  state: string;
  failure_reason: string | null;
  video_link: string | null;
  duration: string | null;
  email: string | null;
  share_at_date: string | null;
  share_at_time: string | null;
  timezone: string | null;
}

export async function listFolder(
  request: APIRequestContext,
  token: string,
  folder: 'draft' | 'scheduled' | 'final',
): Promise<ListedVideo[]> {
  const suffix = folder === 'final' ? '' : `/${folder}`;
  const response = await request.get(`/api/web/user/video/list${suffix}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: ListedVideo[] | { data: ListedVideo[] } };
  return Array.isArray(body.data) ? body.data : body.data.data;
}

export const hmsSeconds = (text: string | null) => {
  const [h, m, s] = (text ?? '').split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A small H.264/AAC clip of one plain colour with a tone, made by ffmpeg. */
export function makeClip(dir: string, name: string, color: string, seconds: number): string {
  const file = path.join(dir, name);
  execFileSync(
    FFMPEG,
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${color}:s=320x240:r=25:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    { stdio: 'pipe' },
  );
  return file;
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
      const deadline = Date.now() + 10_000;
      while (video.currentTime <= started + 0.3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
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
        await new Promise<void>((resolve) => {
          video.addEventListener('seeked', () => resolve(), { once: true });
          video.currentTime = time;
        });
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

/** Save Video? → Change Folder → Title → Description → upload, then the saved dialog. */
export async function saveThroughDialogs(
  page: Page,
  input: { folder: string; title: string; description: string },
) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Save Video?' });
  await question.getByRole('button', { name: 'Yes' }).click();

  const folder = page.getByRole('dialog', { name: 'Change Folder' });
  await folder.getByRole('button', { name: 'Next' }).click();
  await expect(folder.getByText('Please select a valid option.')).toBeVisible();
  await folder.getByLabel('Save the video in').selectOption({ label: input.folder });
  await folder.getByRole('button', { name: 'Next' }).click();

  const title = page.getByRole('dialog', { name: 'Title' });
  await title.getByPlaceholder('Title of your video').fill(input.title);
  await title.getByRole('button', { name: 'Next' }).click();

  const description = page.getByRole('dialog', { name: 'Description' });
  await description.getByPlaceholder('Enter description of Your Video').fill(input.description);
  await description.getByRole('button', { name: 'Upload', exact: true }).click();

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
