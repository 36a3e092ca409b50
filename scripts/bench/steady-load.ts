import { Worker } from 'node:worker_threads';

export interface SteadyLoad {
  rate: number;
  seconds: number;
  connections?: number;
}

/**
 * `rate` requests a second for `seconds` seconds to `url`, evenly spaced (open loop: each sent when
 * due, its time counted from then), from a worker thread (its own event loop, so the client's work does
 * not wait behind the server's when the app runs in this process) over at most `connections` kept-alive
 * connections: each 200 answer's time in ms, sorted. Any failed request fails the bench.
 */
export async function steadyLoad(
  url: string,
  headers: Record<string, string>,
  { rate, seconds, connections = 50 }: SteadyLoad,
): Promise<number[]> {
  const worker = new Worker(new URL('./steady-load.worker.mjs', import.meta.url), {
    workerData: { url, headers, rate, seconds, connections },
  });
  const { times, failed } = await new Promise<{ times: number[]; failed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (failed > 0) throw new Error(`bench: ${failed} failed requests to ${url}`);
  return times.sort((a, b) => a - b);
}
