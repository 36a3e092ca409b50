/**
 * Waits for a worker's running handlers to finish (pg-boss's `offWork` stops polling but does not wait),
 * then a moment for pg-boss's own un-awaited completion of the last batch.
 */
export async function waitUntilIdle(inFlight: () => number, timeoutMs: number): Promise<void> {
  for (let waited = 0; inFlight() > 0 && waited < timeoutMs; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
