import { expect, test, type Page } from '@playwright/test';
import { bannerAdRoutes, BANNER_MESSAGES } from '@pw/contracts';
import { ADMIN } from '../playwright.config';
import { logIn, PASSWORD, signUpFuneralHome, signUpUser } from '../support/accounts';
import { callApi } from '../support/api';
import { sendBannerAd } from '../support/banner-ads';
import { signInBrowser } from '../support/browser';
import { buyUserPlan } from '../support/payments';
import { tinyPng } from './support';

/**
 * Issue 12, banner ads on the web: the request form's refusals (spec 000 §5), the admin's review
 * (spec 001 §4) seen by the requester, the approved request's package choice, and the slot's box.
 * Payment, the live ad in the slot and its counted click need the banner payment and slot server,
 * not yet on main when this was written.
 */

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng });
const unique = (brand: string) => `${brand} ${Date.now()}`;

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

test('an admin approves a funeral home’s request; the home sees it approved and reaches payment', async ({
  browser,
  request,
}) => {
  const home = await signUpFuneralHome(request, { home_name: 'Willow Funeral Home' });
  const brand = unique('Willow Wreaths');
  const ad = await sendBannerAd(request, home, 'funeral-home', brand);

  const admin = await browser.newPage();
  await adminPage(admin);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: 'Banner Ads Subscription' }).click();
  await expect(admin).toHaveURL(/\/admin\/bannerads-subscription-management$/);
  await admin.getByRole('tab', { name: 'New Requests' }).click();
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
  await admin.getByRole('button', { name: 'Yes' }).click();
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
  await expect(page.getByLabel('Card Number')).toBeVisible();
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
  await admin.getByRole('button', { name: 'Yes' }).click();
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

test('the slot keeps its box from the first paint, so the page does not move when the ad arrives; ad-free people have none', async ({
  browser,
  request,
}) => {
  const ruth = await signUpUser(request, { first_name: 'Ruth' });
  const page = await browser.newPage();
  await signInBrowser(page, ruth);
  // The slot's answer held back for a moment, then an ad: where the page starts must not change.
  await page.route('**/api/web/user/banner-ad/slot', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({
      json: {
        data: {
          id: 1,
          brand_name: 'Acme Flowers',
          image_url: `data:image/png;base64,${tinyPng.toString('base64')}`,
          click_url: '/home',
        },
      },
    });
  });
  await page.goto('/user/subscription-logs');
  const box = page.getByTestId('banner-slot');
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
  const mainTop = async () => (await page.locator('#main').boundingBox())!.y;
  const before = { box: await box.boundingBox(), main: await mainTop() };
  expect(before.box!.height).toBeGreaterThan(40);
  const ad = page.getByRole('link', { name: 'Advertisement: Acme Flowers' });
  await expect(ad).toBeVisible();
  await expect(ad).toHaveAttribute('target', '_blank');
  await expect(ad).toHaveAttribute('rel', /noopener/);
  expect(await box.boundingBox()).toEqual(before.box);
  expect(await mainTop()).toBe(before.main);
  await page.close();

  // With ad-free (a fresh login reads the running plan), no slot and no call.
  await buyUserPlan(request, ruth, 'Ad-Free');
  const again = await logIn(request, 'web', { email: ruth.user.email, password: PASSWORD });
  const adFree = await browser.newPage();
  await signInBrowser(adFree, again);
  const asked: string[] = [];
  adFree.on('request', (each) => {
    if (each.url().includes('/banner-ad/slot')) asked.push(each.url());
  });
  await adFree.goto('/user/subscription-logs');
  await expect(adFree.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(adFree.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
  expect(asked).toEqual([]);
  await adFree.close();
});
