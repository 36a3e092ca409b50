import {
  ADMIN_READS_PAGE,
  adminReadNotice,
  notificationKinds,
  type AdminReadItem,
  type AdminReadKind,
  type AdminReadListQuery,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Notifications } from '../notifications';
import type { AdminReadListRow, AuditRepo } from './audit.repo';

/** Who read: the signed-in administrator as the guard knows them. */
export interface AdminReader {
  id: number;
  firstName: string;
  lastName: string;
}

export interface AdminReadInput {
  admin: AdminReader;
  ownerId: number;
  what: AdminReadKind;
  video?: { id: number; title: string };
  reason?: string;
}

/**
 * The back office's details page is read again after every change made on it (a status toggle): a visit
 * by the same administrator is one line in the owner's list, not one per refresh.
 */
export const DETAILS_VISIT_MS = 60 * 60 * 1000;

const nameOf = (admin: AdminReader) => [admin.firstName, admin.lastName].join(' ').trim() || null;

const toItem = (row: AdminReadListRow): AdminReadItem => ({
  id: row.id,
  read_at: row.readAt.toISOString(),
  administrator: row.adminName,
  what: row.what as AdminReadKind,
  video_title: row.videoTitle,
  reason: row.reason,
});

/** Administrators' reads of an owner's private data: recorded, told, and listed to the owner (§11.10). */
export function createAuditService(deps: {
  repo: AuditRepo;
  clock: Clock;
  notifications: Pick<Notifications, 'notify'>;
}) {
  const { repo, clock, notifications } = deps;
  return {
    /**
     * Records a read in the caller's transaction, the one that lets it happen: if this fails, the read
     * is not served. Reading the sealed message also tells the owner at once, in the same transaction.
     */
    async recordRead(input: AdminReadInput, tx: Db): Promise<void> {
      const now = clock.now();
      const { admin, ownerId, what } = input;
      if (what === 'account_details') {
        const since = new Date(now.getTime() - DETAILS_VISIT_MS);
        if (await repo.readSince({ ownerId, adminId: admin.id, what, since }, tx)) return;
      }
      const adminName = nameOf(admin);
      await repo.insert(
        {
          ownerId,
          adminId: admin.id,
          adminName,
          what,
          videoId: input.video?.id ?? null,
          videoTitle: input.video?.title ?? null,
          reason: input.reason ?? null,
          readAt: now,
        },
        tx,
      );
      if (what === 'parting_words')
        await notifications.notify(
          ownerId,
          {
            kind: notificationKinds.adminRead,
            ...adminReadNotice(adminName, input.reason ?? ''),
            data: { link: ADMIN_READS_PAGE },
          },
          tx,
        );
    },

    async list(ownerId: number, query: AdminReadListQuery) {
      const { rows, total } = await repo.list(ownerId, query);
      return { items: rows.map(toItem), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
