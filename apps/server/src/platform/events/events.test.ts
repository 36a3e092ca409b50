import { describe, expect, it } from 'vitest';
import { createEventBus } from './events';

declare module './events' {
  interface AppEvents {
    'test.ping': { n: number };
  }
}

describe('event bus', () => {
  it('calls listeners in order, survives a failing one and can remove a listener', async () => {
    const errors: unknown[] = [];
    const bus = createEventBus({ error: (...args: unknown[]) => void errors.push(args) } as never);
    const seen: string[] = [];
    bus.on('test.ping', ({ n }) => void seen.push(`a${n}`));
    bus.on('test.ping', () => {
      throw new Error('boom');
    });
    const off = bus.on('test.ping', async ({ n }) => {
      // A slow listener (code under test's peer): it finishes on a later turn of the event loop, and
      // emit must wait for it before it answers.
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`c${n}`);
    });
    await bus.emit('test.ping', { n: 1 });
    expect(seen).toEqual(['a1', 'c1']);
    expect(errors).toHaveLength(1);
    off();
    await bus.emit('test.ping', { n: 2 });
    expect(seen).toEqual(['a1', 'c1', 'a2']);
  });
});
