/**
 * Work done in batches a moment after it was asked for: `kick()` schedules a run `delayMs` later (a
 * second kick meanwhile joins it), and the run repeats `runBatch` while batches come back full, so a burst
 * of kicks costs a few transactions instead of one each. A failed run is logged; what it left is found by
 * the next kick (the sweeper kicks too). `idle()` resolves once nothing is scheduled or running.
 */
export function createKickedBatches(options: {
  runBatch: () => Promise<number>;
  limit: number;
  delayMs: number;
  onError: (error: unknown) => void;
}) {
  const { runBatch, limit, delayMs, onError } = options;
  let scheduled = false;
  let runs = Promise.resolve();

  async function run() {
    scheduled = false; // what is recorded from now on is taken by the next run
    try {
      while ((await runBatch()) === limit);
    } catch (error) {
      onError(error);
    }
  }

  return {
    kick() {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        runs = runs.then(run);
      }, delayMs);
    },
    /** Resolves once nothing is scheduled or running (shutdown, tests). */
    async idle() {
      do {
        if (scheduled) await new Promise((resolve) => setTimeout(resolve, delayMs));
        await runs;
      } while (scheduled);
    },
  };
}
