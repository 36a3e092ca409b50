import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { Notifications } from '../notifications';
import { createAuditRepo } from './audit.repo';
import { createAuditService, type AuditService } from './audit.service';
import { registerAuditRoutes } from './audit.routes';
import { readOnlyView } from '../../platform/db/read-only';
import { adminReads } from './audit.schema';

/** Its table as other modules read it (the owner's data export): a read-only view (decision 0310). */
export const adminReadsView = readOnlyView(adminReads, 'admin_reads');

export type { AdminReader, AdminReadInput } from './audit.service';

export interface AuditNeeds {
  notifications: Pick<Notifications, 'notify'>;
}

/** What other modules call: record a read in the transaction that allows it. */
export type AuditApi = Pick<AuditService, 'recordRead'>;

/**
 * Administrators' reads of an owner's private data (docs/product.md §11.10): the record written with the
 * read, the owner's notice, and the owner's list 'Who has seen my messages'.
 */
export function createAuditModule(platform: Platform, needs: AuditNeeds): AppModule<AuditApi> {
  const service = createAuditService({
    repo: createAuditRepo(platform.db),
    clock: platform.clock,
    notifications: needs.notifications,
  });
  return {
    name: 'audit',
    routes: (router) => registerAuditRoutes(router, service, platform.config.PUBLIC_URL),
    api: { recordRead: service.recordRead },
  };
}
