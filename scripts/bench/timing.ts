/** Percentiles of timed work, shared by the bench areas. */

import { sized } from './options';

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Sorted times (ms) of `runs` sequential calls after a warm-up (plans cached, pages in memory). */
export async function timings(
  work: () => Promise<unknown>,
  runs = sized(200, 5),
  warmUp = sized(20, 1),
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** p95 of `runs` sequential calls after a warm-up (plans cached, pages in memory). */
export async function p95(work: () => Promise<unknown>, runs = sized(200, 5)): Promise<number> {
  return percentile(await timings(work, runs), 95);
}
