import type { APIRequestContext } from '@playwright/test';
import { legacyRoutes } from '@pw/contracts';
import type { Session } from './accounts';
import { newestMatchSentTo } from './outbox';
import { succeed } from './videos';

/**
 * The owner chooses that their access code opens the final message at once (docs/product.md §6): new accounts
 * start sealed, and the flows that follow an opened code (the chain of consent) need it open.
 */
export async function availableAtOnce(request: APIRequestContext, owner: Session) {
  return (
    await succeed(request, legacyRoutes.saveSettings, {
      token: owner.token,
      body: { contacts: [], waiting_period_days: 3, check_in_months: 0, available_at_once: true },
    })
  ).data;
}

/** A legacy link's path: `/legacy/{contact|alive}/` and its 43-character token (256 bits, base64url). */
const legacyLink = (kind: 'contact' | 'alive') =>
  new RegExp(`/legacy/${kind}/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`);

/**
 * The `/legacy/contact/{token}` path of the newest role e-mail sent to a trusted contact, waiting for it
 * to be written; `except` names links it must not be (after 'Send again': the one it replaced).
 */
export const contactPathSentTo = (email: string, except: string[] = []) =>
  newestMatchSentTo(email, legacyLink('contact'), except);

/** The `/legacy/alive/{token}` path of the newest e-mail to the owner that carries one (a report, a check-in). */
export const alivePathSentTo = (email: string, except: string[] = []) =>
  newestMatchSentTo(email, legacyLink('alive'), except);

/** The token of a legacy link's path (what the contact's and the owner's calls take). */
export const tokenOf = (linkPath: string) => linkPath.split('/').at(-1)!;

/** The owner's release settings as the server reads them now. */
export const legacySettingsOf = async (request: APIRequestContext, owner: Session) =>
  (await succeed(request, legacyRoutes.settings, { token: owner.token })).data;
