import { describe, expect, it } from 'vitest';
import type { DeliveryStatus } from '@pw/contracts';
import { unclaimedAction } from './delivery.unclaimed';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const later = new Date(NOW.getTime() + 60_000);
const earlier = new Date(NOW.getTime() - 60_000);

const due = (status: DeliveryStatus = 'pending', nextAttemptAt = earlier) => ({ status, nextAttemptAt });
const ready = { folder: 'scheduled', state: 'ready', mediaKey: 'videos/a.mp4' };
const moved = { ...ready, folder: 'draft' };
const broken = { ...ready, state: 'failed' };
const processing = { ...ready, state: 'processing', mediaKey: null };

describe('a delivery the claim did not get', () => {
  it('sent or failed: only the owner is told (if not yet), whatever the video or the account became', () => {
    for (const status of ['sent', 'failed'] as const) {
      expect(unclaimedAction(due(status), ready, true, NOW)).toBe('notify-owner');
      expect(unclaimedAction(due(status, later), moved, false, NOW)).toBe('notify-owner');
    }
  });

  it('cancelled: finished, nothing more, even for a deactivated owner or a moved video', () => {
    expect(unclaimedAction(due('cancelled'), ready, true, NOW)).toBe('finished');
    expect(unclaimedAction(due('cancelled'), moved, false, NOW)).toBe('finished');
  });

  it('pending and not yet due: comes back at its time, before anything else is looked at', () => {
    expect(unclaimedAction(due('pending', later), ready, true, NOW)).toBe('come-back');
    expect(unclaimedAction(due('pending', later), moved, false, NOW)).toBe('come-back');
    expect(unclaimedAction(due('pending', later), broken, true, NOW)).toBe('come-back');
  });

  it('due at this very moment is due, not early', () => {
    expect(unclaimedAction(due('pending', NOW), ready, true, NOW)).toBe('taken');
    expect(unclaimedAction(due('pending', NOW), ready, false, NOW)).toBe('hold');
  });

  it("a claim's later next attempt does not make a sending row early (its claimant may be dead)", () => {
    expect(unclaimedAction(due('sending', later), ready, false, NOW)).toBe('hold');
    expect(unclaimedAction(due('sending', later), moved, true, NOW)).toBe('cancel');
  });

  it("a deactivated owner's due delivery is held, whatever its video", () => {
    for (const video of [ready, moved, broken, processing])
      expect(unclaimedAction(due(), video, false, NOW), JSON.stringify(video)).toBe('hold');
  });

  it('a video moved out of the scheduled folder cancels it, even one that failed or is processing', () => {
    expect(unclaimedAction(due(), moved, true, NOW)).toBe('cancel');
    expect(unclaimedAction(due(), { ...broken, folder: 'final' }, true, NOW)).toBe('cancel');
    expect(unclaimedAction(due(), { ...processing, folder: 'draft' }, true, NOW)).toBe('cancel');
  });

  it('a video that could not be processed fails it: failed, or ready without its file', () => {
    expect(unclaimedAction(due(), broken, true, NOW)).toBe('fail');
    expect(unclaimedAction(due(), { ...ready, mediaKey: null }, true, NOW)).toBe('fail');
    expect(unclaimedAction(due(), { ...ready, mediaKey: '' }, true, NOW)).toBe('fail');
  });

  it('a video still uploaded or processing: waits for it', () => {
    expect(unclaimedAction(due(), processing, true, NOW)).toBe('wait-for-video');
    expect(unclaimedAction(due(), { ...processing, state: 'uploaded' }, true, NOW)).toBe('wait-for-video');
    // The file of a video being processed again is not a reason to send before it is ready.
    expect(unclaimedAction(due(), { ...ready, state: 'processing' }, true, NOW)).toBe('wait-for-video');
  });

  it('due, active owner, ready video in its folder: someone else holds it', () => {
    expect(unclaimedAction(due('pending'), ready, true, NOW)).toBe('taken');
    expect(unclaimedAction(due('sending'), ready, true, NOW)).toBe('taken');
  });
});
