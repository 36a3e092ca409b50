/// <reference lib="dom" />
import { captionRoutes } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { test, expect } from '../support/csp';
import { succeed, uploadDraft } from '../support/videos';
import { deliverSoon, newPerson } from './notifications/helpers';

// The reader's browser speaks English: the English track is on by default.
test.use({ locale: 'en-US' });

/**
 * Captions travel with a delivery (docs/product.md §4.7): the recipient's watch page plays the owner's
 * captions as a track the browser loads under the page's own policy (support/csp.ts fails on any
 * violation), and "Read the message" shows the whole transcript as text.
 */
test('a delivered message carries its captions, and its words can be read on the watch page', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = newPerson('Nell');
  const session = await signUpUser(request, owner);
  const video = await uploadDraft(request, session, 'For Sam', { description: 'With love.' });
  await succeed(request, captionRoutes.save, {
    params: { id: video.id, language: 'en' },
    body: { transcript: 'Hello Sam. Remember the lake in summer.' },
    token: session.token,
  });
  // Due in a few seconds: the worker's real send.
  const link = await deliverSoon(request, session, video.id, `sam-${Date.now().toString(36)}@e2e.test`);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('For Sam');
  const track = page.locator('video track');
  await expect(track).toHaveCount(1);
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'en');
  // Its address answers WebVTT, the words the owner wrote.
  const src = await track.getAttribute('src');
  const file = await page.request.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('text/vtt; charset=utf-8');
  const vtt = await file.text();
  expect(vtt.startsWith('WEBVTT')).toBe(true);
  expect(vtt).toContain('Remember the lake in summer.');
  // The browser turns the track on and loads its cues itself.
  await expect
    .poll(() =>
      track.evaluate((element: HTMLTrackElement) => ({
        mode: element.track.mode,
        cues: element.track.cues?.length ?? 0,
      })),
    )
    .toEqual({ mode: 'showing', cues: 2 });

  const read = page.getByRole('button', { name: 'Read the message' });
  await expect(read).toHaveAttribute('aria-expanded', 'false');
  await read.click();
  const words = page.getByRole('region', { name: 'Read the message' });
  await expect(words).toContainText('Hello Sam.');
  await expect(words).toContainText('Remember the lake in summer.');
});
