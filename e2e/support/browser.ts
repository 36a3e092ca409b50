import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Session } from './accounts';

/**
 * Opens every page of `page` signed in as `session`, the way the login screen leaves the browser (docs/product.md §13.4:
 * localStorage `user` and `accessToken`). The script runs before the app on each load, and only while no
 * token is stored, so what the app writes later (a refreshed user record) stays.
 */
export async function signInBrowser(page: Page, session: Pick<Session, 'user' | 'token'>) {
  await page.addInitScript(
    ([user, token]) => {
      if (!localStorage.getItem('accessToken')) {
        localStorage.setItem('user', user);
        localStorage.setItem('accessToken', token);
      }
    },
    [JSON.stringify(session.user), session.token] as const,
  );
}

/** A page in a context of its own (its own localStorage session), signed in as `session`. */
export async function pageFor(browser: Browser, session: Pick<Session, 'user' | 'token'>, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInBrowser(page, session);
  return page;
}

/** Plays the player muted (a script may only start muted playback) and waits for time to pass. */
export async function expectPlays(player: Locator) {
  await expect(player).toBeVisible();
  await player.evaluate((el) => {
    const media = el as unknown as { muted: boolean; play(): Promise<void> };
    media.muted = true;
    return media.play();
  });
  await expect
    .poll(() => player.evaluate((el) => (el as unknown as { currentTime: number }).currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
}

/** A page with no one signed in (someone following an e-mailed link), at `width` px. */
export async function visitorPage(browser: Browser, width = 360): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/**
 * Moves a draft to Scheduled through its page's dialogs, the owner signed in on `page` (docs/product.md
 * §5.1, §5.7): recipient, date and time, and a yearly repeat until a year when given.
 */
export async function scheduleInDialog(
  page: Page,
  videoId: number,
  fields: { email: string; date: string; time: string; repeat?: 'yearly'; until?: number },
) {
  await page.goto(`/user/profile/drafts?video=${videoId}`);
  await page.getByRole('button', { name: 'Change folder' }).click();
  let dialog = page.getByRole('dialog', { name: 'Change Folder' });
  await dialog.getByLabel('Move this video to').selectOption('scheduled');
  await dialog.getByRole('button', { name: 'Next' }).click();
  dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
  await dialog.getByLabel('Recipient e-mail').fill(fields.email);
  await dialog.getByLabel('Date').fill(fields.date);
  await dialog.getByLabel('Time').fill(fields.time);
  if (fields.repeat) await dialog.getByLabel('Repeat').selectOption(fields.repeat);
  if (fields.until) await dialog.getByLabel('Until (year, optional)').fill(String(fields.until));
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Video moved and scheduled' });
  await dialog.getByRole('button', { name: 'Ok' }).click();
}
