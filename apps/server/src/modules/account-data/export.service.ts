import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_DATA_MESSAGES,
  accountDataRoutes,
  notificationKinds,
  EXPORT_KEEP_DAYS,
  type AccountExport,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { PgBoss } from '../../platform/queue';
import { sendJob } from '../../platform/jobs';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import type { Storage } from '../../platform/storage/storage';
import type { Notifications } from '../notifications';
import type { AccountDataRepo } from './account-data.repo';
import type { AccountExportRow } from './account-data.schema';
import { accountExportQueue } from './account-data.queue';
import { readExportContents } from './export.contents';
import { writeArchive } from './export.archive';
import { downloadToken, readDownloadToken } from './export.links';

/** A ready archive is kept a week, then swept (docs/product.md §11.5). */
export const EXPORT_KEEP_MS = EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000;
/** Exports started per account and day: each one reads every video again. */
export const EXPORTS_PER_DAY = { limit: 5, windowSeconds: 24 * 60 * 60 };

const DOWNLOAD_PATH = `/api${accountDataRoutes.download.path.replace(':token', '')}`;

export interface ExportServiceDeps {
  db: Db;
  repo: AccountDataRepo;
  storage: Storage;
  clock: Clock;
  queue: PgBoss;
  rateLimiter: RateLimiter;
  notifications: Pick<Notifications, 'notify'>;
  secret: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Export archives: started by the owner, built by the job, read and downloaded by the owner only. */
export function createExportService(deps: ExportServiceDeps) {
  const { repo, clock } = deps;

  function view(row: AccountExportRow): AccountExport {
    const ready = row.status === 'ready' && row.expiresAt !== null;
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      step: row.step,
      error: row.error,
      size_bytes: row.sizeBytes,
      download_url: ready
        ? `${DOWNLOAD_PATH}${downloadToken(deps.secret, row.id, clock.now(), row.expiresAt!)}`
        : null,
      expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * Starts an export, or answers the one already queued or running (a double click, two tabs): the
     * partial unique index decides between concurrent calls. The row and its job commit together.
     */
    async start(accountId: number): Promise<AccountExport> {
      const running = await repo.runningOf(accountId);
      if (running) return view(running);
      await deps.rateLimiter.consume({ key: `accountExportsPerDay:${accountId}`, ...EXPORTS_PER_DAY });
      const created = await deps.db.transaction(async (tx) => {
        const row = await repo.insertExport(accountId, clock.now(), tx);
        if (row)
          await sendJob(
            deps.queue,
            accountExportQueue,
            { exportId: row.id },
            { tx, singletonKey: `${row.id}` },
          );
        return row;
      });
      const row = created ?? (await repo.runningOf(accountId));
      if (!row) throw notFound();
      return view(row);
    },

    /** One of the account's exports; another account's (or an unknown id) is the same 404. */
    async get(accountId: number, id: number): Promise<AccountExport> {
      const row = id > 0 ? await repo.findExport(id) : null;
      if (!row || row.accountId !== accountId) throw notFound();
      return view(row);
    },

    async latest(accountId: number): Promise<AccountExport | null> {
      const row = await repo.latestOf(accountId);
      return row ? view(row) : null;
    },

    /**
     * The archive a signed link names, while it is ready: 403 for a bad or expired link, 404 when gone
     * or while its account is deactivated (the link works again once the account is activated).
     */
    async open(token: string) {
      const check = readDownloadToken(deps.secret, token, clock.now());
      if (!check) throw forbidden(ACCOUNT_DATA_MESSAGES.linkInvalid);
      if (check.expired) throw forbidden(ACCOUNT_DATA_MESSAGES.linkExpired);
      const row = await repo.findExport(check.exportId);
      if (!row || row.status !== 'ready' || !row.storageKey) throw notFound();
      if (!(await repo.isActiveAccount(row.accountId))) throw notFound();
      const stored = await deps.storage.stat(row.storageKey);
      if (!stored) throw notFound();
      const key = row.storageKey;
      return {
        size: stored.size,
        filename: `parting-words-data-${row.createdAt.toISOString().slice(0, 10)}.zip`,
        read: () => deps.storage.read(key),
      };
    },

    /**
     * The job: reads everything, streams the zip into storage, then marks it ready and notifies the
     * owner (in-app and e-mail) in one transaction. A retry starts again from the beginning; the
     * archive key is the export's own, so a retry overwrites what an interrupted run left.
     */
    async build(exportId: number, lastAttempt: boolean): Promise<void> {
      const row = await repo.findExport(exportId);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
      const report = (progress: number, step: string | null) =>
        repo.updateExport(exportId, { status: 'running', progress, step }, clock.now());
      try {
        await report(5, 'Collecting your data');
        const contents = await readExportContents(deps.db, row.accountId);
        if (!contents) return;
        const videoCount = contents.videos.filter((video) => video.mediaKey).length;
        await report(10, videoCount ? `Videos 0 of ${videoCount}` : 'Writing the archive');
        const key = `exports/${row.accountId}/${exportId}.zip`;
        const stored = await writeArchive(deps.storage, key, contents, (done, total) =>
          report(10 + Math.floor((80 * done) / Math.max(total, 1)), `Videos ${done} of ${total}`),
        );
        const now = clock.now();
        await deps.db.transaction(async (tx) => {
          await repo.updateExport(
            exportId,
            {
              status: 'ready',
              progress: 100,
              step: null,
              storageKey: key,
              sizeBytes: stored.size,
              readyAt: now,
              expiresAt: new Date(now.getTime() + EXPORT_KEEP_MS),
            },
            now,
            tx,
          );
          await deps.notifications.notify(
            row.accountId,
            {
              kind: notificationKinds.accountExportReady,
              title: ACCOUNT_DATA_MESSAGES.exportReady,
              body: 'Open your profile and choose Download my data. The archive is kept for 7 days.',
              data: { export_id: exportId },
              email: true,
            },
            tx,
          );
        });
      } catch (error) {
        deps.logger.error({ err: error, exportId }, 'export failed');
        if (lastAttempt)
          await repo.updateExport(
            exportId,
            { status: 'failed', step: null, error: ACCOUNT_DATA_MESSAGES.exportFailed },
            clock.now(),
          );
        throw error;
      }
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
