import { expect, test, type Locator } from '../support/test';
import { signUpUser } from '../support/accounts';
import { signInAdmin } from '../support/admin';
import { pageFor } from '../support/browser';
import { listedHome, sendFuneralForm } from '../support/funeral-homes';
import { expectNoHorizontalOverflow } from '../support/payments';

/**
 * What a first-time reader tripped over in lists and forms, seen in the browser: a name or an e-mail
 * address broken inside a word, the funeral home's requests at 360 px, and a banner's preview cropped
 * to a square.
 */

/** The words of `element` that the browser split over two lines (a hyphen may end a line: not a word). */
async function brokenWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

const stamp = () => Date.now().toString(36);
const longFamily = () => ({
  first_name: 'Margaretha',
  last_name: 'Featherstonehaugh-Wolstenholme',
  email: `margaretha.featherstonehaugh.${stamp()}@longfamilydomain-example.test`,
});

test("the back office's user list at 1280 px breaks no e-mail address or name inside a word", async ({
  page,
  request,
}) => {
  const family = await signUpUser(request, longFamily());
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.goto(`/admin/user-management?search=${encodeURIComponent(family.user.email)}`);
  const row = page.getByRole('row').filter({ hasText: family.user.email });
  await expect(row).toBeVisible();
  expect(await brokenWords(row.locator('.email-address'))).toEqual([]);
  expect(await brokenWords(row.getByRole('cell').nth(1))).toEqual([]);
  await expectNoHorizontalOverflow(page);
  // The room comes from the headings, which wrap between words: the table fits, View is in sight.
  const box = page.locator('.table-responsive');
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expect(row.getByRole('link', { name: /View/ })).toBeInViewport();
});

test("a funeral home's requests at 360 px: one card per request, no word broken letter by letter", async ({
  browser,
  request,
}) => {
  const home = await listedHome(request, `Lantern Funeral Home ${stamp()}`);
  const family = await signUpUser(request, longFamily());
  await sendFuneralForm(request, family, home.user.id);

  const funeral = await pageFor(browser, home, 360);
  await funeral.goto('/funeral/user-requests');
  const row = funeral.getByRole('row').filter({ hasText: family.user.email });
  await expect(row).toBeVisible();
  const name = row.getByRole('link', { name: 'Margaretha Featherstonehaugh-Wolstenholme', exact: true });
  expect(await brokenWords(name)).toEqual([]);
  expect(await brokenWords(row.locator('.email-address'))).toEqual([]);
  // Stacked: the name's cell spans the card instead of a column a few letters wide.
  const [cell, card] = await Promise.all([row.getByRole('cell').first().boundingBox(), row.boundingBox()]);
  expect(cell!.width).toBeGreaterThan(card!.width * 0.8);
  await expectNoHorizontalOverflow(funeral);
  await funeral.context().close();
});

test("a banner request's preview keeps the image's shape, at 360 and 1280 px", async ({
  browser,
  request,
}) => {
  const requester = await signUpUser(request, { first_name: 'Banner' });
  for (const width of [360, 1280]) {
    const page = await pageFor(browser, requester, width);
    await page.goto('/user/banner-ads/new');
    await expect(page.getByRole('region', { name: 'About banner ads' })).toContainText(
      'the home page, their folders and their notifications',
    );
    // A wide banner (8 : 1), drawn by the browser itself.
    const base64 = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 100;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1d5c63';
      context.fillRect(0, 0, 800, 100);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByLabel(/Images/).setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: Buffer.from(base64, 'base64'),
    });
    const preview = page.getByAltText('Selected: wide.png');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const shown = (await preview.boundingBox())!;
    expect(shown.width / shown.height).toBeGreaterThan(7.2);
    expect(shown.width / shown.height).toBeLessThan(8.8);
    await expectNoHorizontalOverflow(page);
    await page.context().close();
  }
});
