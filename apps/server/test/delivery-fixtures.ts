import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/platform/db';
import { LIVENESS_NAMESPACE } from '../src/modules/delivery/liveness';
import type { Db } from '../src/platform/db';
import { users, type AccountType } from '../src/modules/accounts/accounts.schema';
import { videos, type VideoFolder, type VideoState } from '../src/modules/videos/videos.schema';
import { plans } from '../src/modules/plans/plans.schema';
import { payments, subscriptions } from '../src/modules/payments/payments.schema';
import { scheduledDeliveries, type DeliveryRow } from '../src/modules/delivery/delivery.schema';
import { deliverySendQueue, deliverySweepQueue } from '../src/modules/delivery/delivery.queue';
import { QUEUE_SCHEMA, type PgBoss } from '../src/platform/queue';
import { wakeWorkers } from '../src/platform/jobs';
import { runDutyOnce, waitForQueueIdle } from './jobs';
import { routeUrl, videoRoutes } from '@pw/contracts';
import { bearer, type SignedIn } from '../src/modules/accounts/accounts.fixtures';
import type { TestContext } from './helpers';

/** An account inserted directly (no sign-up code needed); returns its id. */
export async function insertUser(
  db: Db,
  input: { type?: AccountType; firstName?: string; lastName?: string; email?: string; status?: number } = {},
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      type: input.type ?? 'user',
      email: input.email ?? `u-${randomBytes(5).toString('hex')}@example.test`,
      passwordHash: 'not-a-real-hash',
      firstName: input.firstName ?? 'Ada',
      lastName: input.lastName ?? 'Lovelace',
      status: input.status ?? 1,
    })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A life-time membership written directly (no card): its owner may schedule any number of deliveries
 * (docs/product.md §5.5), as tests of many deliveries of one owner need.
 */
export async function insertMembership(db: Db, ownerId: number): Promise<void> {
  const [plan] = await db.select().from(plans).where(eq(plans.title, 'Life-time Membership'));
  const now = new Date(0);
  const [payment] = await db
    .insert(payments)
    .values({
      accountId: ownerId,
      planId: plan!.id,
      amountCents: plan!.priceCents,
      currency: 'USD',
      provider: 'sandbox',
      providerReference: `sbx_ch_fixture_${ownerId}`,
      brand: 'visa',
      last4: '4242',
      status: 'succeeded',
      idempotencyKey: `fixture:${ownerId}`,
      purpose: `plan:${plan!.id}`,
      createdAt: now,
    })
    .returning({ id: payments.id });
  await db.insert(subscriptions).values({
    accountId: ownerId,
    planId: plan!.id,
    paymentId: payment!.id,
    kind: 'membership',
    startsAt: now,
    expiresAt: null,
    autoRenew: false,
    status: 'active',
  });
}

export async function setUserStatus(db: Db, userId: number, status: number) {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}

/** A video row as the video module leaves it once processed (ready, with media keys). */
export async function insertVideo(
  db: Db,
  ownerId: number,
  input: { title?: string; description?: string; folder?: VideoFolder; state?: VideoState } = {},
): Promise<number> {
  const key = randomBytes(6).toString('hex');
  const [row] = await db
    .insert(videos)
    .values({
      ownerId,
      title: input.title ?? 'For my daughter',
      description: input.description ?? 'Open this on your wedding day.',
      folder: input.folder ?? 'scheduled',
      state: input.state ?? 'ready',
      mediaKey: `videos/${key}.mp4`,
      thumbnailKey: `thumbnails/${key}.jpg`,
      durationMs: 42_000,
      searchCode: key,
    })
    .returning({ id: videos.id });
  return row!.id;
}

/**
 * Holds delivery-worker liveness locks for the given ids, as live workers do (on PostgreSQL on a
 * connection of its own: session locks belong to one connection, not to a pool).
 */
export async function holdLivenessIds(database: Database, ids: number[]): Promise<() => Promise<void>> {
  const lock = 'select pg_advisory_lock($1::int, $2::int)';
  if (database.kind === 'postgres' && database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const id of ids) await client.query(lock, [LIVENESS_NAMESPACE, id]);
    return () => client.end();
  }
  for (const id of ids) await database.executeSql(lock, [LIVENESS_NAMESPACE, id]);
  return async () => {
    for (const id of ids)
      await database.executeSql('select pg_advisory_unlock($1::int, $2::int)', [LIVENESS_NAMESPACE, id]);
  };
}

/** A video's deliveries, oldest first. */
export const deliveriesOf = (db: Db, videoId: number): Promise<DeliveryRow[]> =>
  db
    .select()
    .from(scheduledDeliveries)
    .where(eq(scheduledDeliveries.videoId, videoId))
    .orderBy(scheduledDeliveries.id);

/** A video's deliveries once `done` holds for the latest one, or as they are when the time is up. */
export async function waitForDeliveries(
  db: Db,
  videoId: number,
  done: (latest: DeliveryRow) => boolean,
  timeoutMs = 10_000,
): Promise<DeliveryRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await deliveriesOf(db, videoId);
    if ((rows.length && done(rows.at(-1)!)) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Nothing more is on its way: every send due by `dueBy` (default now) has run, then one more sweep has
 * run and what it sent has run too. A test that checks "no (second) mail" calls this first, so a copy a
 * later worker run or sweep would send is sent before the count is taken.
 */
export async function deliveriesSettled(
  deps: { queue: PgBoss; database: Pick<Database, 'executeSql'> },
  dueBy = new Date(),
): Promise<void> {
  const { executeSql } = deps.database;
  await waitForQueueIdle(executeSql, deliverySendQueue, { dueBy });
  await runDutyOnce(deps.queue, executeSql, deliverySweepQueue);
  await waitForQueueIdle(executeSql, deliverySendQueue);
}

/**
 * The moment of the given deliveries arrives now: their rows (those still there) and their queued send
 * jobs (a deleted row's job included) become due at once, and the send loop is woken. A test schedules
 * far ahead, does what must happen first (a deletion, a cancellation), then calls this, instead of
 * scheduling "in a few seconds" and hoping its set-up is quicker than the real clock. Whether a send is
 * due is decided by the database's clock (pg-boss's start_after, the row's next_attempt_at), which the
 * app's clock does not move.
 */
export async function bringDueNow(
  deps: { queue: PgBoss; database: Pick<Database, 'executeSql'> },
  deliveryIds: number[],
  options: { wake?: boolean } = {},
): Promise<void> {
  const { executeSql } = deps.database;
  await executeSql(
    `update scheduled_deliveries set due_at = least(due_at, now()), next_attempt_at = least(next_attempt_at, now())
      where id = any($1::int[])`,
    [deliveryIds],
  );
  await executeSql(
    `update ${QUEUE_SCHEMA}.job set start_after = now()
      where name = $1 and state::text in ('created', 'retry') and singleton_key = any($2::text[])`,
    [deliverySendQueue.name, deliveryIds.map((id) => `${id}:send`)],
  );
  // `wake: false` leaves it to the send loop's own polling (a test of that polling).
  if (options.wake !== false) wakeWorkers(deps.queue, deliverySendQueue);
}

let scheduledSeq = 0;

/**
 * Schedules a video through the video API (the update-type call), each time to a new address with
 * `prefix`, on 12 March 2030 at 09:00 in London unless `fields` say otherwise.
 */
export const scheduleThroughApi = (
  ctx: TestContext,
  who: SignedIn,
  id: number,
  fields: Record<string, unknown> = {},
  prefix = 'kin',
) =>
  ctx.app.inject({
    method: 'POST',
    url: routeUrl(videoRoutes.updateType, { id }),
    headers: bearer(who.token),
    payload: {
      type: 'scheduled',
      email: `${prefix}-${++scheduledSeq}@recipient.test`,
      share_at_date: '2030-03-12',
      share_at_time: '09:00',
      timezone: 'Europe/London',
      ...fields,
    },
  });
