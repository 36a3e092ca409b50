import type { APIRequestContext } from '@playwright/test';
import { legacyRoutes } from '@pw/contracts';
import type { Session } from './accounts';
import { succeed } from './videos';

/**
 * The owner chooses that their access code opens the final message at once (issue 14): new accounts
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
