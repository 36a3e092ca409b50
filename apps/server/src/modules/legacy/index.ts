import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createCheckIns } from './legacy.checkins';
import type { LegacyDeps, LegacyNeeds } from './legacy.context';
import { legacyMailQueue, legacyReleaseQueue } from './legacy.queue';
import { createReports } from './legacy.reports';
import { createLegacyRepo } from './legacy.repo';
import { registerLegacyRoutes } from './legacy.routes';
import { createLegacyService } from './legacy.service';
import { waitUnitMs } from './legacy.units';
import { legacyWorkers, sweepLegacy, type LegacyWorkerOptions } from './legacy.worker';
import { sendOutboxMail } from './legacy.outbox';

export type { LegacyNeeds } from './legacy.context';
export type { LegacyWorkerOptions } from './legacy.worker';

/** What tests reach: one release job's work, one sweep, one outbox mail (a moved clock, no waiting). */
export interface LegacyApi {
  release(reportId: number): Promise<'released' | 'skipped' | 'early'>;
  sweep(): Promise<void>;
  sendMail(mailId: number): Promise<'sent' | 'skipped'>;
}

/**
 * The legacy release (issue 14, decision 0249): trusted contacts, reports and their waiting period,
 * the owner's alive links, check-ins, the release job (exactly once) and the back office's halt.
 */
export function createLegacyModule(
  platform: Platform,
  needs: LegacyNeeds,
  tuning: () => Partial<LegacyWorkerOptions> | undefined,
): AppModule<LegacyApi> {
  const publicUrl = platform.config.PUBLIC_URL;
  const deps: LegacyDeps = {
    db: platform.db,
    repo: createLegacyRepo(platform.db),
    queue: platform.queue,
    clock: platform.clock,
    secret: platform.secret,
    unitMs: waitUnitMs(platform.config.LEGACY_WAIT_UNIT),
    needs,
  };
  const reports = createReports(deps);
  const checkIns = createCheckIns({ ...deps, reports });
  const service = createLegacyService({ ...deps, reports, publicUrl, mailLimit: platform.mailLimit });
  const outbox = {
    repo: deps.repo,
    mailer: platform.mailer,
    clock: platform.clock,
    secret: platform.secret,
    publicUrl,
  };
  const workerDeps = { ...deps, reports, checkIns, outbox, logger: platform.logger };
  return {
    name: 'legacy',
    routes: (router) => registerLegacyRoutes(router, service, publicUrl, platform.rateLimiter),
    queues: [legacyReleaseQueue, legacyMailQueue] as AppModule['queues'],
    workers: legacyWorkers(workerDeps, tuning),
    api: {
      release: reports.release,
      sweep: () => sweepLegacy(workerDeps),
      sendMail: (mailId) => sendOutboxMail(outbox, mailId),
    },
  };
}
