/**
 * Yearly deliveries, part of `npm run bench -- delivery`: (1) 1,000 yearly occurrences due in one
 * minute, spread evenly over it (quick: 20 over two seconds), sent while their next occurrences are created (the roll-over runs
 * alongside the sends): lateness = the SMTP server's acceptance minus the occurrence's instant; (2) the
 * roll-over of 100,000 finished yearly occurrences: their next occurrences (rows and jobs) created,
 * timed from the first batch to the last.
 */
import { sql } from 'drizzle-orm';
import type { compose } from '../../apps/server/src/composition';
import { scheduledDeliveries } from '../../apps/server/src/modules/delivery/delivery.schema';
import {
  enqueueSends,
  hashWatchToken,
  newMessageId,
  rollOver,
  watchToken,
} from '../../apps/server/src/modules/delivery';

type Deps = Awaited<ReturnType<typeof compose>>['deps'];
interface Accepted {
  to: string;
  messageId: string;
  acceptedAt: number;
}

const FULL = { due: 1000, spreadMs: 60_000, rollOver: 100_000, leadMs: 20_000 };
/** `--quick`: proves it runs (CI); its figures are not reported. */
const QUICK = { due: 20, spreadMs: 2_000, rollOver: 2_000, leadMs: 3_000 };

const PUBLIC_URL = 'http://pw.bench';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** `count` videos of the owner in the scheduled folder, inserted by one statement; their ids. */
async function insertVideos(deps: Deps, ownerId: number, count: number, label: string): Promise<number[]> {
  const rows = (await deps.db.execute(sql`
    insert into videos (owner_id, title, description, folder, state, media_key, thumbnail_key, duration_ms,
      search_code)
    select ${ownerId}, 'Yearly ' || i, 'Every year.', 'scheduled', 'ready', 'videos/' || ${label} || i || '.mp4',
      'thumbnails/' || ${label} || i || '.jpg', 30000, ${label} || '-' || i
    from generate_series(1, ${count}) as i
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  return rows.rows.map((row) => row.id);
}

const wallClock = (at: Date) => at.toISOString().slice(0, 19);

export async function runYearly(
  deps: Deps,
  options: {
    quick: boolean;
    ownerId: number;
    secret: string;
    messages: Accepted[];
    waitFor: (check: () => boolean, timeoutMs: number, what: string) => Promise<void>;
  },
): Promise<Record<string, string | number>> {
  const sizes = options.quick ? QUICK : FULL;
  const { ownerId } = options;

  // (1) Occurrences due in one minute, each with its job, as the roll-over or a schedule leaves them.
  const videoIds = await insertVideos(deps, ownerId, sizes.due, 'due');
  const start = Date.now() + sizes.leadMs;
  const values = videoIds.map((videoId, i) => {
    const dueAt = new Date(Math.floor((start + (i * sizes.spreadMs) / sizes.due) / 1000) * 1000);
    const messageId = newMessageId(PUBLIC_URL);
    return {
      videoId,
      ownerId,
      recipientEmail: `yearly-${i}@recipient.bench`,
      dueAt,
      nextAttemptAt: dueAt,
      messageId,
      tokenHash: hashWatchToken(watchToken(options.secret, messageId)),
      repeat: 'yearly' as const,
      timezone: 'UTC',
      localAt: wallClock(dueAt),
    };
  });
  const inserted = await deps.db
    .insert(scheduledDeliveries)
    .values(values)
    .returning({ id: scheduledDeliveries.id, nextAttemptAt: scheduledDeliveries.nextAttemptAt });
  await enqueueSends(deps.queue, inserted);
  // As the burst's (delivery.ts): a measured run stops, a quick one's checks hold however late it got here.
  const late = Date.now() > start;
  if (late && !options.quick)
    throw new Error('bench: the yearly deliveries were not ready before they were due');
  const dueOf = new Map(values.map((value) => [value.recipientEmail, value.dueAt.getTime()]));
  const yearly = () => options.messages.filter((m) => m.to.startsWith('yearly-'));
  await options.waitFor(() => yearly().length >= sizes.due, 300_000, 'the yearly deliveries');
  const lateness = yearly()
    .map((m) => m.acceptedAt - dueOf.get(m.to)!)
    .sort((a, b) => a - b);
  const duplicates = yearly().length - new Set(yearly().map((m) => m.messageId)).size;
  if (duplicates > 0) throw new Error(`bench: ${duplicates} yearly deliveries were sent more than once`);
  // Their next occurrences: created by the workers' roll-over a moment after each send.
  const nextCount = async () => {
    const { rows } = (await deps.db.execute(sql`
      select count(*)::int as n from scheduled_deliveries
      where video_id = any(${`{${videoIds.join(',')}}`}::int[]) and status = 'pending'`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return rows[0]!.n;
  };
  const rolledBy = Date.now() + 60_000;
  while ((await nextCount()) < sizes.due && Date.now() < rolledBy)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const nextCreated = await nextCount();
  if (nextCreated !== sizes.due)
    throw new Error(`bench: ${nextCreated} of ${sizes.due} next occurrences were created`);

  // (2) The roll-over alone: finished occurrences whose next one is still to be created.
  const finishedVideos = await insertVideos(deps, ownerId, sizes.rollOver, 'roll');
  const stampAt = new Date(Date.now() - 86_400_000);
  const stamp = sql`${stampAt.toISOString()}::timestamptz`;
  await deps.db.execute(sql`
    insert into scheduled_deliveries (video_id, owner_id, recipient_email, due_at, next_attempt_at, status,
      attempts, token_hash, message_id, sent_at, owner_notified_at, repeat, timezone, local_at)
    select v, ${ownerId}, 'roll-' || v || '@recipient.bench', ${stamp}, ${stamp}, 'sent', 1, 'roll-hash-' || v,
      '<roll-' || v || '@pw.bench>', ${stamp}, ${stamp}, 'yearly', 'Europe/Paris', ${wallClock(stampAt)}
    from unnest(${`{${finishedVideos.join(',')}}`}::int[]) as v`);
  const rollStarted = Date.now();
  let taken = 0;
  for (let batch; (batch = await rollOver({ ...deps, publicUrl: PUBLIC_URL }, 1000)) > 0;) taken += batch;
  const rollMs = Date.now() - rollStarted;
  const { rows } = (await deps.db.execute(sql`
    select count(*)::int as n from scheduled_deliveries
    where video_id = any(${`{${finishedVideos.join(',')}}`}::int[]) and status = 'pending'`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  const { rows: jobs } = await deps.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = 'delivery.send' and state = 'created'
       and start_after > now() + interval '300 days'`,
  );
  if (rows[0]!.n !== sizes.rollOver)
    throw new Error(`bench: the roll-over created ${rows[0]!.n} of ${sizes.rollOver} next occurrences`);

  return {
    ...(late
      ? { 'yearly: lateness': 'not measured: the deliveries were stored after they were due' }
      : {
          [`yearly: ${sizes.due} occurrences due within ${sizes.spreadMs / 1000} s, lateness p50`]: `${(percentile(lateness, 50) / 1000).toFixed(2)} s`,
          'yearly: lateness p99': `${(percentile(lateness, 99) / 1000).toFixed(2)} s`,
          'yearly: lateness max': `${(lateness.at(-1)! / 1000).toFixed(2)} s`,
        }),
    'yearly: next occurrences created': nextCreated,
    'yearly: duplicates': duplicates,
    [`roll-over of ${sizes.rollOver} finished occurrences (rows + jobs)`]: `${(rollMs / 1000).toFixed(1)} s`,
    'roll-over: rows taken / next rows created': `${taken} / ${rows[0]!.n}`,
    'send jobs queued a year ahead (both parts)': jobs[0]!.n as number,
  };
}
