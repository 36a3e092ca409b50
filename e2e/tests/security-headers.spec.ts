/// <reference lib="dom" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveryRoutes, referencePath } from '@pw/contracts';
import { signUpUser } from '../support/accounts';
import { API_REFERENCE_PAGE } from '../support/api';
import { test, expect } from '../support/csp';
import { uploadDraft } from '../support/videos';
import { deliverSoon, newPerson } from './notifications/helpers';

/**
 * The security headers as Chromium meets them (docs/decisions/0100-security-headers.md). Every test here
 * also fails on any Content-Security-Policy violation (support/csp.ts); the recorder, the upload screen
 * and the library player are held to the same in upload/upload.spec.ts.
 */

/** A page on another origin (a real local server, as an attacker's would be), serving `html`. */
async function otherOrigin(html: string, seen: http.IncomingMessage[] = []) {
  const server = http.createServer((request, response) => {
    seen.push(request);
    response.setHeader('content-type', 'text/html');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('pages come with the policy, and another site cannot frame them', async ({ page, browser, baseURL }) => {
  const response = await page.goto('/home');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page).toHaveTitle('Parting Words | Home');

  // Clickjacking: a page elsewhere puts the app in an invisible frame. Chromium refuses to render it
  // (a violation on the attacker's page, so in a browser context of its own).
  const attacker = await otherOrigin(`<h1>Win a prize</h1><iframe src="${baseURL}/home"></iframe>`);
  const elsewhere = await browser.newContext();
  const lure = await elsewhere.newPage();
  const refusals: string[] = [];
  lure.on('console', (message) => refusals.push(message.text()));
  await lure.goto(attacker.url);
  await expect.poll(() => refusals.join('\n')).toContain("frame-ancestors 'none'");
  const framed = lure.frames().filter((frame) => frame !== lure.mainFrame());
  expect(framed).toHaveLength(1);
  expect(framed[0]!.url()).not.toContain(baseURL!);
  expect(await framed[0]!.evaluate(() => document.title)).not.toContain('Parting Words');
  await elsewhere.close();
  await attacker.close();
});

test('the API reference works under its own policy', async ({ page }) => {
  await page.goto(API_REFERENCE_PAGE);
  await expect(page.getByText('Parting Words API').first()).toBeVisible();
  await expect(page.getByText(referencePath(deliveryRoutes.watch)).first()).toBeVisible();
});

test('a delivered message plays on its watch page, and its link never leaves as a Referer', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = newPerson('Rosa');
  const session = await signUpUser(request, owner);
  const video = await uploadDraft(request, session, 'For Tom', { description: 'Play it loud.' });
  // Due in a few seconds (the API takes seconds): the worker's real send, without waiting for a whole minute.
  const link = await deliverSoon(request, session, video.id, `tom-${Date.now().toString(36)}@e2e.test`);

  // Every request the watch page makes, with the headers Chromium really sent.
  const referers: Array<string | undefined> = [];
  page.on('request', (sent) => void sent.allHeaders().then((all) => referers.push(all.referer)));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('For Tom');
  const player = page.locator('video');
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.3);

  // A link on the page to another site (as a description could hold): the site learns nothing.
  const seen: http.IncomingMessage[] = [];
  const elsewhere = await otherOrigin('<h1>Elsewhere</h1>', seen);
  await page.evaluate((url) => {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.textContent = 'a link in the message';
    document.body.append(anchor);
  }, elsewhere.url);
  await page.getByText('a link in the message').click();
  await expect(page.getByRole('heading', { name: 'Elsewhere' })).toBeVisible();
  await elsewhere.close();

  expect(referers.length).toBeGreaterThan(3); // the page, its scripts and styles, the API call, the video
  expect(referers.filter(Boolean)).toEqual([]);
  const arrival = seen.find((sent) => sent.url === '/');
  expect(arrival).toBeDefined();
  expect(arrival!.headers.referer).toBeUndefined();
});
