/**
 * Resolves once the browser says it is online again (at once when it already is), or rejects when
 * `signal` aborts. Where the browser thinks it is online but the server did not answer, it waits
 * `retryMs` and lets the caller try again.
 */
export function waitForNetwork(signal?: AbortSignal, retryMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Cancelled', 'AbortError'));
      return;
    }
    const finish = (settle: () => void) => {
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      settle();
    };
    const onOnline = () => finish(resolve);
    const onAbort = () => finish(() => reject(new DOMException('Cancelled', 'AbortError')));
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = navigator.onLine ? setTimeout(onOnline, retryMs) : undefined;
  });
}

/** Whether the browser says it has no network now. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
