import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../platform/clock';
import type { ShownAd } from './banner-ads.repo';
import { createLiveRotation, LIVE_READ_TTL_MS } from './banner-ads.rotation';

/**
 * The rotation's own rules, against a stand-in for the two statements (the statements themselves, and
 * the slot over them, run on the real database in banner-ads.slot.test.ts): what it reads when, and
 * which ad each view takes.
 */
function setUp(live: number[]) {
  const clock = new FakeClock(new Date('2026-11-23T10:00:00Z'));
  const state = { live: [...live], reads: 0, counted: [] as number[] };
  const repo = {
    async liveIds() {
      state.reads += 1;
      // A fake playing a slow database: the read answers on a later turn of the event loop, so views
      // started meanwhile overlap it.
      await new Promise((resolve) => setImmediate(resolve));
      return [...state.live];
    },
    async countView(id: number): Promise<ShownAd | null> {
      if (!state.live.includes(id)) return null;
      state.counted.push(id);
      return { id, brandName: `Brand ${id}`, imageKey: null };
    },
  };
  return { clock, state, rotation: createLiveRotation({ repo, clock }) };
}

const ids = async (rotation: ReturnType<typeof setUp>['rotation'], views: number) => {
  const shown: (number | null)[] = [];
  for (let i = 0; i < views; i += 1) shown.push((await rotation.next(7))?.id ?? null);
  return shown;
};

describe('the banner slot rotation (decision 0259)', () => {
  it('takes the live ads in turn from one read, and reads again after its lifetime', async () => {
    const { clock, state, rotation } = setUp([3, 1, 2]);
    expect(await ids(rotation, 7)).toEqual([3, 1, 2, 3, 1, 2, 3]);
    expect(state.reads).toBe(1);
    clock.advance(LIVE_READ_TTL_MS);
    state.live = [2, 1];
    expect(await ids(rotation, 2)).toEqual([2, 1]);
    expect(state.reads).toBe(2);
  });

  it('skips an ad that stopped since the read and reads again, never answering null while one runs', async () => {
    const { state, rotation } = setUp([1, 2]);
    expect(await ids(rotation, 1)).toEqual([1]);
    state.live = [1];
    expect(await ids(rotation, 3)).toEqual([1, 1, 1]);
    expect(state.counted).toEqual([1, 1, 1, 1]);
    expect(state.reads).toBe(2);
  });

  it('answers null when nothing runs, reading at every view so a new ad shows at once', async () => {
    const { state, rotation } = setUp([]);
    expect(await ids(rotation, 2)).toEqual([null, null]);
    expect(state.reads).toBe(2);
    state.live = [9];
    expect(await ids(rotation, 1)).toEqual([9]);
  });

  it('reads once for many views at the same instant, and each takes its own turn', async () => {
    const { state, rotation } = setUp([1, 2, 3, 4]);
    const shown = await Promise.all(Array.from({ length: 4 }, () => rotation.next(7)));
    expect(state.reads).toBe(1);
    expect(new Set(shown.map((ad) => ad?.id))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('reads again after forget (an ad put live in this process), and when the clock moves back', async () => {
    const { clock, state, rotation } = setUp([1]);
    await rotation.next(7);
    state.live = [1, 5];
    rotation.forget();
    expect(await ids(rotation, 2)).toEqual([1, 5]);
    clock.advance(-LIVE_READ_TTL_MS);
    await rotation.next(7);
    expect(state.reads).toBe(3);
  });
});
