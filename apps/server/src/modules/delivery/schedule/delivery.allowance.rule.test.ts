import { describe, expect, it } from 'vitest';
import { FREE_LIVE_DELIVERIES } from '@pw/contracts';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { DeliveryRepo } from '../delivery.repo';
import { checkDeliveryAllowance, MEMBERSHIP_NEEDED_MESSAGE } from './delivery.allowance';

/**
 * The allowance's rule with its database calls stood in for (the app-booting file,
 * delivery.allowance.test.ts, shows it through the API): what is asked, in which order, and the answer.
 */
function setup(live: number, member: boolean) {
  const calls: string[] = [];
  const tx = {
    execute: async () => {
      calls.push('lock');
      return { rows: [] };
    },
  } as unknown as Db;
  const repo = {
    countLiveForOwner: async (ownerId: number, given: Db) => {
      calls.push(`count ${ownerId}${given === tx ? ' in tx' : ''}`);
      return live;
    },
  } as unknown as DeliveryRepo;
  const holdsMembership = async (ownerId: number, given: Db) => {
    calls.push(`membership ${ownerId}${given === tx ? ' in tx' : ''}`);
    return member;
  };
  return { calls, check: () => checkDeliveryAllowance({ repo, holdsMembership }, 7, tx) };
}

describe('one live delivery without a membership (docs/product.md §5.5)', () => {
  it('the refusal says one at a time, and one it is', () => {
    expect(FREE_LIVE_DELIVERIES).toBe(1);
    expect(MEMBERSHIP_NEEDED_MESSAGE).toContain('one scheduled video at a time');
  });

  it('under the free allowance: allowed, and the membership is not even asked', async () => {
    const { calls, check } = setup(FREE_LIVE_DELIVERIES - 1, false);
    await expect(check()).resolves.toBeUndefined();
    // The owner's lock first: two schedules at once cannot both count none.
    expect(calls).toEqual(['lock', 'count 7 in tx']);
  });

  it("at the allowance: a member is allowed, in the schedule's transaction", async () => {
    const { calls, check } = setup(FREE_LIVE_DELIVERIES, true);
    await expect(check()).resolves.toBeUndefined();
    expect(calls).toEqual(['lock', 'count 7 in tx', 'membership 7 in tx']);
  });

  it('at or over the allowance without a membership: refused (422 on the type, the message to buy one)', async () => {
    for (const live of [FREE_LIVE_DELIVERIES, FREE_LIVE_DELIVERIES + 4]) {
      const { check } = setup(live, false);
      const refused = await check().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 422, errors: { type: [MEMBERSHIP_NEEDED_MESSAGE] } });
    }
  });
});
