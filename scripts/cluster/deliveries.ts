/**
 * Deliveries due in the same minute while a worker dies: the batch is scheduled by an in-process
 * composition on the cluster's database (as an API process would, without a thousand HTTP calls), made
 * due at one instant, and a worker is SIGKILLed at that instant and restarted 20 s later. Every recipient
 * must get one e-mail; a second copy is only allowed for a message in doubt (accepted by the SMTP server
 * while its worker died before recording it), and those are counted apart.
 */
import { inArray } from 'drizzle-orm';
import { insertMembership, insertUser, insertVideo } from '../../apps/server/test/delivery-fixtures';
import { scheduledDeliveries } from '../../apps/server/src/modules/delivery/delivery.schema';
import type { Cluster } from './run';
import { waitFor } from './processes';
import { withComposition } from './composition';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export function deliveriesWithAWorkerDown(cluster: Cluster, count: number, figures: string[]) {
  return withComposition(cluster, 'scheduler', async (deps) => {
    const ownerId = await insertUser(deps.db, {
      firstName: 'Burst',
      lastName: 'Owner',
      email: 'burst@owner.test',
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
        recipientEmail: `burst-${i}@recipient.test`,
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
    await sleep(dueAt.getTime() - Date.now());
    await cluster.workers[0]!.proc.kill('SIGKILL');
    const rowsAtKill = await deps.db
      .select()
      .from(scheduledDeliveries)
      .where(inArray(scheduledDeliveries.videoId, videoIds));
    const sendingAtKill = new Set(rowsAtKill.filter((r) => r.status === 'sending').map((r) => r.messageId));
    await sleep(20_000);
    await cluster.startWorker(0);
    await waitFor(
      async () => {
        const rows = await deps.db
          .select({ status: scheduledDeliveries.status })
          .from(scheduledDeliveries)
          .where(inArray(scheduledDeliveries.videoId, videoIds));
        return rows.every((r) => r.status === 'sent');
      },
      180_000,
      'every delivery sent',
      500,
    );
    await sleep(1000);
    const rows = await deps.db
      .select()
      .from(scheduledDeliveries)
      .where(inArray(scheduledDeliveries.videoId, videoIds));
    const ours = new Set(rows.map((r) => r.messageId));
    const copies = new Map<string, number>();
    const firstAccepted = new Map<string, number>();
    for (const mail of cluster.smtp.messages) {
      if (!ours.has(mail.messageId)) continue;
      copies.set(mail.messageId, (copies.get(mail.messageId) ?? 0) + 1);
      if (!firstAccepted.has(mail.messageId)) firstAccepted.set(mail.messageId, mail.acceptedAt);
    }
    const missing = rows.filter((r) => !copies.has(r.messageId)).length;
    const repeated = [...copies].filter(([, n]) => n > 1).map(([id]) => id);
    const inDoubt = repeated.filter((id) => sendingAtKill.has(id));
    const lateness = [...firstAccepted.values()]
      .map((at) => (at - dueAt.getTime()) / 1000)
      .sort((a, b) => a - b);
    figures.push(
      `deliveries: ${count} due at once, worker killed at the due instant and restarted 20 s later: ` +
        `${missing} missing, ${repeated.length - inDoubt.length} duplicated outside the in-doubt window, ` +
        `${inDoubt.length} in-doubt duplicates; lateness p50 ${percentile(lateness, 50).toFixed(1)} s, ` +
        `p99 ${percentile(lateness, 99).toFixed(1)} s`,
    );
    if (missing > 0) throw new Error(`${missing} recipients got nothing`);
    if (repeated.length > inDoubt.length)
      throw new Error(
        `${repeated.length - inDoubt.length} recipients got a second copy outside the in-doubt window`,
      );
  });
}
