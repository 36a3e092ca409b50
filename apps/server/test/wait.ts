import { vi } from 'vitest';

/**
 * Waits until `check` answers true, asking every `intervalMs` (vi.waitFor), and fails naming what it
 * waited for: the tests of real processes and real servers wait for the state they expect this way,
 * never for a fixed time.
 */
export function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
  intervalMs = 200,
): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out: ${typeof what === 'string' ? what : what()}`);
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
