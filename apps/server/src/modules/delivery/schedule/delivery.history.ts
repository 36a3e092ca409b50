import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DeliveryHistoryStatus } from '@pw/contracts';
import type { DbOrTx } from '../../../platform/db';
import { scheduledDeliveries as d } from '../delivery.schema';
import { addressCheckItems as items } from '../delivery.address-check.schema';
import type { DeliveryInfo, DeliveryRepo } from '../delivery.repo';

/** The finished occurrences a video's delivery lists, newest first. */
export const HISTORY_LIMIT = 20;
const LIVE = ['pending', 'sending', 'awaiting_owner'] as const;

export interface HistoryEntry {
  at: Date;
  status: DeliveryHistoryStatus;
  recipient: string;
  /** Whether the owner is told of opens of this occurrence; when not, its opens are not shown either. */
  receipts: boolean;
  /** Null without receipts: the owner learns nothing the recipient was not told they would (§5.8). */
  openedAt: Date | null;
  openCount: number | null;
}

/** What the yearly address check asked of a current pending delivery (docs/product.md §5.9). */
export interface AddressCheckState {
  askedAt: Date;
  confirmedAt: Date | null;
}

/**
 * The latest check item of each pending delivery, asked about the address it still has (an item of an
 * address since changed confirms nothing, so it asks nothing either; docs/product.md §5.9).
 */
async function addressChecksOf(db: DbOrTx, pending: Array<{ id: number; recipientEmail: string }>) {
  const result = new Map<number, AddressCheckState>();
  if (pending.length === 0) return result;
  const rows = await db
    .selectDistinctOn([items.deliveryId], {
      deliveryId: items.deliveryId,
      askedAt: items.checkSentAt,
      confirmedAt: items.confirmedAt,
    })
    .from(items)
    .innerJoin(d, and(eq(d.id, items.deliveryId), eq(d.recipientEmail, items.recipientEmail)))
    .where(
      inArray(
        items.deliveryId,
        pending.map((row) => row.id),
      ),
    )
    .orderBy(items.deliveryId, desc(items.id));
  for (const { deliveryId, ...state } of rows) result.set(deliveryId, state);
  return result;
}

/** A video's delivery as `withHistory` answers it (the video API's `delivery`: delivery.view.ts). */
export type DeliveryStatusOfVideo = DeliveryInfo & {
  nextAt: Date | null;
  history: HistoryEntry[];
  addressCheck: AddressCheckState | null;
};

/**
 * Each video's delivery (live, else latest) with `nextAt` (the live occurrence's moment) and `history`
 * (its finished deliveries: every yearly occurrence, and the single ones before a schedule change), for
 * the video API, and `addressCheck` (what the yearly check asked of a pending one). Three statements
 * for any number of videos.
 */
export async function withHistory(db: DbOrTx, repo: DeliveryRepo, videoIds: number[]) {
  const status = await repo.deliveryStatusFor(videoIds, db);
  const result = new Map<number, DeliveryStatusOfVideo>();
  if (status.size === 0) return result;
  const ranked = db
    .select({
      videoId: d.videoId,
      at: sql<Date>`coalesce(${d.sentAt}, ${d.dueAt})`.mapWith((v: string | Date) => new Date(v)).as('at'),
      status: d.status,
      recipient: d.recipientEmail,
      receipts: d.receipts,
      openedAt: d.openedAt,
      openCount: d.openCount,
      rank: sql<number>`row_number() over (partition by ${d.videoId} order by ${d.id} desc)`.as('rank'),
    })
    .from(d)
    .where(and(inArray(d.videoId, [...status.keys()]), notInArray(d.status, [...LIVE])))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${HISTORY_LIMIT}`)
    .orderBy(ranked.videoId, ranked.rank);
  const history = new Map<number, HistoryEntry[]>();
  for (const row of rows) {
    const list = history.get(row.videoId) ?? [];
    list.push({
      at: new Date(row.at),
      status: row.status as DeliveryHistoryStatus,
      recipient: row.recipient,
      // Recorded all the same (an opened link is never bounced, decision 0385), but never shown.
      receipts: row.receipts,
      openedAt: row.receipts ? row.openedAt : null,
      openCount: row.receipts ? row.openCount : null,
    });
    history.set(row.videoId, list);
  }
  const asked = await addressChecksOf(
    db,
    [...status.values()].filter((info) => info.status === 'pending'),
  );
  for (const [videoId, info] of status) {
    const live = (LIVE as readonly string[]).includes(info.status);
    result.set(videoId, {
      ...info,
      nextAt: live ? info.dueAt : null,
      history: history.get(videoId) ?? [],
      addressCheck: asked.get(info.id) ?? null,
    });
  }
  return result;
}
