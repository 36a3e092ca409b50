import { createKickedBatches } from '../kicked-batches';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import type { PgBoss } from '../../../platform/queue';
import { videosView as videos } from '../../videos';
import { scheduledDeliveries as d } from '../delivery.schema';
import { enqueueSends } from '../delivery.queue';
import { hashWatchToken, newMessageId, watchToken } from '../delivery.tokens';
import { nextOccurrence } from './delivery.occurrence';
import { scheduleCopySql } from '../delivery.copy';

/**
 * Yearly deliveries (docs/product.md §5.7). Each occurrence is a delivery row of its own, with its own
 * Message-ID and watch link, claimed, sent and recorded exactly as a single delivery is (decision
 * 0040). Once an occurrence is finished (sent, or failed for good), the *roll-over* creates the next one:
 * in one transaction it marks the finished row `rolled_over_at` and inserts the next row and its job,
 * so of any number of workers and retries exactly one creates it (decision 0360).
 */

export interface RepeatRollerDeps {
  db: Db;
  queue: PgBoss;
  logger: FastifyBaseLogger;
  secret: string;
  publicUrl: string;
}

interface Finished {
  id: number;
  due_at: string | Date;
  repeat_until: number | null;
  timezone: string | null;
  local_at: string | null;
  db_now: string | Date;
}

/**
 * Creates the next occurrences of finished yearly deliveries, up to `limit` at once, in one
 * transaction: takes the finished rows (SKIP LOCKED: workers share the work, none waits), marks them
 * rolled over, inserts the next rows and their jobs (insertNextOccurrences). Answers how many finished
 * rows it took.
 */
export async function rollOver(deps: RepeatRollerDeps, limit: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const taken = (await tx.execute(sql`
      update ${d} set rolled_over_at = now()
      where id in (
        select id from ${d}
        where repeat = 'yearly' and rolled_over_at is null and status in ('sent', 'failed', 'bounced')
          -- While the second address's copy is on its way the video has a live row (one per video):
          -- the occurrence rolls over once that copy is done. Looked up by the video, through the one
          -- live row's index: by fallback_of alone it would pass over every pending row of every video.
          and not exists (select 1 from ${d} copy
            where copy.video_id = ${d}.video_id and copy.status in ('pending', 'sending')
              and copy.fallback_of = ${d}.id)
        order by updated_at
        limit ${limit}
        for update skip locked
      ) and rolled_over_at is null
      returning id, due_at, repeat_until, timezone, local_at, now() as db_now`)) as unknown as {
      rows: Finished[];
    };
    await insertNextOccurrences(deps, taken.rows, tx);
    return taken.rows.length;
  });
}

/**
 * The owner cancelled one held occurrence of a yearly delivery (docs/product.md §5.6, §5.7):
 * that year is skipped, not the series. In the transaction of the answer that cancelled it (which took
 * the row, so of two answers one gets here), the row is marked rolled over and the next occurrence
 * still ahead is created as the roll-over creates it. A single delivery's row is left as it is.
 */
export async function rollOverSkipped(
  deps: Pick<RepeatRollerDeps, 'queue' | 'secret' | 'publicUrl'>,
  id: number,
  tx: Db,
): Promise<void> {
  const taken = (await tx.execute(sql`
    update ${d} set rolled_over_at = now()
    where id = ${id} and repeat = 'yearly' and status = 'cancelled' and rolled_over_at is null
    returning id, due_at, repeat_until, timezone, local_at, now() as db_now`)) as unknown as {
    rows: Finished[];
  };
  await insertNextOccurrences(deps, taken.rows, tx);
}

/**
 * Inserts the next occurrence of each taken row (already marked rolled over) and its job. The next row
 * is only created while the video is still in the scheduled folder and has no newer delivery (a changed
 * schedule, a move out and back: the newer delivery is the one that counts); the video row is locked
 * for share meanwhile, so a move out that runs at the same time either waits and then cancels the new
 * row, or is seen and wins.
 */
async function insertNextOccurrences(
  deps: Pick<RepeatRollerDeps, 'queue' | 'secret' | 'publicUrl'>,
  taken: Finished[],
  tx: Db,
): Promise<void> {
  // Occurrences due together mostly share their zone, date and time: each is worked out once.
  const computed = new Map<string, Date | null>();
  const next = taken.flatMap((row) => {
    if (!row.timezone || !row.local_at) return [];
    const dueAt = new Date(row.due_at);
    const key = `${row.local_at}|${row.timezone}|${row.repeat_until}|${dueAt.getTime()}`;
    if (!computed.has(key))
      computed.set(
        key,
        nextOccurrence(
          { localAt: row.local_at, timezone: row.timezone, repeatUntil: row.repeat_until },
          dueAt,
          new Date(row.db_now),
        ),
      );
    const at = computed.get(key)!;
    if (!at) return [];
    const messageId = newMessageId(deps.publicUrl);
    return [
      {
        prev_id: row.id,
        due_at: at.toISOString(),
        message_id: messageId,
        token_hash: hashWatchToken(watchToken(deps.secret, messageId)),
      },
    ];
  });
  if (next.length === 0) return;
  // The previous occurrence's schedule, every column of it (delivery.copy.ts).
  const copy = scheduleCopySql('prev');
  const inserted = (await tx.execute(sql`
    insert into ${d} (${copy.columns}, due_at, next_attempt_at, token_hash, message_id)
    select ${copy.values}, n.due_at, n.due_at, n.token_hash, n.message_id
    from jsonb_to_recordset(${JSON.stringify(next)}::jsonb)
      as n(prev_id int, due_at timestamptz, message_id text, token_hash text)
    join ${d} prev on prev.id = n.prev_id
    join ${videos} on ${videos.id} = prev.video_id and ${videos.folder} = 'scheduled'
    -- A newer schedule of the video stops the series; the second address's copy of a bounced
    -- occurrence (fallback_of) is part of that occurrence, not a newer schedule.
    where not exists (select 1 from ${d} newer
      where newer.video_id = prev.video_id and newer.id > prev.id and newer.fallback_of is null)
    for share of ${sql.raw('videos')}
    on conflict do nothing
    returning id, next_attempt_at`)) as unknown as {
    rows: Array<{ id: number; next_attempt_at: string | Date }>;
  };
  await enqueueSends(
    deps.queue,
    inserted.rows.map((row) => ({ id: row.id, nextAttemptAt: new Date(row.next_attempt_at) })),
    tx,
  );
}

/**
 * Runs the roll-over a moment after an occurrence was recorded (`kick()`, like the owners' notices), until
 * nothing is left; the sweeper kicks it too, so a crash or a failure only delays it by one sweep.
 */
export function createRepeatRoller(
  deps: RepeatRollerDeps,
  options: { delayMs?: number; limit?: number } = {},
) {
  const { delayMs = 250, limit = 1000 } = options;
  return createKickedBatches({
    runBatch: () => rollOver(deps, limit),
    limit,
    delayMs,
    // The rows stay without rolled_over_at: the next sweep's kick takes them again.
    onError: (error) => deps.logger.error({ err: error }, 'scheduling the next yearly deliveries failed'),
  });
}
