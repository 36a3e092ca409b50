import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitForNetwork } from './network';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('waiting for the network', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('offline, resolves only when the browser says it is online again', async () => {
    setOnline(false);
    let back = false;
    const waiting = waitForNetwork().then(() => (back = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(back).toBe(false);
    window.dispatchEvent(new Event('online'));
    await waiting;
    expect(back).toBe(true);
  });

  it('online but unanswered, lets the caller try again after the pause', async () => {
    vi.useFakeTimers();
    setOnline(true);
    let back = false;
    const waiting = waitForNetwork(undefined, 5000).then(() => (back = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(back).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(back).toBe(true);
  });

  it('stops waiting with an AbortError when cancelled', async () => {
    setOnline(false);
    const controller = new AbortController();
    const waiting = waitForNetwork(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
