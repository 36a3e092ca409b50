import { mailOf } from '../../platform/mail/define';
import { contactResealedMail, homeResealedMail } from './legacy.mails';
import { NOTHING_TO_RESEAL_MESSAGE, type ResealResult } from '@pw/contracts';
import { conflict } from '../../platform/errors';
import { inTx, queueMails, type LegacyDeps } from './legacy.context';
import type { Reports } from './legacy.reports';
import { hashToken, legacyToken } from './legacy.tokens';

/**
 * A mistaken release undone by its owner, alive (docs/product.md §6.6): the message is sealed again, so
 * its access code answers "not yet released" and the watch links that rested on the release stop; grants
 * others made with the code and no home published yet are withdrawn; trusted contacts and the homes that
 * held it are e-mailed through the outbox. What a home already published stays public (publishing is
 * one-way): the owner is answered which homes to ask. One transaction under the settings' lock: a second
 * click finds it sealed again and answers the same, telling nobody twice.
 */
export function createReseal(deps: LegacyDeps & { reports: Pick<Reports, 'restartCheckIns'> }) {
  const { db, repo, clock, secret, needs, reports } = deps;

  return async function reseal(ownerId: number, how: string): Promise<ResealResult> {
    return inTx(db, async (tx) => {
      const settings = await repo.lockSettings(ownerId, tx);
      const again = settings.state === 'sealed' && settings.resealedAt !== null;
      if (settings.state !== 'released' && !again) throw conflict(NOTHING_TO_RESEAL_MESSAGE);
      const now = clock.now();
      const videoId = await repo.finalVideoOf(ownerId, tx);
      const contacts = await repo.contactsOf(ownerId, tx);
      const releaseLinks = contacts.flatMap((c) =>
        c.watchNonce ? [hashToken(legacyToken(secret, 'watch', c.watchNonce))] : [],
      );
      const homes = videoId === null ? [] : await needs.withdrawForReseal(ownerId, videoId, releaseLinks, tx);
      const published = homes.flatMap((h) =>
        h.publishedAt
          ? [{ home_name: h.homeName, email: h.email, published_at: h.publishedAt.toISOString() }]
          : [],
      );
      const withdrawn = homes.filter((h) => h.publishedAt === null).length;
      if (again) return { published, withdrawn };

      await repo.updateSettings(ownerId, { state: 'sealed', availableAtOnce: false, resealedAt: now }, tx);
      for (const c of contacts) if (c.watchNonce) await repo.updateContact(c.id, { watchNonce: null }, tx);
      await repo.endAliveTokens(ownerId, now, tx);
      await reports.restartCheckIns(settings, now, tx);
      await repo.log(ownerId, now, `You sealed your final message again after its release (${how}).`, tx);
      await queueMails(
        deps,
        ownerId,
        [
          ...contacts.map((c) => ({
            to: c.email,
            mail: mailOf(contactResealedMail, { contactId: c.id }),
          })),
          ...homes.map((h) => ({
            to: h.email,
            mail: mailOf(homeResealedMail, { homeName: h.homeName, published: h.publishedAt ? 1 : 0 }),
          })),
        ],
        tx,
      );
      return { published, withdrawn };
    });
  };
}
