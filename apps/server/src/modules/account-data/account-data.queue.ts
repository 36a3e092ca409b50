import { z } from 'zod';
import { defineQueue } from '../../platform/queues';

/**
 * Builds one export archive (decision 0241). `singletonKey` of the export: one job per export. A crash
 * mid-way is retried from the start (the archive is written under its final key only when complete).
 */
export const accountExportQueue = defineQueue<{ exportId: number }>({
  name: 'account-data.export',
  payload: z.object({ exportId: z.number().int().positive() }),
  policy: 'standard',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 2 * 60 * 60,
});

/**
 * The sweeper (decision 0243): expired archives deleted, and the files of deleted accounts (or of a
 * deletion interrupted after its commit) removed from storage. Every few minutes; `stately` keeps one.
 */
export const accountDataSweepQueue = defineQueue<Record<string, never>>({
  name: 'account-data.sweep',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
});

export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** One queued sweep per ten minutes however many workers send it. */
export const sweepJobKey = (at: Date) => `sweep:${Math.floor(at.getTime() / SWEEP_EVERY_MS)}`;
