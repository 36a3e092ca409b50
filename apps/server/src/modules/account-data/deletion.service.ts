import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_DATA_MESSAGES, type AccountDeleteInput } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbTx } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import type { MailOutbox } from '../../platform/mail/outbox';
import { mailOf } from '../../platform/mail/define';
import { accountDeletedMailKind } from './account-data.mails';
import { createFailureThrottle } from '../../platform/rate-limit/failure-throttle';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limit';
import type { AuthAccount } from '../accounts';
import type { AccountDataRepo } from './account-data.repo';
import type { FileSweeper } from './file-sweeper';

/** Wrong passwords, counted like failed logins (decision 0096's windows). */
const WINDOW = 15 * 60;
export const deletionRules = (accountId: number, ip: string) => ({
  pair: { key: `deleteAccountFailures:${accountId}|${ip}`, limit: 10, windowSeconds: WINDOW } as RateRule,
  address: { key: `deleteAccountFailuresPerAddress:${ip}`, limit: 100, windowSeconds: WINDOW } as RateRule,
  subject: {
    key: `deleteAccountFailuresPerAccount:${accountId}`,
    limit: 30,
    windowSeconds: WINDOW,
  } as RateRule,
});

class AlreadyGone extends Error {}

export interface DeletionServiceDeps {
  db: Db;
  repo: AccountDataRepo;
  clock: Clock;
  outbox: MailOutbox;
  rateLimiter: RateLimiter;
  files: FileSweeper;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** The accounts module's own checks and row (its API, wired by the composition root). */
  passwordMatches(accountId: number, password: string): Promise<boolean>;
  removeAccount(accountId: number, tx: DbTx): Promise<boolean>;
  /** The payments module's: the card's last digits go before the payer does. */
  anonymisePayments(accountId: number, tx: DbTx): Promise<number>;
  forgetRequester(accountId: number, tx: DbTx): Promise<void>;
}

/**
 * Deleting an account (docs/product.md §11.6). One transaction: the storage keys its rows name are listed in
 * `file_deletions`, then its row is deleted, and with it, by the foreign keys, its sessions (signed out
 * everywhere at once), videos, scheduled deliveries (nothing is sent at their minute), grants, forms,
 * banner ads, subscriptions, notifications and exports; the grants it made and the requests it sent to
 * funeral homes stay, their granter null (shown as a family member whose account was deleted); its payments stay for the books with the link
 * to it and the card's last digits removed (docs/product.md §11.4). Only after the commit are the files
 * deleted and the confirmation e-mailed; a crash in between leaves the list to the sweeper, never a file
 * nobody knows of.
 */
export function createDeletionService(deps: DeletionServiceDeps) {
  const throttle = createFailureThrottle(deps.rateLimiter);

  /**
   * The one deletion of an account, whoever asks (its owner, or the retention sweep: docs/product.md §11.9).
   * `hold`, first in the transaction, may lock the row and refuse (an account activated meanwhile).
   * Answers whether it deleted the account; its files are gone (or listed for the sweeper) when it returns.
   */
  async function erase(accountId: number, hold?: (tx: DbTx) => Promise<boolean>): Promise<boolean> {
    const removed = await deps.db
      .transaction(async (tx) => {
        if (hold && !(await hold(tx))) return null;
        const keys = await deps.repo.storageKeysOf(accountId, tx);
        await deps.repo.queueFileDeletions(keys, deps.clock.now(), tx);
        // Its mails' rows name addresses (its own and the people it wrote to): they go with it.
        await deps.outbox.forget(accountId, tx);
        await deps.anonymisePayments(accountId, tx);
        // Consent given to others outlives the account (docs/product.md §8): its rows stay, unnamed.
        await deps.forgetRequester(accountId, tx);
        // Gone already (a second request or run): nothing listed stays behind.
        if (!(await deps.removeAccount(accountId, tx))) throw new AlreadyGone();
        return keys;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyGone) return null;
        throw error;
      });
    if (!removed) return false;
    deps.logger.info({ accountId, files: removed.length }, 'account deleted');
    await deps.files.deleteNow(removed);
    return true;
  }

  return {
    erase,

    async deleteAccount(account: AuthAccount, input: AccountDeleteInput, ip: string): Promise<void> {
      const attempt = await throttle.begin(deletionRules(account.id, ip));
      if (!(await deps.passwordMatches(account.id, input.password)))
        throw invalid('password', ACCOUNT_DATA_MESSAGES.wrongPassword);
      await attempt.succeeded();

      if (!(await erase(account.id))) throw notFound();
      await deps.outbox
        .send({
          mail: mailOf(accountDeletedMailKind, { firstName: account.firstName }),
          to: account.email,
          accountId: account.id,
          ref: `account:${account.id}`,
        })
        // The confirmation's row too, once sent (or given up): nothing keeps the address after that.
        .finally(() => deps.outbox.forget(account.id))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'deletion confirmation not sent'));
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
