import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db';
import { createOpenGate, OPEN_WINDOW_SECONDS, openKey } from './delivery.receipts';

/**
 * Which opens of a watch link count (docs/product.md §5.8), the part settled in the process's memory
 * before any write: by the app's clock, with the database's rate rule stood in for.
 */
function gate() {
  const clock = new FakeClock(new Date('2030-06-15T12:00:00.000Z'));
  const asked: Array<{ key: string; limit: number; windowSeconds: number; tx: unknown }> = [];
  const rateLimiter = {
    count: async (rule: { key: string; limit: number; windowSeconds: number }, options?: { tx?: DbOrTx }) => {
      asked.push({ ...rule, tx: options?.tx });
      return { count: 1, allowed: true, retryAfter: 1 };
    },
  };
  return { clock, asked, gate: createOpenGate({ rateLimiter, clock }) };
}

describe('the open gate', () => {
  it('lets the first open of a key through, and no other for the hour', () => {
    const { clock, gate: open } = gate();
    expect(open.take('a')).toBe(true);
    expect(open.take('a')).toBe(false);
    clock.advance(OPEN_WINDOW_SECONDS * 1000 - 1);
    expect(open.take('a')).toBe(false);
  });

  it('an hour after the first, the same key counts again, and its next hour starts then', () => {
    const { clock, gate: open } = gate();
    expect(open.take('a')).toBe(true);
    clock.advance(OPEN_WINDOW_SECONDS * 1000);
    expect(open.take('a')).toBe(true);
    clock.advance(OPEN_WINDOW_SECONDS * 1000 - 1);
    expect(open.take('a')).toBe(false);
  });

  it('keys are counted apart: another link, or the same link from another address', () => {
    const { gate: open } = gate();
    expect(open.take(openKey('link-1', '203.0.113.9'))).toBe(true);
    expect(open.take(openKey('link-2', '203.0.113.9'))).toBe(true);
    expect(open.take(openKey('link-1', '198.51.100.7'))).toBe(true);
    expect(open.take(openKey('link-1', '203.0.113.9'))).toBe(false);
  });

  it('a key given back after a failed count may be tried again at once', () => {
    const { gate: open } = gate();
    expect(open.take('a')).toBe(true);
    open.release('a');
    expect(open.take('a')).toBe(true);
  });

  it("asks the database's rule once per key and hour, in the counting transaction", async () => {
    const { asked, gate: open } = gate();
    const tx = {} as DbOrTx;
    expect(await open.first('a', tx)).toBe(true);
    expect(asked).toEqual([{ key: 'a', limit: 1, windowSeconds: OPEN_WINDOW_SECONDS, tx }]);
  });
});

describe('the key of an open', () => {
  it('names neither the link nor the address, and is the same for the same pair', () => {
    const key = openKey('token-hash-of-the-link', '203.0.113.9');
    expect(key).toMatch(/^watchOpen:[0-9a-f]{32}$/);
    expect(key).not.toContain('203.0.113.9');
    expect(key).not.toContain('token-hash');
    expect(openKey('token-hash-of-the-link', '203.0.113.9')).toBe(key);
    // The separator keeps pairs apart that would otherwise run together.
    expect(openKey('ab', 'c')).not.toBe(openKey('a', 'bc'));
  });
});
