import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { invalid } from '../../../platform/errors';
import type { DeliveryRepo } from '../delivery.repo';
import { FREE_LIVE_DELIVERIES } from '@pw/contracts';

/** Whether an account holds a running membership now, asked in the caller's transaction. */
export type HoldsMembership = (ownerId: number, tx: Db) => Promise<boolean>;

export const MEMBERSHIP_NEEDED_MESSAGE =
  'Without a membership you can have one scheduled video at a time. Buy a membership to schedule more.';

/**
 * Refuses one more live delivery of an owner without a membership (docs/product.md §5.5). Called after the
 * video's own live delivery was cancelled, so rescheduling a video is counted once. Owners' schedules
 * wait in line (a transaction lock per owner): two at once cannot both see "none yet". Deliveries
 * already scheduled are never touched here, whatever the plan became.
 */
export async function checkDeliveryAllowance(
  deps: { repo: DeliveryRepo; holdsMembership: HoldsMembership },
  ownerId: number,
  tx: Db,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x5057_0002}, ${ownerId})`);
  if ((await deps.repo.countLiveForOwner(ownerId, tx)) < FREE_LIVE_DELIVERIES) return;
  if (await deps.holdsMembership(ownerId, tx)) return;
  throw invalid('type', MEMBERSHIP_NEEDED_MESSAGE);
}
