import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { refuseFailedLoad } from './load-failures';

/** The parts of autocannon's result the check reads; the rest is not consulted. */
const result = (part: {
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  codes?: Record<string, number>;
}): autocannon.Result =>
  ({
    non2xx: part.non2xx ?? 0,
    errors: part.errors ?? 0,
    timeouts: part.timeouts ?? 0,
    requests: { sent: 500 },
    statusCodeStats: Object.fromEntries(Object.entries(part.codes ?? {}).map(([c, count]) => [c, { count }])),
  }) as unknown as autocannon.Result;

describe('a bench load that was not answered in full', () => {
  it('passes a load answered 2xx throughout', () => {
    expect(() => refuseFailedLoad(result({ codes: { '200': 500 } }), 'the app')).not.toThrow();
  });

  it('names the refusals by status code, the connection errors and the timeouts (counted once)', () => {
    const failing = result({
      non2xx: 26,
      errors: 5,
      timeouts: 2,
      codes: { '200': 467, '500': 24, '503': 2 },
    });
    expect(() => refuseFailedLoad(failing, 'the app server (http://127.0.0.1:1)')).toThrow(
      'bench: 31 of 500 requests to the app server (http://127.0.0.1:1) failed (24 × 500, 2 × 503, 3 connection errors, 2 timeouts)',
    );
  });
});
