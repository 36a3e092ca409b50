import { expect, test, type Page } from '../support/test';
import { legacyRoutes, MEMORIAL_AREA_TEXTS, MEMORIAL_MESSAGES, memorialRoutes } from '@pw/contracts';
import { signInAdmin } from '../support/admin';
import { callApi } from '../support/api';
import { pageFor } from '../support/browser';
import { listedHome } from '../support/funeral-homes';
import { memorialPathSentTo, ownerWithContact, waitForRelease } from '../support/memorial';
import { getVideo, succeed } from '../support/videos';
import { axeViolations } from './notifications/helpers';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * docs/product.md §6.9 in the funeral home's area and the back office (the e2e server counts one "day"
 * as ten seconds): the owner chose the home to look after the page; the home confirms the passing by the
 * access code; after the release it finds the page under Memorial Pages and approves a message at 1280
 * and at 360 px; an administrator then takes the page down with a reason. Axe finds nothing on the way.
 */
test('the home that confirmed the passing looks after the page; an admin takes it down', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const home = await listedHome(request, `Lantern Chapel ${Date.now().toString(36)}`);
  const { owner, video, contactEmail } = await ownerWithContact(request, 'Hazel', 'Words for after');
  const name = `${owner.user.first_name} ${owner.user.last_name}`;
  await succeed(request, memorialRoutes.saveSettings, {
    token: owner.token,
    body: { enabled: true, text: 'Keep the lanterns lit.', moderators: 'home' },
  });
  const code = (await getVideo(request, owner, video.id)).access_code!;
  await succeed(request, legacyRoutes.reportByCode, {
    token: home.token,
    params: { code },
    body: { relation: 'Funeral home' },
  });
  await waitForRelease(request, owner);
  const slug = (await memorialPathSentTo(contactEmail)).split('/').at(-1)!;
  const messages = ['We will miss her laugh.', 'Thank you for the lanterns.'];
  for (const [i, message] of messages.entries())
    await succeed(request, memorialRoutes.sign, {
      params: { slug },
      body: { name: `Visitor ${i + 1}`, message },
    });

  for (const [width, message, visitor] of [
    [1280, messages[0]!, 'Visitor 1'],
    [360, messages[1]!, 'Visitor 2'],
  ] as const) {
    const page = await pageFor(browser, home, width);
    if (width === 1280) {
      // The area's menu leads there.
      await page.goto('/funeral/user-requests');
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('link', { name: MEMORIAL_AREA_TEXTS.pages }).click();
    } else await page.goto('/funeral/memorials');
    await expect(page.getByRole('heading', { level: 1, name: MEMORIAL_AREA_TEXTS.pages })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('waiting');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    const entry = page.getByTestId('moderated-entry').filter({ hasText: message });
    await expect(entry).toContainText('Waiting for you');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await entry.getByRole('button', { name: `Show the message from ${visitor}` }).click();
    await expect(entry).toContainText('Shown');

    if (width === 1280) {
      // The service at one of the home's own locations, and the page found by name.
      await page.getByLabel('Where').fill('Chapel of Rest, Lantern Lane');
      await page.getByLabel('People may find the page by name').check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(MEMORIAL_MESSAGES.updated)).toBeVisible();
    }
    await page.context().close();
  }
  const shown = await succeed(request, memorialRoutes.page, { params: { slug } });
  expect(shown.data.entries.map((e) => e.message).sort()).toEqual([...messages].sort());
  expect(shown.data.service.location).toBe('Chapel of Rest, Lantern Lane');

  // The back office takes the page down: a reason is required, asked once.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/memorial-pages');
  await admin.getByRole('searchbox').fill(owner.user.last_name);
  const takeDown = admin.getByRole('button', { name: `Take down the memorial page of ${name}` });
  await expect(takeDown).toBeVisible();
  expect(await axeViolations(admin, 'main')).toEqual([]);
  await takeDown.click();
  const dialog = admin.getByRole('dialog', { name: MEMORIAL_AREA_TEXTS.takeDown });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog.getByLabel(/Reason/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/Reason/).fill('Asked by the family');
  expect(await axeViolations(admin)).toEqual([]);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  // The same dialog says it is done, under its own title.
  const done = admin.getByRole('dialog', { name: 'Taken Down' });
  await expect(done.getByText(MEMORIAL_MESSAGES.takenDown)).toBeVisible();
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(admin.getByRole('row').filter({ hasText: name })).toContainText('Asked by the family');
  expect((await callApi(request, memorialRoutes.page, { params: { slug } })).status()).toBe(404);
  await context.close();
});
