import type { ClaimedDelivery } from '../delivery.repo';
import { enqueueSend } from '../delivery.queue';
import { notifyOwner, ownerNotice } from '../owner-notices';
import { sendClaimed } from './delivery.send';
import type { DeliveryOutcome, WorkerContext } from '../delivery.context';
import { VIDEO_MESSAGES } from '@pw/contracts';
import { isActiveAccount } from '../../accounts';
import { unclaimedAction } from './delivery.unclaimed';

/**
 * Runs `delivery.send` jobs: for each delivery does whatever its row says is due — claim → SMTP → record
 * (the usual case, first), or nothing (gone, finished, someone else's), wait (not yet due, video
 * processing, owner deactivated), cancel (video left the scheduled folder), fail (video could not be
 * processed). Safe to run any number of times, anywhere, at once:
 * docs/decisions/0040-exactly-once-delivery.md.
 *
 * The whole batch is claimed with one statement (docs/decisions/0073-delivery-burst-throughput.md); each
 * claimed delivery then waits for a send slot. Settles one result per id, in order.
 */
export async function processDeliveries(
  ctx: WorkerContext,
  deliveryIds: number[],
): Promise<PromiseSettledResult<DeliveryOutcome>[]> {
  if (!ctx.liveness.alive) throw new Error('delivery worker has no liveness lock; retrying later');
  const outcomes: Array<Promise<DeliveryOutcome>> = [];
  let claimedById: Map<number, ClaimedDelivery>;
  try {
    const rows = await ctx.deps.repo.claimReadyMany([...new Set(deliveryIds)], ctx.liveness.id);
    claimedById = new Map(rows.map((row) => [row.id, row]));
  } catch (error) {
    return deliveryIds.map(() => ({ status: 'rejected', reason: error }));
  }
  for (const id of deliveryIds) {
    const claimed = claimedById.get(id);
    claimedById.delete(id); // a second job for the same delivery in one batch finds it taken
    outcomes.push(claimed ? ctx.sendSlots(() => sendClaimed(ctx, claimed)) : decideUnclaimable(ctx, id));
  }
  return Promise.allSettled(outcomes);
}

/** One delivery (tests, and anything that has a single id). */
export async function processDelivery(ctx: WorkerContext, deliveryId: number): Promise<DeliveryOutcome> {
  const [result] = await processDeliveries(ctx, [deliveryId]);
  if (result!.status === 'rejected') throw result!.reason;
  return result!.value;
}

/** Why a delivery could not be claimed, and what to do about it. */
async function decideUnclaimable(ctx: WorkerContext, deliveryId: number): Promise<DeliveryOutcome> {
  const { deps, options } = ctx;
  const found = await deps.repo.loadForSend(deliveryId);
  if (!found) return 'gone';
  const { delivery, video, owner, dbNow } = found;

  switch (unclaimedAction(delivery, video, isActiveAccount(owner), dbNow)) {
    case 'notify-owner':
      return (await notifyOwner(deps, deliveryId)) ? 'notified' : 'finished';
    case 'finished':
      return 'finished';
    case 'come-back':
      // Early (a sweeper's or duplicate job): come back at the right time.
      await enqueueSend(deps.queue, deliveryId, delivery.nextAttemptAt);
      return 'early';
    // From here the updates only touch the row if it is pending or its claimant died.
    case 'hold': {
      // No job is queued for the recheck: the sweeper finds the row when it is due again, and activation
      // (resumeForOwner) enqueues one at once, which a queued job for the same key would block.
      const held = await deps.repo.postpone(
        deliveryId,
        options.holdRecheckSeconds,
        'On hold: the account is deactivated. It will be sent when the account is active again.',
      );
      return held ? 'held' : 'taken';
    }
    case 'cancel': {
      const done = await deps.repo.cancelUnclaimed(
        deliveryId,
        'The video was moved out of the scheduled folder.',
      );
      return done ? 'cancelled' : 'taken';
    }
    case 'fail': {
      const failed = await deps.db.transaction(async (tx) => {
        const row = await deps.repo.markFailed(deliveryId, null, VIDEO_MESSAGES.processingFailed, tx);
        if (row) await deps.notifications.notify(row.ownerId, ownerNotice('failed', row, video), tx);
        return row;
      });
      return failed ? 'failed' : 'taken';
    }
    case 'wait-for-video': {
      const waiting = await deps.repo.postpone(
        deliveryId,
        options.processingRecheckSeconds,
        'Waiting for the video to finish processing.',
      );
      if (waiting) await enqueueSend(deps.queue, deliveryId, waiting.nextAttemptAt);
      return waiting ? 'waiting' : 'taken';
    }
    case 'taken':
      return 'taken';
  }
}
