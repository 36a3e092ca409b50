import { expect, type APIRequestContext } from '@playwright/test';
import { legacyRoutes } from '@pw/contracts';
import { signUpUser, uniqueEmail, type Session } from './accounts';
import { finalMessage } from './funeral-homes';
import { contactPathSentTo, legacySettingsOf, tokenOf } from './legacy';
import { newestMatchSentTo } from './outbox';
import { succeed } from './videos';

/**
 * An owner with a sealed final message and one trusted contact who accepted the role, released a "day"
 * (ten seconds on the e2e server) after a reported passing (docs/product.md §6, §6.9).
 */
export async function ownerWithContact(request: APIRequestContext, firstName: string, title: string) {
  const owner = await signUpUser(request, {
    first_name: firstName,
    last_name: `Vale${Date.now().toString(36)}`,
  });
  const video = await finalMessage(request, owner, title, { sealed: true });
  const contactEmail = uniqueEmail('keeper');
  await succeed(request, legacyRoutes.saveSettings, {
    token: owner.token,
    body: {
      contacts: [{ name: 'Kit Keeper', email: contactEmail }],
      waiting_period_days: 1,
      check_in_months: 0,
      available_at_once: false,
    },
  });
  const token = tokenOf(await contactPathSentTo(contactEmail));
  await succeed(request, legacyRoutes.confirmContact, { params: { token } });
  return { owner, video, contactEmail, token };
}

/** Waits for the release a reported passing starts (the waiting "day" is ten seconds here). */
export async function waitForRelease(request: APIRequestContext, owner: Session) {
  await expect
    .poll(async () => (await legacySettingsOf(request, owner)).state, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe('released');
}

/** The memorial page's path the release e-mailed to `email`. */
export const memorialPathSentTo = async (email: string) =>
  new URL(await newestMatchSentTo(email, /https?:\/\/[^\s]+\/memorial\/[A-Za-z0-9_-]{22}/)).pathname;
