import type { ReleaseState } from '@pw/contracts';
import type { DbOrTx } from '../../platform/db';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createCheckIns } from './legacy.checkins';
import type { LegacyDeps, LegacyNeeds } from './legacy.context';
import { legacyMailQueue, legacyReleaseQueue, legacySweepQueue } from './legacy.queue';
import { createReports } from './legacy.reports';
import { createLegacyRepo } from './legacy.repo';
import { registerLegacyRoutes } from './legacy.routes';
import { createLegacyService } from './legacy.service';
import { waitUnitMs } from './legacy.units';
import { legacyHandlers, sweepLegacy, type LegacyWorkerOptions } from './legacy.worker';
import { bindMails } from '../../platform/mail/define';
import { legacyMails } from './legacy.mails';
import { readOnlyView } from '../../platform/db/read-only';
import { legacyContacts, legacyLog, legacyReporters, legacyReports, legacySettings } from './legacy.schema';

export type { LegacyNeeds } from './legacy.context';
export type { LegacyWorkerOptions } from './legacy.worker';
/** A report's release job at its due time, for a report planted directly (the cluster test's). */
export { enqueueRelease } from './legacy.queue';

/**
 * Whether an owner's final message is released: the passing confirmed (the release ran), or the owner
 * chose that the access code opens it at once. Sealed and waiting (a report's waiting period) are not.
 */
export interface ReleaseOf {
  state: ReleaseState;
  released: boolean;
}

/**
 * What other modules ask (whether a final message is released, e.g. before a funeral home publishes it)
 * and what tests reach: one release job's work, one sweep, one outbox mail (a moved clock, no waiting).
 */
export interface LegacyApi {
  releaseOf(ownerId: number, tx?: DbOrTx): Promise<ReleaseOf>;
  release(reportId: number): Promise<'released' | 'skipped' | 'early'>;
  sweep(): Promise<void>;
  sendMail(mailId: number): Promise<'sent' | 'skipped'>;
  /** Whose trusted contact a role link names, and whether they accepted it (the memorial's moderators). */
  contactByLink(token: string): Promise<{ ownerId: number; confirmed: boolean } | null>;
}

/**
 * The legacy release (docs/product.md §6, decision 0249): trusted contacts, reports and their waiting period,
 * the owner's alive links, check-ins, the release job (exactly once) and the back office's halt.
 */
// Read-only views for the account's data export (decision 0310).
export const legacySettingsView = readOnlyView(legacySettings, 'legacy_settings');
export const legacyContactsView = readOnlyView(legacyContacts, 'legacy_contacts');
export const legacyReportsView = readOnlyView(legacyReports, 'legacy_reports');
export const legacyReportersView = readOnlyView(legacyReporters, 'legacy_reporters');
export const legacyLogView = readOnlyView(legacyLog, 'legacy_log');

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
    outbox: platform.outbox,
    clock: platform.clock,
    secret: platform.secret,
    unitMs: waitUnitMs(platform.config.LEGACY_WAIT_UNIT),
    needs,
  };
  const reports = createReports(deps);
  const checkIns = createCheckIns({ ...deps, reports });
  const service = createLegacyService({ ...deps, reports, publicUrl, mailLimit: platform.mailLimit });
  const workerDeps = { ...deps, reports, checkIns, logger: platform.logger };
  return {
    name: 'legacy',
    routes: (router) => registerLegacyRoutes(router, service, publicUrl, platform.rateLimiter),
    queues: [legacyReleaseQueue, legacyMailQueue, legacySweepQueue],
    mails: bindMails(
      { repo: deps.repo, secret: platform.secret, publicUrl, memorialPathOf: needs.memorialPathOf },
      legacyMails,
    ),
    ...legacyHandlers(workerDeps, tuning),
    api: {
      async releaseOf(ownerId, tx) {
        // No row: the defaults, sealed (legacy.schema.ts).
        const state = (await deps.repo.settingsOf(ownerId, tx))?.state ?? 'sealed';
        return { state, released: state === 'released' || state === 'open' };
      },
      release: reports.release,
      sweep: () => sweepLegacy(workerDeps),
      sendMail: (mailId) => platform.outbox.deliver(mailId),
      contactByLink: service.contactByLink,
    },
  };
}
