import { useEffect, type RefObject } from 'react';

/**
 * While a recording is not yet on its way to the server, leaving the page asks first (docs/product.md
 * §4.5). The copy on the device would survive the leave; the question is so nobody leaves by mistake.
 * `skip` is set by a leave the page makes itself (Discard reloads it).
 */
export function useLeaveWarning(active: boolean, skip: RefObject<boolean>) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (skip.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, skip]);
}

/**
 * Keeps the screen on while recording where the browser allows it (Screen Wake Lock): a phone that locks
 * itself mid-message would stop the camera. The browser lets the lock go when the page is hidden, so it
 * is asked for again when the page shows again.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (ended) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no permission): recording goes on without it.
      }
    };
    const onVisible = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisible);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
