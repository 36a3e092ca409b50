import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import {
  adminPlanRoutesByKind,
  legacyRoutes,
  queryRoutes,
  type PlanKind,
  type RouteResponse,
} from '@pw/contracts';
import { ADMIN } from '../playwright.config';
import { logIn, sendContactUs, signUpFuneralHome, signUpUser, type Session } from '../support/accounts';
import { decideBannerAd, sendBannerAd } from '../support/banner-ads';
import { becomeListedHome, becomeMember } from '../support/payments';
import { sendFuneralForm } from '../support/funeral-homes';
import { callApi } from '../support/api';
import { axeViolations } from './notifications/helpers';
import { signInBrowser } from '../support/browser';
import { getVideo, moveToFinal, publish, schedule, succeed, uploadDraft } from '../support/videos';

/**
 * Layout and chrome: each defect found in review, at 360 px (a phone) and 1280 px (a laptop), and the sweep
 * that opens every page of the user, funeral-home and admin areas at 360 px and finds none that
 * scrolls sideways.
 */

const WIDTHS = [360, 1280] as const;

/** How far the page reaches past the window's right edge, and what sticks out (for the failure message). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { by: root.scrollWidth - root.clientWidth, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await sidewaysOverflow(page);
  expect(
    overflow.by,
    `${where} scrolls sideways by ${overflow.by} px: ${overflow.culprits.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}

/** Waits until the page's own content has drawn: lazy code loaded and no loading spinner left. */
async function settled(page: Page) {
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.locator('main .spinner-border')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * The page's requests still open, counted from Playwright's request events: `openInApp` waits for none
 * rather than for the half-second without any that `networkidle` waits for on every page.
 */
function openRequests(page: Page): () => number {
  const open = new Set<object>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Opens `url`: the first page by loading the app, the next ones as a link in the app does (React Router
 * follows the history), so the sweep does not load and start the whole app again for each page. The new
 * page is drawn once its layout has moved focus to the main region (a page may then move it on, to a
 * dialog it opens), or once a layout of its own drew a new one. Then waits until the page has its data
 * and its images.
 */
async function openInApp(page: Page, url: string, open: () => number) {
  const here = new URL(page.url());
  if (here.protocol === 'about:') await page.goto(url);
  // Already there (the page before forwarded to it): a navigation would not draw it again.
  else if (here.pathname + here.search !== url) {
    await page.evaluate((to) => {
      const root = document.documentElement;
      delete root.dataset.sweepDrawn;
      const onFocus = (event: FocusEvent) => {
        if ((event.target as Element).tagName !== 'MAIN') return;
        root.dataset.sweepDrawn = 'yes';
        document.removeEventListener('focusin', onFocus, true);
      };
      document.addEventListener('focusin', onFocus, true);
      (document.activeElement as HTMLElement | null)?.blur();
      document.querySelector('main')?.setAttribute('data-sweep-before', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    const drawn = () => {
      if (document.documentElement.dataset.sweepDrawn === 'yes') return true;
      const main = document.querySelector('main');
      return main !== null && !main.hasAttribute('data-sweep-before');
    };
    await page.waitForFunction(drawn, undefined, { timeout: 20_000 }).catch((error: unknown) => {
      throw new Error(`${url} was not drawn: ${String(error)}`);
    });
  }
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.locator('main .spinner-border')).toHaveCount(0);
  await expect.poll(open).toBe(0);
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

/** A contact-us message with a long unbroken subject, for the admin's query details page; its id. */
async function contactQuery(request: APIRequestContext, admin: Session): Promise<number> {
  const subject = `Averyveryverylongsubjectwithoutasinglespace${Date.now()}`;
  await sendContactUs(request, { name: 'Sweep Visitor', email: 'sweep@e2e.test', subject, message: 'Hello' });
  const list = await callApi(request, queryRoutes.list, { query: { search: subject }, token: admin.token });
  return ((await list.json()) as RouteResponse<typeof queryRoutes.list>).data[0]!.id;
}

/** A plan of the kind (the seeded defaults will do), for its details and edit pages; its id. */
async function somePlan(request: APIRequestContext, admin: Session, kind: PlanKind): Promise<number> {
  const list = await callApi(request, adminPlanRoutesByKind[kind].list, { token: admin.token });
  type Plans = RouteResponse<(typeof adminPlanRoutesByKind)[PlanKind]['list']>;
  return ((await list.json()) as Plans).data[0]!.id;
}

/**
 * A reported passing for the back office's Legacy Releases list: an owner of their own (the sweep's user
 * keeps a sealed message) with a long unbroken name, reported by `reporter` holding the access code.
 */
async function legacyReport(request: APIRequestContext, reporter: Session) {
  const owner = await signUpUser(request, { first_name: 'Averyveryverylongownernamewithoutaspace' });
  const video = await uploadDraft(request, owner, 'Sealed words');
  await schedule(request, owner, video.id);
  await moveToFinal(request, owner, video.id);
  const code = (await getVideo(request, owner, video.id)).access_code!;
  // The longest waiting period (five minutes on the e2e server): the report still waits, with its Halt
  // button, when the sweep reaches the list.
  await succeed(request, legacyRoutes.saveSettings, {
    token: owner.token,
    body: { contacts: [], waiting_period_days: 30, check_in_months: 0, available_at_once: false },
  });
  await succeed(request, legacyRoutes.reportByCode, {
    token: reporter.token,
    params: { code },
    body: { relation: 'Averyveryverylongrelationwithoutasinglespace', note: 'Obituary' },
  });
}

/** A user with a video in each folder; the draft is public and has a long unbroken title. */
async function userWithVideos(request: APIRequestContext) {
  const owner = await signUpUser(request, { first_name: 'Sweep' });
  await becomeMember(request, owner); // two scheduled deliveries (docs/product.md §5.5)
  const draft = await uploadDraft(request, owner, 'Averyveryverylongtitlewithoutasinglespaceinit');
  await publish(request, owner, draft.id);
  const scheduled = await uploadDraft(request, owner, 'For my brother');
  await schedule(request, owner, scheduled.id);
  const final = await uploadDraft(request, owner, 'My last words');
  // Drafts reach the final folder through the scheduled one (docs/product.md §13.5).
  await schedule(request, owner, final.id);
  await moveToFinal(request, owner, final.id);
  return { owner, draft, scheduled, final };
}

/** What the sweep's pages show: an account per area, and the ids their addresses take. */
type SweepWorld = {
  sessions: Record<Area, Session>;
  ids: Record<string, number>;
  draft: Awaited<ReturnType<typeof userWithVideos>>['draft'];
};
type Area = 'user' | 'funeral' | 'admin';

async function buildSweepWorld(request: APIRequestContext): Promise<SweepWorld> {
  const { owner, draft, scheduled, final } = await userWithVideos(request);
  const sessions = {
    user: owner,
    // A long home name: it must wrap, not widen the page.
    funeral: await signUpFuneralHome(request, { home_name: 'Willow Funeral Home of the Long Valley Road' }),
    admin: await logIn(request, 'admin', ADMIN),
  };
  // The home is listed and holds one request with a long unbroken form text, for its request pages.
  await becomeListedHome(request, sessions.funeral);
  const funeralRequest = await sendFuneralForm(
    request,
    owner,
    sessions.funeral.user.id,
    'Averyveryverylongspeakerpreferencewithoutasinglespace',
  );
  const query = await contactQuery(request, sessions.admin);
  await legacyReport(request, sessions.funeral);
  // A long brand without spaces: it must wrap in the tables and detail pages, not widen them.
  const brand = 'Evergreenflowersandwreathsofthelongvalleyroad';
  const userBannerAd = await sendBannerAd(request, sessions.user, 'user', brand);
  await decideBannerAd(request, sessions.admin, userBannerAd.id, { status: 1 });
  const funeralBannerAd = await sendBannerAd(request, sessions.funeral, 'funeral-home', brand);
  const ids: Record<string, number> = {
    userBannerAd: userBannerAd.id,
    funeralBannerAd: funeralBannerAd.id,
    draft: draft.id,
    scheduled: scheduled.id,
    final: final.id,
    query,
    funeralRequest: funeralRequest.id,
    // The back office's account pages: the user with a final message, the home with a long name.
    user: owner.user.id,
    funeralHome: sessions.funeral.user.id,
    timePlan: await somePlan(request, sessions.admin, 'membership'),
    adFreePlan: await somePlan(request, sessions.admin, 'ad-free'),
    funeralHomePlan: await somePlan(request, sessions.admin, 'funeral-home'),
    bannerPlan: await somePlan(request, sessions.admin, 'banner-ad'),
  };
  return { sessions, ids, draft };
}

/**
 * Built once per worker by the first area's test and shared by the others (plain data: tokens and ids), so
 * each area is a test with its own time limit and a slow area no longer runs the others out of time.
 */
let sweepWorld: Promise<SweepWorld> | undefined;

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  // The pages to open, as listed from the route table (router.test.tsx keeps the list complete).
  const pages = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../support/area-pages.json'), 'utf8'),
  ) as Record<Area, Record<string, string>>;

  for (const area of ['user', 'funeral', 'admin'] as const) {
    test(`no page of the ${area} area scrolls sideways`, async ({ browser, request }) => {
      // Up to 40 pages, each waited on until the network is idle (slow on a loaded two-core machine).
      test.setTimeout(240_000);
      const { sessions, ids, draft } = await (sweepWorld ??= buildSweepWorld(request));
      // A browser context of the role's own: its own localStorage session.
      const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      const open = openRequests(page);
      await signInBrowser(page, sessions[area]);
      for (const template of Object.values(pages[area])) {
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]));
        await openInApp(page, url, open);
        expect(new URL(page.url()).pathname, `${url} stays in the ${area} area`).toMatch(
          new RegExp(`^/${area}(/|$)`),
        );
        await expectNoSidewaysScroll(page, url);
      }
      if (area === 'user') {
        // The found-video page as a search reaches it, with the video in it.
        await page.goto('/user/search');
        await page.getByLabel('Video code').fill(draft.search_code);
        await page.getByRole('button', { name: 'Find' }).click();
        await expect(page).toHaveURL(/\/user\/search\/video$/);
        await expect(page.getByRole('heading', { name: draft.title })).toBeVisible();
        await settled(page);
        await expectNoSidewaysScroll(page, '/user/search/video with a video');
      }
      if (area === 'admin') {
        await page.getByRole('button', { name: 'Show menu' }).click();
        await expectNoSidewaysScroll(page, '/admin with the drawer open');
      }
      await context.close();
    });
  }
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/contact-us does not scroll sideways', async ({ page }) => {
      await page.goto('/contact-us');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
      await expectNoSidewaysScroll(page, '/contact-us');
    });

    test('the video detail player keeps a 16:9 video’s shape on a phone, and 600 px on wider screens', async ({
      page,
      request,
    }) => {
      const owner = await signUpUser(request, { first_name: 'Player' });
      const video = await uploadDraft(request, owner, 'Wide picture', { clip: { size: '640x360' } });
      await signInBrowser(page, owner);
      await page.goto(`/user/profile/drafts?video=${video.id}`);
      const player = page.locator('.pw-player');
      await expect(page.getByRole('heading', { name: 'Wide picture' })).toBeVisible();
      // The frame follows the file once the browser knows its size.
      await expect
        .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.videoWidth))
        .toBe(640);
      const box = (await player.boundingBox())!;
      if (width < 768) {
        expect(box.height).toBeCloseTo((box.width * 9) / 16, 0);
      } else {
        expect(box.height).toBeGreaterThanOrEqual(600);
      }
    });

    test('the admin menu closes with its own button and gives focus back to its toggle', async ({
      page,
      request,
    }) => {
      await signInBrowser(page, await logIn(request, 'admin', ADMIN));
      await page.goto('/admin/dashboard');
      const sidebar = page.getByRole('complementary', { name: 'Back office' });
      const sections = page.getByRole('navigation', { name: 'Back office sections' });
      if (width >= 992) {
        // Beside the page: the header's toggle hides and shows it; there is nothing over it to close.
        await expect(sections).toBeVisible();
        await expect(sidebar.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
        await page.getByRole('button', { name: 'Hide menu' }).click();
        await expect(sections).toBeHidden();
        await page.getByRole('button', { name: 'Show menu' }).click();
        await expect(sections).toBeVisible();
        return;
      }
      const toggle = page.getByRole('button', { name: 'Show menu' });
      for (const close of ['button', 'backdrop', 'Escape'] as const) {
        await toggle.click();
        await expect(sections).toBeVisible();
        const closeButton = sidebar.getByRole('button', { name: 'Close menu' });
        await expect(closeButton).toBeVisible();
        // The drawer lies over the toggle that opened it: its own button is the visible way out.
        const [drawer, opener] = [
          (await sidebar.boundingBox())!,
          (await page.locator('.admin-header button').first().boundingBox())!,
        ];
        expect(drawer.x + drawer.width).toBeGreaterThan(opener.x + opener.width);
        if (close === 'button') await closeButton.click();
        if (close === 'backdrop') await page.mouse.click(width - 10, 400);
        if (close === 'Escape') await page.keyboard.press('Escape');
        await expect(sections).toBeHidden();
        await expect(page.getByRole('button', { name: 'Show menu' }), `focus after ${close}`).toBeFocused();
      }
    });

    test('the signed-in header of each area, with its account menu open, passes axe', async ({
      page,
      request,
    }) => {
      const areas: Array<[Session, string]> = [
        [await signUpUser(request, { first_name: 'Header' }), '/user/home'],
        [await signUpFuneralHome(request), '/funeral/user-requests'],
        [await logIn(request, 'admin', ADMIN), '/admin/dashboard'],
      ];
      for (const [session, home] of areas) {
        await signInBrowser(page, session);
        await page.goto(home);
        const menu = page.getByRole('button', { name: /^Account menu for / });
        await expect(menu).toBeVisible();
        // The initials avatar is the button's only visible text on a phone: its name must still match.
        expect(await axeViolations(page, 'header'), `${home} header`).toEqual([]);
        if (home === '/user/home') {
          // The initials are still drawn (by CSS, not as text in the button's name).
          const drawn = await menu
            .locator('.avatar-initials')
            .evaluate((avatar) => getComputedStyle(avatar, '::before').content);
          expect(drawn).toBe('"HT"');
        }
        await menu.click();
        await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
        expect(await axeViolations(page, 'header'), `${home} header, menu open`).toEqual([]);
        await page.keyboard.press('Escape');
      }
    });

    test('user home offers recording and the person’s own folders beside the upload button', async ({
      page,
      request,
    }) => {
      await signInBrowser(page, await signUpUser(request, { first_name: 'Homebody' }));
      await page.goto('/user/home');
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Upload Your Video' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Record a message' })).toBeVisible();
      await main.getByRole('link', { name: 'My messages' }).click();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await expect(page.getByRole('tab', { name: /My Parting Words/ })).toBeVisible();
      await page.goBack();
      // The profile's empty final folder has a 'Record a message' link too: click the home's, once it is back.
      await expect(page).toHaveURL(/\/user\/home$/);
      await expect(main.getByRole('link', { name: 'My messages' })).toBeVisible();
      await main.getByRole('link', { name: 'Record a message' }).click();
      await expect(page).toHaveURL(/\/user\/video\/VideoRecorder$/);
    });
  });
}

test('My Profile’s folders with videos in them do not scroll sideways, before any player has been opened', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpUser(request, { first_name: 'Folders' });
  // A camera's 16:9 picture: its thumbnail is 640 px wide, wider than a card at either width.
  const clip = { size: '640x360' };
  const final = await uploadDraft(request, owner, 'My last words', { clip });
  // Drafts reach the final folder through the scheduled one; one pending delivery at a time is free.
  await schedule(request, owner, final.id);
  await moveToFinal(request, owner, final.id);
  const scheduled = await uploadDraft(request, owner, 'For my brother', { clip });
  await schedule(request, owner, scheduled.id);
  await uploadDraft(request, owner, 'A draft', { clip });
  await signInBrowser(page, owner);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of ['/user/profile', '/user/profile?tab=scheduled', '/user/profile?tab=drafts']) {
      // A fresh load each time: only what the folders page itself ships is there.
      await page.goto(url);
      const thumbnail = page.locator('.video-card img');
      await expect(thumbnail).toHaveCount(1);
      await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
      await settled(page);
      await expectNoSidewaysScroll(page, `${url} at ${width} px`);
      const [card, picture] = [
        (await page.locator('.video-card').boundingBox())!,
        (await thumbnail.boundingBox())!,
      ];
      expect(picture.x + picture.width, `${url} at ${width} px: picture inside its card`).toBeLessThanOrEqual(
        card.x + card.width + 0.5,
      );
    }
  }
});

test('the recorder at 1280 × 800 keeps Stop, Pause and Finish in view and says how Stop and Finish differ', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(page, await signUpUser(request, { first_name: 'Recorder' }));
  await page.goto('/user/video/VideoRecorder');
  // A page for work: no banner slot above it (nor its placeholder).
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Click to record' }).click();
  const [stop, pause, finish] = ['Stop', 'Pause', 'Finish'].map((name) =>
    page.getByRole('button', { name, exact: true }),
  );
  await expect(pause!).toBeVisible();
  for (const button of [stop, pause, finish]) {
    const box = (await button!.boundingBox())!;
    expect(box.y + box.height, `${await button!.innerText()} above the fold`).toBeLessThanOrEqual(800);
  }
  // The contract's words stay; a line of help, read with each button, says what each one does.
  await expect(stop!).toHaveAccessibleDescription(/ends the recording so you can watch it back/);
  await expect(finish!).toHaveAccessibleDescription(/ends it so you can set where it starts and ends/);
  await expect(page.getByText(/Finish ends it so you can set where/)).toBeInViewport({ ratio: 1 });
  await stop!.click();
  await expect(page.getByRole('button', { name: 'Discard the video' })).toBeVisible();
});

test('the recorder upright at 360 × 740: no sideways scroll, Stop, Pause and Finish in view, and the recording offered back fits too', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInBrowser(page, await signUpUser(request, { first_name: 'Upright' }));
  await page.goto('/user/video/VideoRecorder');
  await page.getByRole('button', { name: 'Click to record' }).click();
  await expect(page.getByRole('timer')).toContainText(/0:0[2-9]/);
  await settled(page);
  await expectNoSidewaysScroll(page, 'recorder at 360 px, recording');
  for (const name of ['Stop', 'Pause', 'Finish']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  // The page goes while recording; the next visit offers the recording back, readable at this width.
  await page.close();
  const again = await context.newPage();
  await again.setViewportSize({ width: 360, height: 740 });
  await again.goto('/user/video/VideoRecorder');
  const offer = again.getByTestId('recovery-offers');
  await expect(offer.getByText(/that was not saved\.$/)).toBeVisible();
  await settled(again);
  await expectNoSidewaysScroll(again, 'recorder at 360 px, recording offered back');
  for (const name of ['Keep it', 'Discard']) {
    await expect(offer.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
});

test('opening / gives no React Router warning on the way to /home', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(warnings.filter((text) => text.includes('Matched leaf route'))).toEqual([]);
});

test('a signed-in page whose bell and dialog code cannot be fetched stays, and Logout asks with the browser’s dialog', async ({
  page,
  request,
}) => {
  // As when the network drops after the page has loaded: the parts fetched on first use cannot come.
  await page.route(/\/assets\/(NotificationBell|DialogModal)-[^/]*\.js$/, (route) => route.abort());
  await signInBrowser(page, await signUpUser(request, { first_name: 'Unreached' }));
  await page.goto('/user/home');
  await expect(page.getByRole('main').getByRole('link', { name: 'Upload Your Video' })).toBeVisible();
  const accountMenu = page.getByRole('button', { name: /Account menu/ });
  await expect(accountMenu).toBeVisible();
  await expect(page.getByTitle('Notifications')).toHaveCount(0);

  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await accountMenu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  expect(await asked).toBe('Logout?\n\nAre you sure you want to logout?');
  await expect(page).toHaveURL(/\/login$/);
});
