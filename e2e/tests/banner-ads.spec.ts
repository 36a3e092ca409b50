import { expect, test, type Page } from '../support/test';
import { bannerAdRoutes, BANNER_MESSAGES, routeUrl } from '@pw/contracts';
import { ADMIN, DESKTOP_CHROMIUM, LAUNCH_ARGS } from '../playwright.config';
import { logIn, PASSWORD, signUpFuneralHome, signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import {
  decideBannerAd,
  firstBannerPlan,
  payBannerAd,
  readBannerAd,
  sendBannerAd,
} from '../support/banner-ads';
import { signInBrowser } from '../support/browser';
import { buyUserPlan, CARDS, payWithCard } from '../support/payments';
import { tinyPng } from './support';

// The ad's click is followed through the app's 302 to the brand's site, which a route stands in for. The
// headless shell does not route a request a redirect made (it goes out and fails here), so these tests
// run in the desktop browser.
test.use({ launchOptions: { executablePath: DESKTOP_CHROMIUM, args: LAUNCH_ARGS } });

/**
 * docs/product.md §8.4, banner ads on the web against the real server: the request form's refusals (docs/product.md §13.6),
 * the admin's review (docs/product.md §13.5) seen by the requester, the package choice and card payment that put
 * an ad live, the slot that shows it to people without ad-free (and not to those with it), its click
 * counted through the app, and the slot's box that never shifts the page.
 */

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng });
const unique = (brand: string) => `${brand} ${Date.now()}`;
/** A day as the ad's page writes it (the browser runs in this machine's time zone). */
// Every date of the app is written day first, the month whole: "22 November 2026" (apps/web/src/lib/dates.ts).
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
/** The value of one row of an ad's facts (a definition list). */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function adminPage(page: Page) {
  await signInBrowser(page, await logIn(page.request, 'admin', ADMIN));
}

test('the request form refuses a bad URL, a non-image and a fourth image with the spec’s words, sending nothing', async ({
  page,
  request,
}) => {
  const ruth = await signUpUser(request, { first_name: 'Ruth' });
  await signInBrowser(page, ruth);
  const sent: string[] = [];
  page.on('request', (each) => {
    if (each.method() === 'POST' && each.url().includes('/banner-ad/create')) sent.push(each.url());
  });

  await page.goto('/user/home');
  await page.getByRole('banner').getByRole('link', { name: 'Banner Ads Logs' }).click();
  await expect(page).toHaveURL(/\/user\/banner-ads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Banner Ads Logs' })).toBeVisible();
  await expect(page.getByText('No data found :(')).toBeVisible();
  await page.getByRole('link', { name: 'Send new request' }).click();
  await expect(page).toHaveURL(/\/user\/banner-ads\/new$/);

  const brand = unique('Acme Flowers');
  await page.getByLabel('Brand Name').fill(brand);
  await page.getByLabel('Brand Email').fill('hello@acme.example');
  await page.getByLabel('Brand URL').fill('acme flowers');
  const images = page.locator('#images');
  await images.setInputFiles({
    name: 'brief.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(page.getByText('Only image files (jpg, png, gif, webp, svg) are allowed.')).toBeVisible();
  await images.setInputFiles([png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
  await expect(page.getByText('You can only upload up to 3 files.')).toBeVisible();
  await images.setInputFiles([png('1.png'), png('2.png'), png('3.png')]);
  await expect(page.getByAltText(/^Selected: /)).toHaveCount(3);
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('URL is Incorrect!')).toBeVisible();
  expect(sent).toEqual([]);

  await page.getByLabel('Brand URL').fill('www.acme.example/spring');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Banner Ad Request Sent' })).toBeVisible();
  await page.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/banner-ads\/\d+$/);
  await expect(page.getByText(brand)).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.acme.example/spring' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open .*image \d of 3$/ })).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Choose a package' })).toHaveCount(0);
  expect(sent).toHaveLength(1);

  await page.getByRole('link', { name: 'Banner Ads Logs' }).first().click();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText(brand);
  await expect(row).toContainText('Pending');
});

test('the server refuses the same with the same words', async ({ request }) => {
  const home = await signUpFuneralHome(request);
  const create = bannerAdRoutes.funeralHome.create;
  const fields = { brand_name: 'Acme', brand_email: 'hello@acme.example' };

  const badUrl = await callApi(request, create, {
    token: home.token,
    multipart: { ...fields, brand_url: 'not a url', images: png('a.png') },
  });
  expect(badUrl.status()).toBe(422);
  expect((await badUrl.json()).errors.brand_url).toEqual([BANNER_MESSAGES.urlIncorrect]);

  const notImage = await callApi(request, create, {
    token: home.token,
    multipart: {
      ...fields,
      brand_url: 'acme.example',
      images: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not an image') },
    },
  });
  expect(notImage.status()).toBe(422);
  expect((await notImage.json()).errors.images).toHaveLength(1);

  const four = new FormData();
  for (const [key, value] of Object.entries({ ...fields, brand_url: 'acme.example' }))
    four.append(key, value);
  for (const name of ['1.png', '2.png', '3.png', '4.png'])
    four.append('images', new Blob([tinyPng], { type: 'image/png' }), name);
  const tooMany = await callApi(request, create, { token: home.token, multipart: four });
  expect(tooMany.status()).toBe(422);
  expect((await tooMany.json()).errors.images).toEqual([BANNER_MESSAGES.tooManyImages]);

  const list = await callApi(request, bannerAdRoutes.funeralHome.list, { token: home.token });
  expect((await list.json()).meta.total).toBe(0);
});

test('an admin approves a funeral home’s request; the home chooses a package, pays by card and its ad is live', async ({
  browser,
  request,
}) => {
  const home = await signUpFuneralHome(request, { home_name: 'Willow Funeral Home' });
  const brand = unique('Willow Wreaths');
  const ad = await sendBannerAd(request, home, 'funeral-home', brand);
  const plan = await firstBannerPlan(request, home, 'funeral-home');

  const admin = await browser.newPage();
  await adminPage(admin);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: 'Banner Ads Subscription' }).click();
  // A request waits: the page opens on New Requests by itself.
  await expect(admin).toHaveURL(/\/admin\/bannerads-subscription-management\?tab=new-requests$/);
  await expect(admin.getByRole('tab', { name: 'New Requests' })).toHaveAttribute('aria-selected', 'true');
  await admin.getByRole('searchbox', { name: 'Search' }).fill(brand);
  const row = admin.getByRole('table').getByRole('row').nth(1);
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Willow Funeral Home');
  await expect(row).toContainText('Funeral Home');
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: /View/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/new-request/${ad.id}$`));
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(
    admin.getByRole('heading', { name: 'Are you sure you want to approve this Ad?' }),
  ).toBeVisible();
  await admin.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Banner Ad Request Has Been Approved' })).toBeVisible();
  await admin.getByRole('button', { name: 'Ok' }).click();
  await expect(admin.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(admin.getByText('Approved', { exact: true })).toBeVisible();

  // Listed under Approved Ads now, not under New Requests.
  await admin.getByRole('link', { name: /Back to new requests/ }).click();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(brand);
  await expect(admin.getByText('No data found :(')).toBeVisible();
  await admin.getByRole('tab', { name: 'Approved Ads' }).click();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(brand);
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await admin.close();

  const page = await browser.newPage();
  await signInBrowser(page, home);
  await page.goto('/funeral/banner-ads');
  const mine = page.getByRole('table').getByRole('row').nth(1);
  await expect(mine).toContainText(brand);
  await expect(mine).toContainText('Approved');
  await mine.getByRole('link', { name: brand, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose a package' })).toBeVisible();
  const packages = page.getByRole('group', { name: 'Banner packages' });
  await expect(packages.getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Please select a valid option.')).toBeVisible();
  await packages.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/funeral/banner-ads/${ad.id}/payment\\?plan=\\d+$`));
  await expect(page.getByText(`For the ad of ${brand}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();

  await payWithCard(page, CARDS.good, plan.price);
  const paid = page.getByRole('dialog', { name: 'Payment Successfully Made!' });
  await expect(paid).toBeVisible();
  await paid.getByRole('button', { name: 'Ok' }).click();
  const live = page.getByRole('dialog', { name: 'Your Ad Is Live Successfully!' });
  await expect(live).toBeVisible();
  await live.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(new RegExp(`/funeral/banner-ads/${ad.id}$`));
  const stored = await readBannerAd(request, home, 'funeral-home', ad.id);
  expect(stored.is_live).toBe(true);
  expect(stored.plan?.id).toBe(plan.id);
  expect(Math.abs(Date.parse(stored.live_from!) - Date.now())).toBeLessThan(5 * 60_000);
  await expect(fact(page, 'Status')).toHaveText(/Approved\s*Live/);
  await expect(fact(page, 'Plan')).toContainText(plan.title);
  await expect(fact(page, 'Live Dates')).toHaveText(
    `${day(stored.live_from!)} – ${stored.live_until ? day(stored.live_until) : 'no end date'}`,
  );
  await expect(page.getByRole('heading', { name: 'Choose a package' })).toHaveCount(0);
  // Paid once: its payment page has nothing more to pay.
  await page.goto(`/funeral/banner-ads/${ad.id}/payment?plan=${plan.id}`);
  await expect(page.getByText('This banner ad has already been paid for.')).toBeVisible();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.close();
});

test('an admin rejects a user’s request with a reason; the user reads the reason', async ({
  browser,
  request,
}) => {
  const ruth = await signUpUser(request, { first_name: 'Ruth' });
  const brand = unique('Blurry Blooms');
  const ad = await sendBannerAd(request, ruth, 'user', brand);

  const admin = await browser.newPage();
  await adminPage(admin);
  await admin.goto(`/admin/bannerads-subscription-management/new-request/${ad.id}`);
  await expect(admin.getByText(brand)).toBeVisible();
  await admin.getByRole('button', { name: 'Reject' }).click();
  await expect(
    admin.getByRole('heading', { name: 'Are you sure you want to reject this Ad?' }),
  ).toBeVisible();
  await admin.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Rejection Reason' })).toBeVisible();
  await expect(admin.getByText('Please provide a reason for rejection.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await admin.getByPlaceholder('Type here...').fill('The image is too blurry to read.');
  await admin.getByRole('button', { name: 'Submit' }).click();
  await expect(admin.getByRole('heading', { name: 'Banner Ad Request Has Been Rejected' })).toBeVisible();
  await admin.getByRole('button', { name: 'Ok' }).click();
  await expect(admin.getByText('The image is too blurry to read.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await admin.close();

  const page = await browser.newPage();
  await signInBrowser(page, ruth);
  await page.goto(`/user/banner-ads/${ad.id}`);
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page.getByText('Rejection Reason')).toBeVisible();
  await expect(page.getByText('The image is too blurry to read.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a package' })).toHaveCount(0);
  // Another account's request is not found.
  const other = await signUpUser(request, { first_name: 'Olga' });
  const foreign = await callApi(request, bannerAdRoutes.user.detail, {
    token: other.token,
    params: { id: ad.id },
  });
  expect(foreign.status()).toBe(404);
  await page.close();
});

test('a live ad shows in the slot of a user without ad-free; its click goes through the app to the brand and is counted; ad-free people have no slot', async ({
  browser,
  request,
}) => {
  const ruth = await signUpUser(request, { first_name: 'Ruth' });
  const brand = unique('Evergreen Flowers');
  const ad = await sendBannerAd(request, ruth, 'user', brand);
  await decideBannerAd(request, await logIn(request, 'admin', ADMIN), ad.id, { status: 1 });
  await payBannerAd(request, ruth, 'user', ad.id);

  // Another user, without ad-free. The brand's site is not reachable from here: the browser gets a page
  // in its place, and the request that reached it says where it came from.
  const olga = await signUpUser(request, { first_name: 'Olga' });
  const context = await browser.newContext();
  const atBrand: string[] = [];
  await context.route(`${new URL(ad.brand_url).origin}/**`, async (route) => {
    atBrand.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<title>Evergreen</title><h1>Evergreen</h1>' });
  });
  const clicks: { url: string; status: number; location?: string }[] = [];
  context.on('response', (response) => {
    if (response.url().includes('/banner-ad/click/'))
      clicks.push({ url: response.url(), status: response.status(), location: response.headers().location });
  });
  const page = await context.newPage();
  await signInBrowser(page, olga);
  // Other tests' ads may be live too: the slot shows the one shown longest ago, one per page shown.
  let shown = false;
  for (let load = 0; load < 20 && !shown; load += 1) {
    const [slot] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(routeUrl(bannerAdRoutes.user.slot))),
      page.goto('/user/notifications'),
    ]);
    shown = ((await slot.json()) as { data: { id: number } | null }).data?.id === ad.id;
  }
  expect(shown, 'the ad reaches the slot within 20 pages').toBe(true);
  const link = page.getByRole('link', { name: `Advertisement: ${brand}` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^\/api\/web\/banner-ad\/click\/[\w.-]+$/);
  // The image is the ad's own, served by the app.
  await expect
    .poll(() => link.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(ad.brand_url);
  await expect(tab.getByRole('heading', { name: 'Evergreen' })).toBeVisible();
  expect(atBrand).toEqual([ad.brand_url]);
  // It went there through the app's click link: one 302 to the brand URL.
  expect(clicks).toEqual([
    {
      url: expect.stringMatching(/\/api\/web\/banner-ad\/click\/[\w.-]+$/),
      status: 302,
      location: ad.brand_url,
    },
  ]);
  await context.close();

  // The requester reads the view and the one click on the ad's page.
  const mine = await browser.newPage();
  await signInBrowser(mine, ruth);
  await mine.goto(`/user/banner-ads/${ad.id}`);
  await expect(fact(mine, 'Clicks')).toHaveText('1');
  expect(Number(await fact(mine, 'Views').textContent())).toBeGreaterThanOrEqual(1);
  await mine.close();

  // With ad-free (a fresh login reads the running plan): no slot, no call, and the server shows and
  // counts nothing for them while the ad is live.
  const ada = await signUpUser(request, { first_name: 'Ada' });
  await buyUserPlan(request, ada, 'Ad-Free');
  const adaNow = await logIn(request, 'web', { email: ada.user.email, password: PASSWORD });
  const adFree = await browser.newPage();
  await signInBrowser(adFree, adaNow);
  const asked: string[] = [];
  adFree.on('request', (each) => {
    if (each.url().includes('/banner-ad/slot')) asked.push(each.url());
  });
  await adFree.goto('/user/notifications');
  await expect(adFree.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(adFree.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
  expect(asked).toEqual([]);
  await adFree.close();
  const before = await readBannerAd(request, ruth, 'user', ad.id);
  const answer = await callApi(request, bannerAdRoutes.user.slot, { token: adaNow.token });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data).toBeNull();
  expect(await readBannerAd(request, ruth, 'user', ad.id)).toMatchObject({
    is_live: true,
    views: before.views,
    clicks: 1,
  });
});

test('the slot shows only a live ad, only on pages for browsing: with none it takes no space, and the recorder never has one', async ({
  browser,
  request,
}) => {
  const ruth = await signUpUser(request, { first_name: 'Ruth' });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInBrowser(page, ruth);
  let live: object | null = null;
  const asked: string[] = [];
  await page.route('**/api/web/user/banner-ad/slot', async (route) => {
    asked.push(new URL(page.url()).pathname);
    await route.fulfill({ json: { data: live } });
  });
  const mainTop = async () => (await page.locator('#main').boundingBox())!.y;
  const headerBottom = async () => {
    const header = (await page.getByRole('banner').boundingBox())!;
    return header.y + header.height;
  };

  // No live ad: nothing is drawn, the page starts right under the header.
  await page.goto('/user/home');
  await expect.poll(() => asked.length).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
  await expect(page.getByText('Advertise here')).toHaveCount(0);
  expect(await mainTop()).toBeLessThanOrEqual((await headerBottom()) + 1);

  // A live ad on a page for browsing: shown in its box.
  live = {
    id: 1,
    brand_name: 'Acme Flowers',
    image_url: `data:image/png;base64,${tinyPng.toString('base64')}`,
    click_url: '/home',
  };
  await page.goto('/user/notifications');
  const ad = page.getByRole('link', { name: 'Advertisement: Acme Flowers' });
  await expect(ad).toBeVisible();
  await expect(ad).toHaveAttribute('target', '_blank');
  await expect(ad).toHaveAttribute('rel', /noopener/);
  expect((await page.getByTestId('banner-slot').boundingBox())!.height).toBeGreaterThan(40);

  // The recorder: no slot and no call, even with an ad live.
  const before = asked.length;
  await page.goto('/user/video/VideoRecorder');
  await expect(page.getByRole('heading', { name: 'Record a video' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
  expect(asked.length).toBe(before);
  await page.close();
});
