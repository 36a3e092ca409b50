import type { FastifyBaseLogger } from 'fastify';

/**
 * Events one feature announces and others react to, so the announcing feature need not know its
 * listeners (e.g. accounts announces a sign-up; notifications tells the admins). Each feature declares
 * its events by merging into this interface from its own `<feature>.events.ts`:
 *
 *   declare module '../../platform/events/events' {
 *     interface AppEvents { 'account.created': { accountId: number } }
 *   }
 *
 * Payloads carry ids, like jobs: a listener re-reads what it needs.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppEvents {}

export type AppEventName = keyof AppEvents;
export type AppEventListener<K extends AppEventName> = (payload: AppEvents[K]) => void | Promise<void>;

export interface EventBus {
  /** Adds a listener; returns a function that removes it again. */
  on<K extends AppEventName>(name: K, listener: AppEventListener<K>): () => void;
  /**
   * Calls every listener in order and waits for them. A failing listener is logged and does not stop
   * the others nor fail the request that announced the event: the announcing change is already
   * committed. A listener that must not lose work (an e-mail, a notification) should hand it to the
   * job queue (`deps.queue`) rather than do it inline.
   */
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): Promise<void>;
}

export function createEventBus(logger: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const listeners = new Map<AppEventName, Array<AppEventListener<never>>>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as AppEventListener<never>);
      listeners.set(name, list);
      return () => {
        const current = listeners.get(name) ?? [];
        listeners.set(
          name,
          current.filter((item) => item !== listener),
        );
      };
    },
    async emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          await (listener as AppEventListener<typeof name>)(payload);
        } catch (error) {
          logger.error({ err: error, event: name }, 'event listener failed');
        }
      }
    },
  };
}
