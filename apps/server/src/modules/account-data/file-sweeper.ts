import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage/storage';
import type { AccountDataRepo } from './account-data.repo';

export interface FileSweeperDeps {
  repo: AccountDataRepo;
  storage: Storage;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/**
 * Deletes the files listed in `file_deletions` (docs/product.md §11.6) and expires archives past their week.
 * A key leaves the list only once its file is gone (a missing file counts as gone), so a storage
 * failure is retried by the next sweep.
 */
export function createFileSweeper({ repo, storage, clock, logger }: FileSweeperDeps) {
  async function deleteNow(keys: string[]): Promise<number> {
    let deleted = 0;
    for (const key of keys) {
      try {
        await storage.delete(key);
        await repo.fileDeleted(key);
        deleted += 1;
      } catch (error) {
        logger.error({ err: error, key }, 'file not deleted yet; the sweeper will try again');
      }
    }
    return deleted;
  }

  return {
    deleteNow,

    async sweep(batch = 500): Promise<{ expired: number; deleted: number }> {
      const expired = await repo.expiredExports(clock.now(), batch);
      for (const row of expired) await repo.expireExport(row, clock.now());
      let deleted = 0;
      for (;;) {
        const keys = await repo.pendingFileDeletions(batch);
        if (keys.length === 0) break;
        const done = await deleteNow(keys);
        deleted += done;
        if (done < keys.length) break;
      }
      if (expired.length || deleted) logger.info({ expired: expired.length, deleted }, 'account data swept');
      return { expired: expired.length, deleted };
    },
  };
}

export type FileSweeper = ReturnType<typeof createFileSweeper>;
