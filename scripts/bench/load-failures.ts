import type autocannon from 'autocannon';

/**
 * Stops a bench whose load was not answered in full, saying how: the status codes that were not 2xx,
 * the connection errors and the timeouts. A bare count told nothing of whether the app refused (a
 * 5xx when PostgreSQL had no connection left) or the machine was too slow to answer at all.
 */
export function refuseFailedLoad(result: autocannon.Result, target: string): void {
  // autocannon counts timeouts among the errors.
  const failed = result.non2xx + result.errors;
  if (failed === 0) return;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count ?? 0} × ${code}`);
  const other = result.errors - result.timeouts;
  const how = [
    ...codes,
    ...(other > 0 ? [`${other} connection errors`] : []),
    ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
  ];
  throw new Error(
    `bench: ${failed} of ${result.requests.sent} requests to ${target} failed (${how.join(', ')})`,
  );
}
