import type { Page } from '@playwright/test';
import type { Session } from './accounts';

/**
 * Opens every page of `page` signed in as `session`, the way the login screen leaves the browser (spec §3:
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
