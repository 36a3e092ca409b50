import { useEffect, useState } from 'react';
import { measureDuration } from './durations';
import type { EditVideo } from './edit-list-store';

/** Measured lengths by item id: a number, null when unreadable, absent while measuring. */
const cache = new Map<string, number | null>();
const pending = new Set<string>();
const listeners = new Set<() => void>();

export interface ClipDurations {
  byId: Record<string, number | null | undefined>;
  /** Sum of the lengths that are known. */
  total: number;
  /** True while some clip is still being measured. */
  measuring: boolean;
  /** Names of the clips this browser cannot measure (the server will). */
  unknown: string[];
}

export function useClipDurations(items: readonly EditVideo[]): ClipDurations {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((version) => version + 1);
    listeners.add(bump);
    for (const item of items) {
      if (cache.has(item.id) || pending.has(item.id)) continue;
      pending.add(item.id);
      void measureDuration(item.url).then((seconds) => {
        cache.set(item.id, seconds);
        pending.delete(item.id);
        listeners.forEach((listener) => listener());
      });
    }
    return () => {
      listeners.delete(bump);
    };
  }, [items]);

  const byId: ClipDurations['byId'] = {};
  let total = 0;
  let measuring = false;
  const unknown: string[] = [];
  for (const item of items) {
    const seconds = cache.get(item.id);
    byId[item.id] = seconds;
    if (seconds === undefined) measuring = true;
    else if (seconds === null) unknown.push(item.name);
    else total += seconds;
  }
  return { byId, total, measuring, unknown };
}
