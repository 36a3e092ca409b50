import type { Clock } from '../../platform/clock';
import type { BannerAdsRepo, ShownAd } from './banner-ads.repo';

/** How long a process serves from its read of the live ads before reading them again (decision 0259). */
export const LIVE_READ_TTL_MS = 10_000;
/** Ads tried for one view; after each miss the live ads are read again, so a second miss is a race. */
const TRIES = 3;

/**
 * The banner slot's turns (decision 0259): the live ads are read now and then, in turn order, and each
 * view takes the next one round the list and counts itself on that row by primary key. Reading and
 * sorting every live ad on every view (the first design, 0259) cost the database a few milliseconds a
 * view; this costs it one indexed update. A view never trusts the read: the update checks that the ad
 * still runs (ended, or its requester deactivated: skipped, and the list read again).
 */
export function createLiveRotation(deps: {
  repo: Pick<BannerAdsRepo, 'liveIds' | 'countView'>;
  clock: Clock;
}) {
  const { repo, clock } = deps;
  let ids: number[] = [];
  let readAt: number | null = null;
  let turn = 0;
  let reading: Promise<void> | null = null;

  // By the platform clock, either way: a test that moves it reads again. No live ad: read every time,
  // so an ad put live by another process shows at once rather than after the read's lifetime.
  const stale = (now: Date) =>
    readAt === null || ids.length === 0 || Math.abs(now.getTime() - readAt) >= LIVE_READ_TTL_MS;

  /** One read at a time: the views that find the list stale wait for the same one. */
  function read(now: Date): Promise<void> {
    reading ??= (async () => {
      try {
        ids = await repo.liveIds(now);
        readAt = now.getTime();
        turn = 0;
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  return {
    /** Read the live ads again at the next view (an ad was just put live in this process). */
    forget(): void {
      readAt = null;
    },

    /** The ad to show `readerId`, its view counted (once a day per reader); null when none runs. */
    async next(readerId: number): Promise<ShownAd | null> {
      const now = clock.now();
      if (stale(now)) await read(now);
      for (let tries = 0; tries < TRIES && ids.length > 0; tries += 1) {
        const id = ids[turn % ids.length]!;
        turn = (turn + 1) % ids.length;
        const shown = await repo.countView(id, readerId, now);
        if (shown) return shown;
        await read(now);
      }
      return null;
    },
  };
}
