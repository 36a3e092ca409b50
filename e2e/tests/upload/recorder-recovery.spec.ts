/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so these files see the DOM types too.
import { signUpUser, type Session } from '../../support/accounts';
import { expectPlays, signInBrowser } from '../../support/browser';
import type { APIRequestContext, Page } from '../../support/test';
import { routeUrl, videoRoutes } from '@pw/contracts';
import { expect, test } from '../../support/csp';
import { listFolder } from '../../support/videos';
import { answerUploadDialogs, hmsSeconds, saveThroughDialogs } from './helpers';

/**
 * docs/product.md §4.5: a recording is kept on the device as it is made, offered back after the page that
 * made it is gone, and leaves the device only once the server holds it. Chromium records the fake
 * camera and microphone.
 */

test.describe.configure({ timeout: 180_000 });

/** The recordings kept in this browser's IndexedDB: their ids, lengths and pieces. */
function keptRecordings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Array<{ id: string; seconds: number; chunks: number }>>((resolve, reject) => {
        const open = indexedDB.open('parting-words-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('recordings')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('recordings').objectStore('recordings').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Array<{ id: string; seconds: number; chunks: number }>);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** A new account, signed in on `page`. */
async function signedIn(page: Page, request: APIRequestContext) {
  const session = await signUpUser(request);
  await signInBrowser(page, session);
  return session;
}

async function recordFor(page: Page, clock: RegExp) {
  await page.goto('/user/video/VideoRecorder');
  await page.getByRole('button', { name: 'Click to record' }).click();
  await expect(page.getByRole('timer')).toContainText(clock, { timeout: 60_000 });
}

/**
 * The one draft the upload made: its title, ready, lasting within `seconds` (the server's measure); and,
 * the server holding it, its copy gone from the device.
 */
async function expectDraft(
  page: Page,
  request: APIRequestContext,
  session: Session,
  title: string,
  [least, most]: [number, number],
) {
  const drafts = await listFolder(request, session, 'draft');
  expect(drafts).toHaveLength(1);
  expect(drafts[0]).toMatchObject({ title, state: 'ready' });
  const seconds = hmsSeconds(drafts[0]!.duration);
  expect(seconds).toBeGreaterThanOrEqual(least);
  expect(seconds).toBeLessThanOrEqual(most);
  await expect.poll(() => keptRecordings(page)).toEqual([]);
  return drafts[0]!;
}

const OFFER = /^You have a recording from \d{2}:\d{2} \((\d+) s\) that was not saved\.$/;

test('a recording whose page was closed mid-recording is offered back, kept as a draft, and lasts what was recorded', async ({
  page,
  context,
  request,
}) => {
  const session = await signedIn(page, request);
  await recordFor(page, /0:19/);
  await expect(page.getByText(/^Kept on this device as you record, until it is uploaded/)).toBeVisible();
  // Kept on the device as it is made: a piece a second.
  await expect.poll(async () => (await keptRecordings(page))[0]?.chunks ?? 0).toBeGreaterThanOrEqual(17);
  // Closed while still recording: no Stop, no Save.
  await page.close();

  const again = await context.newPage();
  const tusMethods: string[] = [];
  again.on('request', (sent) => {
    if (new URL(sent.url()).pathname.includes('/video/tus')) tusMethods.push(sent.method());
  });
  await again.goto('/user/video/VideoRecorder');
  const offer = again.getByTestId('recovery-offers').getByText(OFFER);
  await expect(offer).toBeVisible();
  const offered = Number(OFFER.exec(await offer.innerText())![1]);
  expect(offered).toBeGreaterThanOrEqual(17);
  expect(offered).toBeLessThanOrEqual(20);

  await again.getByRole('button', { name: 'Keep it' }).click();
  // Keep does what Save does: the recording waits in the edit list of the upload screen.
  await expect(again).toHaveURL(/\/user\/video\/upload$/);
  await expect(again.getByTestId('clip-card')).toHaveCount(1);
  // Still on the device until the server holds it.
  expect(await keptRecordings(again)).toHaveLength(1);

  await saveThroughDialogs(again, {
    folder: 'Drafts',
    title: 'Kept after a closed page',
    description: 'Recovered from the device',
  });
  const draft = await expectDraft(again, request, session, 'Kept after a closed page', [18, 20]);
  // Its upload went on from where the server's copy ended: asked, then the rest; none begun anew.
  expect(tusMethods[0]).toBe('HEAD');
  expect(tusMethods).not.toContain('POST');

  // The server holds it: the recorder offers nothing.
  await again.goto('/user/video/VideoRecorder');
  await expect(again.getByRole('button', { name: 'Click to record' })).toBeVisible();
  await expect(again.getByTestId('recovery-offers')).toHaveCount(0);

  // The draft's page plays it.
  await again.goto(`/user/profile/drafts?video=${draft.id}`);
  const player = again.getByLabel('Video: Kept after a closed page');
  await expectPlays(player);
  expect(await player.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(17.5);
});

test('Discard asks once; No keeps the recording, Discard deletes it from the device', async ({
  page,
  context,
  request,
}) => {
  const session = await signedIn(page, request);
  await recordFor(page, /0:0[3-9]/);
  await expect.poll(async () => (await keptRecordings(page))[0]?.chunks ?? 0).toBeGreaterThanOrEqual(2);
  await page.close();

  const again = await context.newPage();
  await again.goto('/user/video/VideoRecorder');
  const offers = again.getByTestId('recovery-offers');
  await expect(offers.getByText(OFFER)).toBeVisible();

  await offers.getByRole('button', { name: 'Discard' }).click();
  const question = again.getByRole('dialog', { name: 'Discard this recording?' });
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toBeHidden();
  await expect(offers.getByText(OFFER)).toBeVisible();
  expect(await keptRecordings(again)).toHaveLength(1);

  await offers.getByRole('button', { name: 'Discard' }).click();
  await again
    .getByRole('dialog', { name: 'Discard this recording?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(offers).toHaveCount(0);
  expect(await keptRecordings(again)).toEqual([]);
  await again.reload();
  await expect(again.getByRole('button', { name: 'Click to record' })).toBeVisible();
  await expect(again.getByTestId('recovery-offers')).toHaveCount(0);
  expect(await listFolder(request, session, 'draft')).toEqual([]);
});

test('with the network cut for 10 s of the recording and again at Save, the upload waits, says so, and the draft arrives whole', async ({
  page,
  context,
  request,
}) => {
  const session = await signedIn(page, request);
  // Opened from the upload screen, so its code is loaded before the network goes.
  await page.goto('/user/video/upload');
  await page.getByRole('link', { name: /Record a video/ }).click();
  await page.getByRole('button', { name: 'Click to record' }).click();
  const timer = page.getByRole('timer');
  const upload = page.getByTestId('live-upload-status');
  await expect(timer).toContainText('0:03', { timeout: 30_000 });
  await context.setOffline(true);
  // Recording goes on; the upload while recording waits and says so.
  await expect(upload).toHaveText(/^No network: the upload is waiting/, { timeout: 15_000 });
  await expect(timer).toContainText('0:13', { timeout: 30_000 });
  await context.setOffline(false);
  await expect(upload).toHaveAttribute('data-state', 'sending', { timeout: 15_000 });
  await expect(timer).toContainText('0:16', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/user\/video\/upload$/);
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  // The first request of the upload cuts the network: the browser goes offline and the request gets no
  // answer. The recording went up while it was made, so that is the store call (or, had its last seconds
  // still been on their way, a tus request).
  let cut = false;
  await page.route(
    (url) => url.pathname.includes('/video/tus') || url.pathname === routeUrl(videoRoutes.store),
    async (route) => {
      if (!cut) {
        cut = true;
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    },
  );
  await answerUploadDialogs(page, {
    folder: 'Drafts',
    title: 'Through a lost connection',
    description: 'Recorded while offline',
  });
  const waiting = page.getByText(/^Waiting for the network…/);
  await expect(waiting).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Unsuccessful' })).toHaveCount(0);
  expect(cut).toBe(true);
  await context.setOffline(false);
  await expect(waiting).toBeHidden();

  const saved = page.getByRole('dialog', { name: 'Video Saved' });
  await expect(saved).toBeVisible({ timeout: 120_000 });
  await saved.getByRole('button', { name: 'Ok' }).click();
  // Whole: the 16 s recorded, the offline ten among them.
  await expectDraft(page, request, session, 'Through a lost connection', [15, 17]);
});

test('while recording the screen is kept awake and leaving asks first; Discard leaves without asking and keeps nothing', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  // A Wake Lock the page's requests and releases can be read from (headless Chromium refuses the real one).
  await page.addInitScript(() => {
    const log: string[] = [];
    Object.assign(window, { wakeLockLog: log });
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async (type: string) => {
          log.push(`request ${type}`);
          const sentinel = {
            released: false,
            release: async () => {
              sentinel.released = true;
              log.push('release');
            },
          };
          return sentinel;
        },
      },
    });
  });
  const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLockLog: string[] }).wakeLockLog);
  await recordFor(page, /0:0[2-9]/);
  await expect.poll(wakeLog).toEqual(['request screen']);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(wakeLog).toEqual(['request screen', 'release']);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(wakeLog).toEqual(['request screen', 'release', 'request screen']);

  // Leaving while recording asks first; staying keeps recording.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(page.getByRole('timer')).toContainText('Recording');

  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Discard the video' }).click();
  await expect(page.getByRole('button', { name: 'Click to record' })).toBeVisible();
  expect(asked).toEqual(['beforeunload']);
  expect(await keptRecordings(page)).toEqual([]);
  await expect(page.getByTestId('recovery-offers')).toHaveCount(0);
});

test('a full device is said in plain words, recording goes on, and Save still uploads all of it', async ({
  page,
  request,
}) => {
  const session = await signedIn(page, request);
  // The device fills up on demand: from then on, writing a recording's piece fails as a full disk does.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (this.name === 'chunks' && (window as unknown as { deviceFull?: boolean }).deviceFull)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.goto('/user/video/upload');
  await page.getByRole('link', { name: /Record a video/ }).click();
  await page.getByRole('button', { name: 'Click to record' }).click();
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('0:02', { timeout: 30_000 });
  await page.evaluate(() => Object.assign(window, { deviceFull: true }));
  await expect(page.getByText(/^Kept on this device as you record/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText(
    'This device has no room left, so the recording is no longer being copied to it as you go. ' +
      'It is still recording, and Save still uploads all of it: keep this page open until it is saved.',
  );
  await expect(timer).toContainText('0:07', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  await saveThroughDialogs(page, {
    folder: 'Drafts',
    title: 'Recorded on a full device',
    description: 'All of it arrived',
  });
  // All of it; and the part kept before the device filled up goes too, now the server holds the whole.
  await expectDraft(page, request, session, 'Recorded on a full device', [6, 8]);
});

test('a recording goes up while it is made: pieces are sent before Finish, and Save sends nothing again', async ({
  page,
  request,
}) => {
  const session = await signedIn(page, request);
  const sent: Array<{ method: string; at: number }> = [];
  page.on('request', (sentRequest) => {
    if (new URL(sentRequest.url()).pathname.includes('/video/tus'))
      sent.push({ method: sentRequest.method(), at: Date.now() });
  });
  await page.goto('/user/video/upload');
  await page.getByRole('link', { name: /Record a video/ }).click();
  await page.getByRole('button', { name: 'Click to record' }).click();
  const status = page.getByTestId('live-upload-status');
  await expect(status).toHaveText(/^Uploading as you record/);
  await expect(page.getByRole('timer')).toContainText('0:15', { timeout: 60_000 });
  // Before Finish: the upload was made, and pieces went up, more than one, a few seconds apart.
  const beforeFinish = sent.filter((r) => r.method === 'PATCH');
  expect(sent[0]?.method).toBe('POST');
  expect(beforeFinish.length).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Finish' }).click();
  // Only the last seconds were left: the server has it all while the owner still trims.
  await expect(status).toHaveText(/^Uploaded: the server has all of this recording/, { timeout: 30_000 });
  const atSave = sent.length;
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('clip-card')).toHaveCount(1);

  await saveThroughDialogs(page, {
    folder: 'Drafts',
    title: 'Uploaded while recorded',
    description: 'Sent as it was made',
  });
  // The upload screen asked where the server's copy ends at most, and sent no byte again.
  expect(sent.slice(atSave).filter((r) => r.method !== 'HEAD')).toEqual([]);
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  await expectDraft(page, request, session, 'Uploaded while recorded', [14, 16.5]);
});
