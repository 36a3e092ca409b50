import type { DbOrTx } from '../../platform/db';
import type { MemorialRepo } from './memorial.repo';
import type { MemorialPageRow } from './memorial.schema';

/**
 * Whoever looks after the page as the owner chose: the confirmed trusted contacts and/or the homes
 * (docs/product.md §6.9). They are the ones told of a take-down and of the retention's deletion.
 */
export async function moderatorsOf(repo: MemorialRepo, page: MemorialPageRow, tx?: DbOrTx) {
  const settings = await repo.settingsOf(page.ownerId, tx);
  const who = settings?.moderators ?? 'contacts';
  const contacts = who === 'home' ? [] : await repo.confirmedContactsOf(page.ownerId, tx);
  const homeIds =
    who === 'contacts' ? [] : (await repo.homeLinks({ ownerId: page.ownerId }, tx)).map((l) => l.homeId);
  const homes = await repo.homeAccounts([...new Set(homeIds)], tx);
  return [
    ...contacts.map((c) => ({ name: c.name as string | null, email: c.email })),
    ...homes.map((h) => ({ name: h.homeName as string | null, email: h.email })),
  ];
}
