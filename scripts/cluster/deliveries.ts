/**
 * Deliveries due in the same minute: the batch is scheduled by an in-process composition on the
 * cluster's database (as an API process would, without a thousand HTTP calls) and made due at one
 * instant. First with both workers up (the lateness everyone gets), then with a worker SIGKILLed at
 * that instant and restarted 20 s later. Every recipient must get one e-mail; a second copy is only
 * allowed for a message in doubt (accepted by the SMTP server while its worker died before recording
 * it), and those are counted apart.
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { insertMembership, insertUser, insertVideo } from '../../apps/server/test/delivery-fixtures';
import { scheduledDeliveries } from '../../apps/server/src/modules/delivery/delivery.schema';
import type { Cluster } from './cluster';
import { waitFor } from './processes';
import { withComposition } from './composition';

type Deps = Parameters<Parameters<typeof withComposition>[2]>[0];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** `count` deliveries of one owner, all due at one instant a few seconds ahead. */
async function scheduleBurst(cluster: Cluster, deps: Deps, count: number) {
  const tag = randomBytes(3).toString('hex');
  const ownerId = await insertUser(deps.db, {
    firstName: 'Burst',
    lastName: 'Owner',
    email: `burst-${tag}@owner.test`,
  });
  await insertMembership(deps.db, ownerId);
  const videoIds: number[] = [];
  const parked = new Date(Date.now() + 60 * 60_000);
  for (let i = 0; i < count; i += 1) {
    const videoId = await insertVideo(deps.db, ownerId, { title: `Burst ${i}` });
    await deps.delivery.schedule({
      timezone: 'UTC',
      videoId,
      ownerId,
      recipientEmail: `burst-${tag}-${i}@recipient.test`,
      dueAt: parked,
    });
    videoIds.push(videoId);
  }
  // All due at one instant, a few seconds ahead (scheduling a thousand takes longer than a minute's
  // margin would allow): the rows and their queued send checks together.
  const dueAt = new Date(Date.now() + 5000);
  await cluster.query(
    `update scheduled_deliveries set due_at = $1, next_attempt_at = $1 where video_id = any($2::int[])`,
    [dueAt, videoIds],
  );
  await cluster.query(
    `update pgboss.job set start_after = $1 where name = 'delivery.send' and state = 'created'`,
    [dueAt],
  );
  const rows = () =>
    deps.db.select().from(scheduledDeliveries).where(inArray(scheduledDeliveries.videoId, videoIds));
  return { dueAt, rows };
}

/** Waits for every row sent, then counts the SMTP server's copies of each and their lateness. */
async function outcome(cluster: Cluster, burst: Awaited<ReturnType<typeof scheduleBurst>>) {
  await waitFor(
    async () => (await burst.rows()).every((r) => r.status === 'sent'),
    180_000,
    'every delivery sent',
    500,
  );
  await sleep(1000);
  const rows = await burst.rows();
  const ours = new Set(rows.map((r) => r.messageId));
  const copies = new Map<string, number>();
  const firstAccepted = new Map<string, number>();
  for (const mail of cluster.smtp.messages) {
    if (!ours.has(mail.messageId)) continue;
    copies.set(mail.messageId, (copies.get(mail.messageId) ?? 0) + 1);
    if (!firstAccepted.has(mail.messageId)) firstAccepted.set(mail.messageId, mail.acceptedAt);
  }
  const lateness = [...firstAccepted.values()]
    .map((at) => (at - burst.dueAt.getTime()) / 1000)
    .sort((a, b) => a - b);
  return {
    missing: rows.filter((r) => !copies.has(r.messageId)).length,
    repeated: [...copies].filter(([, n]) => n > 1).map(([id]) => id),
    late: (p: number) => percentile(lateness, p).toFixed(1),
  };
}

export function deliveriesOnTwoWorkers(cluster: Cluster, count: number, figures: string[]) {
  return withComposition(cluster, 'scheduler', async (deps) => {
    const burst = await scheduleBurst(cluster, deps, count);
    const result = await outcome(cluster, burst);
    figures.push(
      `deliveries: ${count} due at once on two workers: ${result.missing} missing, ${result.repeated.length} ` +
        `duplicated; lateness p50 ${result.late(50)} s, p99 ${result.late(99)} s, max ${result.late(100)} s`,
    );
    if (result.missing > 0) throw new Error(`${result.missing} recipients got nothing`);
    if (result.repeated.length > 0) throw new Error(`${result.repeated.length} recipients got two copies`);
  });
}

export function deliveriesWithAWorkerDown(cluster: Cluster, count: number, figures: string[]) {
  return withComposition(cluster, 'scheduler', async (deps) => {
    const burst = await scheduleBurst(cluster, deps, count);
    await sleep(burst.dueAt.getTime() - Date.now());
    await cluster.workers[0]!.proc.kill('SIGKILL');
    const rowsAtKill = await burst.rows();
    const sendingAtKill = new Set(rowsAtKill.filter((r) => r.status === 'sending').map((r) => r.messageId));
    await sleep(20_000);
    await cluster.startWorker(0);
    const result = await outcome(cluster, burst);
    const inDoubt = result.repeated.filter((id) => sendingAtKill.has(id));
    const outside = result.repeated.length - inDoubt.length;
    figures.push(
      `deliveries: ${count} due at once, worker killed at the due instant and restarted 20 s later: ` +
        `${result.missing} missing, ${outside} duplicated outside the in-doubt window, ` +
        `${inDoubt.length} in-doubt duplicates; lateness p50 ${result.late(50)} s, p99 ${result.late(99)} s, ` +
        `max ${result.late(100)} s (the killed worker's held ones)`,
    );
    if (result.missing > 0) throw new Error(`${result.missing} recipients got nothing`);
    if (outside > 0) throw new Error(`${outside} recipients got a second copy outside the in-doubt window`);
  });
}
