/**
 * Real worker processes (ROLE=worker, `src/main.ts` from the run's bundle, test/server-bundle.ts) on the machine's PostgreSQL:
 * PGlite cannot be shared between processes, nor survive SIGKILL. Each test gets a database of its own.
 * What is asserted is what docs/decisions/0040-exactly-once-delivery.md guarantees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../../../platform/config';
import type { CompositionView } from '../../../composition';
import { compose } from '../../../composition';
import { createTestDatabase } from '../../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../../test/smtp';
import { bringDueNow, insertMembership, insertUser, insertVideo } from '../../../../test/delivery-fixtures';
import { notifications } from '../../notifications/notifications.schema';
import { scheduledDeliveries, type DeliveryRow } from '../delivery.schema';
import { deliverySendQueue, deliverySweepQueue } from '../delivery.queue';
import { LIVENESS_NAMESPACE } from '../liveness';
import { waitForQueueIdle } from '../../../../test/jobs';
import { waitUntil } from '../../../../test/wait';
import { serverEntry } from '../../../../test/server-bundle';

const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Setup {
  url: string;
  deps: CompositionView;
  dataDir: string;
  smtp: TestSmtp;
  /** A second server, for a second worker: which process a message came from is known by where it went. */
  smtp2: TestSmtp;
  ownerId: number;
  close(): Promise<void>;
}

async function setUp(): Promise<Setup> {
  // Worker processes need PostgreSQL whether or not the suite runs on it.
  const { database, drop } = await createTestDatabase(baseUrl);
  const url = database.url!;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-proc-'));
  const smtp = await startTestSmtp();
  const smtp2 = await startTestSmtp();
  // This process only schedules (ROLE=api: no workers here).
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    APP_SECRET: 'process-test-secret-of-32-bytes-or-more',
    // One media key for every process (an API or worker process refuses to start without it).
    MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUBLIC_URL: 'http://pw.test',
    ROLE: 'api',
    LOG_LEVEL: 'silent',
  });
  const composition = await compose(config, pino({ level: 'silent' }), { database });
  const deps = composition.deps;
  const ownerId = await insertUser(deps.db, {
    firstName: 'Proc',
    lastName: 'Owner',
    email: 'owner@owner.test',
  });
  // Many deliveries of one owner: a member (docs/product.md §5.5).
  await insertMembership(deps.db, ownerId);
  return {
    url,
    deps,
    dataDir,
    smtp,
    smtp2,
    ownerId,
    async close() {
      await deps.queue.stop({ graceful: false, wait: true });
      deps.mailer.close();
      await smtp.close();
      await smtp2.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

function startWorkerProcess(
  setup: Setup,
  label: string,
  smtp: TestSmtp = setup.smtp,
): ChildProcess & { output: string[] } {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: serverDir,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: setup.url,
      SMTP_URL: smtp.url,
      DATA_DIR: setup.dataDir,
      APP_SECRET: 'process-test-secret-of-32-bytes-or-more',
      // One media key for every process (an API or worker process refuses to start without it).
      MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'http://pw.test',
      ADMIN_EMAIL: 'admin@pw.test',
      ADMIN_PASSWORD: 'Admin-pass-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { output: string[] };
  child.output = [];
  child.stdout!.on('data', (chunk: Buffer) => child.output.push(`[${label}] ${chunk}`));
  child.stderr!.on('data', (chunk: Buffer) => child.output.push(`[${label}] ${chunk}`));
  return child;
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function scheduleBatch(setup: Setup, count: number, dueAt: Date, prefix: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const videoId = await insertVideo(setup.deps.db, setup.ownerId, { title: `${prefix} ${i}` });
    await setup.deps.delivery.schedule({
      timezone: 'UTC',
      videoId,
      ownerId: setup.ownerId,
      recipientEmail: `${prefix}-${i}@recipient.test`,
      dueAt,
    });
    ids.push(videoId);
  }
  return ids;
}

async function rowsOf(setup: Setup, videoIds: number[]) {
  return setup.deps.db
    .select()
    .from(scheduledDeliveries)
    .where(inArray(scheduledDeliveries.videoId, videoIds));
}

/** How many delivery workers are up: each holds its liveness lock from its start (liveness.ts). */
async function workersUp(setup: Setup): Promise<number> {
  const { rows } = await setup.deps.database.executeSql(
    `select count(*)::int as n from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.classid = $1::oid
       and l.database = (select oid from pg_database where datname = current_database())`,
    [LIVENESS_NAMESPACE],
  );
  return Number(rows[0]!.n);
}

/** Copies received per Message-ID, for recipients of this batch only (not the owner's notices). */
function copiesById(smtp: TestSmtp, prefix: string) {
  const copies = new Map<string, number>();
  for (const m of smtp.messages)
    if (m.to.startsWith(`${prefix}-`)) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
  return copies;
}

describe('delivery with real worker processes (PostgreSQL)', () => {
  let setup: Setup;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(async () => {
    for (const child of children) await stopProcess(child, 'SIGKILL');
    await setup?.close();
  });

  it('SIGKILL in the middle of a batch, restart: every message arrives; only in-doubt ones may repeat', async () => {
    const prefix = 'crash';
    const count = 100;
    // A little latency in the server's reply, so the kill lands with messages in flight.
    setup.smtp.setDataDelay(40);
    const videoIds = await scheduleBatch(setup, count, new Date(), prefix);
    const byMessageId = new Map((await rowsOf(setup, videoIds)).map((r) => [r.messageId, r]));

    const first = startWorkerProcess(setup, 'A');
    children.push(first);
    await waitUntil(
      async () => copiesById(setup.smtp, prefix).size >= 30,
      60_000,
      () => `worker A sends some (output: ${first.output.join('')})`,
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const receivedAtKill = copiesById(setup.smtp, prefix).size;
    const atKill = await rowsOf(setup, videoIds);
    const sendingAtKill = new Set(atKill.filter((r) => r.status === 'sending').map((r) => r.messageId));
    const sentAtKill = atKill.filter((r) => r.status === 'sent').length;
    // Let the server finish what was handed to it before the kill (it may still accept those).
    await setup.smtp.settled();
    const acceptedBeforeRestart = new Set(copiesById(setup.smtp, prefix).keys());
    // In doubt: the server accepted it, the row was not yet marked sent when the worker died.
    const inDoubt = [...sendingAtKill].filter((id) => acceptedBeforeRestart.has(id));
    expect(receivedAtKill).toBeLessThan(count);

    setup.smtp.setDataDelay(0);
    const second = startWorkerProcess(setup, 'B');
    children.push(second);
    await waitUntil(
      async () => {
        const rows = await rowsOf(setup, videoIds);
        return rows.every((r) => r.status === 'sent' && r.ownerNotifiedAt !== null);
      },
      90_000,
      () => `all sent after the restart (output: ${second.output.join('')})`,
    );
    // No job left to take, then a graceful stop (it waits for its running batch): nothing more can arrive.
    await waitForQueueIdle(setup.deps.database.executeSql, [deliverySendQueue, deliverySweepQueue], {
      running: false,
    });
    await stopProcess(second);

    const copies = copiesById(setup.smtp, prefix);
    // Nothing lost: every delivery's Message-ID arrived.
    expect(copies.size).toBe(count);
    for (const messageId of byMessageId.keys()) expect(copies.get(messageId)).toBeGreaterThanOrEqual(1);
    // Nothing repeated, except possibly an in-doubt message, and then with the same Message-ID.
    const repeated = [...copies].filter(([, n]) => n > 1).map(([id]) => id);
    for (const id of repeated) {
      expect(inDoubt).toContain(id);
      expect(copies.get(id)).toBe(2);
    }
    // The owner is told once per delivery, crash or not.
    const notes = await setup.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, setup.ownerId));
    const sentNotes = notes.filter((n) => n.kind === 'delivery.sent');
    expect(sentNotes).toHaveLength(count);
    expect(new Set(sentNotes.map((n) => n.data.delivery_id)).size).toBe(count);
    console.info(
      `crash test: ${receivedAtKill}/${count} accepted at SIGKILL, ${sentAtKill} marked sent, ` +
        `${sendingAtKill.size} claimed in flight, ${inDoubt.length} in doubt, ${repeated.length} resent twice`,
    );
  });

  it('two worker processes on one database: each of 200 deliveries arrives exactly once', async () => {
    const prefix = 'pair';
    const count = 200;
    setup.smtp.setDataDelay(5);
    const a = startWorkerProcess(setup, 'A2');
    const b = startWorkerProcess(setup, 'B2');
    children.push(a, b);
    // Due in an hour while the workers start; once both are up, all of them are brought due at once (a
    // fixed lead would race the workers' start-up, and one worker alone would take them all).
    const videoIds = await scheduleBatch(setup, count, new Date(Date.now() + 3600_000), prefix);
    await waitUntil(
      async () => (await workersUp(setup)) === 2,
      60_000,
      () => `both workers up (${a.output.join('')}${b.output.join('')})`,
    );
    await bringDueNow(
      setup.deps,
      (await rowsOf(setup, videoIds)).map((row) => row.id),
    );
    await waitUntil(
      async () => (await rowsOf(setup, videoIds)).every((r) => r.status === 'sent'),
      90_000,
      () => `all sent (output: ${a.output.join('')}${b.output.join('')})`,
    );
    await waitForQueueIdle(setup.deps.database.executeSql, [deliverySendQueue, deliverySweepQueue], {
      running: false,
    });
    await Promise.all([stopProcess(a), stopProcess(b)]);

    const copies = copiesById(setup.smtp, prefix);
    expect(copies.size).toBe(count);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const rows = await rowsOf(setup, videoIds);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Both processes did part of the work.
    const claimers = new Set(rows.map((r) => r.claimedBy));
    expect(claimers.size).toBe(2);
    console.info(
      `two workers: ${[...claimers].map((id) => rows.filter((r) => r.claimedBy === id).length).join(' + ')} deliveries`,
    );
    // Two worker processes started and 200 deliveries: 19 s seen beside two other suites.
  }, 120_000);

  it("SIGKILL of one of two workers while a yearly occurrence is on the wire: each occurrence and the bounced one's second-address copy arrive exactly once; next year is created once", async () => {
    const smtps = [setup.smtp, setup.smtp2] as const;
    const to = 'yearly-x@recipient.test';
    const refused = 'yearly-y@recipient.test';
    const second = 'yearly-y-second@recipient.test';
    for (const smtp of smtps) {
      smtp.setDataDelay(0);
      smtp.setRecipientPolicy((address) => (address === refused ? 550 : undefined));
      // The server keeps the reply to these messages until the test lets go, or the client dies.
      smtp.holdData((recipients) => recipients.includes(to) || recipients.includes(second));
    }
    const workers = [startWorkerProcess(setup, 'Y1', smtps[0]), startWorkerProcess(setup, 'Y2', smtps[1])];
    children.push(...workers);
    const output = () => workers.map((w) => w.output.join('')).join('');
    await waitUntil(
      async () => (await workersUp(setup)) === 2,
      60_000,
      () => `both workers up (${output()})`,
    );

    // Two yearly deliveries due now, in UTC: one to an address that arrives, one refused (550) with a
    // second address.
    const dueAt = new Date();
    const localAt = dueAt.toISOString().slice(0, 19);
    const nextYear = `${dueAt.getUTCFullYear() + 1}-${localAt.slice(5)}.000Z`;
    const [x, y] = [
      await insertVideo(setup.deps.db, setup.ownerId, { title: 'Yearly X' }),
      await insertVideo(setup.deps.db, setup.ownerId, { title: 'Yearly Y' }),
    ] as [number, number];
    for (const [videoId, recipientEmail, fallbackEmail] of [
      [x, to, null],
      [y, refused, second],
    ] as const)
      await setup.deps.delivery.schedule({
        videoId,
        ownerId: setup.ownerId,
        recipientEmail,
        fallbackEmail,
        dueAt,
        timezone: 'UTC',
        localAt,
        repeat: 'yearly',
      });

    // Both messages are on the wire (sent in full, their reply held); the worker sending X dies.
    const heldOn = (smtp: TestSmtp, address: string) =>
      smtp.held().some((message) => message.recipients.includes(address));
    await waitUntil(
      async () => smtps.some((smtp) => heldOn(smtp, to)) && smtps.some((smtp) => heldOn(smtp, second)),
      60_000,
      () => `X and Y's copy on the wire (${output()})`,
    );
    const victim = smtps.findIndex((smtp) => heldOn(smtp, to));
    const secondWasOnVictim = heldOn(smtps[victim]!, second);
    const [firstX] = await rowsOf(setup, [x]);
    expect(firstX).toMatchObject({ status: 'sending', attempts: 1 });
    await stopProcess(workers[victim]!, 'SIGKILL');
    // Its messages were never answered: the server drops them as their connections close.
    await smtps[victim]!.settled();
    expect(smtps[victim]!.dropped.map((message) => message.messageId)).toContain(firstX!.messageId);
    for (const smtp of smtps) {
      smtp.holdData(null);
      smtp.releaseHeld();
    }

    // The survivor finds the dead worker's claims (its liveness lock is gone) and sends them again.
    const survivor = workers[1 - victim]!;
    const done = async () => {
      const rows = (await rowsOf(setup, [x, y])).sort((a, b) => a.id - b.id);
      const ofX = rows.filter((r) => r.videoId === x);
      const ofY = rows.filter((r) => r.videoId === y);
      return (
        ofX.map((r) => r.status).join() === 'sent,pending' &&
        ofY.map((r) => r.status).join() === 'bounced,sent,pending' &&
        rows.every((r) => r.status === 'pending' || r.ownerNotifiedAt !== null)
      );
    };
    await waitUntil(done, 90_000, () => `both occurrences done (${survivor.output.join('')})`);
    await waitForQueueIdle(setup.deps.database.executeSql, [deliverySendQueue, deliverySweepQueue], {
      running: false,
    });
    await stopProcess(survivor);

    const rows = (await rowsOf(setup, [x, y])).sort((a, b) => a.id - b.id);
    const [x1, x2] = rows.filter((r) => r.videoId === x) as [DeliveryRow, DeliveryRow];
    const [y1, copy, y2] = rows.filter((r) => r.videoId === y) as [DeliveryRow, DeliveryRow, DeliveryRow];
    expect(rows).toHaveLength(5);
    // Every message exactly once, on either server, under its own Message-ID.
    const accepted = (messageId: string) =>
      smtps.flatMap((smtp) => smtp.messages).filter((m) => m.messageId === messageId);
    expect(accepted(x1.messageId)).toHaveLength(1);
    expect(accepted(x1.messageId)[0]!.to).toBe(to);
    expect(x1.attempts).toBe(2); // the dead worker's claim, then the survivor's
    expect(y1.status).toBe('bounced');
    expect(accepted(y1.messageId)).toHaveLength(0);
    expect(copy).toMatchObject({ fallbackOf: y1.id, recipientEmail: second, status: 'sent' });
    expect(accepted(copy.messageId)).toHaveLength(1);
    expect(copy.attempts).toBe(secondWasOnVictim ? 2 : 1);
    // Next year's occurrences: one each, created by the roll-over after the occurrence (copy included) ended.
    for (const [finished, next, recipient] of [
      [x1, x2, to],
      [y1, y2, refused],
    ] as const) {
      expect(finished.rolledOverAt).not.toBeNull();
      expect(next).toMatchObject({
        status: 'pending',
        repeat: 'yearly',
        recipientEmail: recipient,
        attempts: 0,
      });
      expect(next.dueAt.toISOString()).toBe(nextYear);
      const jobs = await setup.deps.database.executeSql(
        `select state from pgboss.job where name = $1 and singleton_key = $2`,
        [deliverySendQueue.name, `${next.id}:send`],
      );
      expect(jobs.rows).toEqual([{ state: 'created' }]);
    }
    expect(y2.fallbackEmail).toBe(second);
    // The owner is told once per outcome.
    const notes = (
      await setup.deps.db.select().from(notifications).where(eq(notifications.userId, setup.ownerId))
    ).filter((n) => [x1.id, y1.id, copy.id].includes(Number(n.data.delivery_id)));
    const told = notes.map((n) => `${n.kind}:${n.data.delivery_id}`).sort();
    expect(new Set(told).size).toBe(told.length);
    expect(told).toContain(`delivery.sent:${x1.id}`);
    expect(told).toContain(`delivery.bounced:${y1.id}`);
    console.info(
      `yearly crash test: worker ${victim + 1} killed with X on the wire` +
        `${secondWasOnVictim ? ' and the second-address copy' : ''}; notices: ${told.join(', ')}`,
    );
  });
}, 240_000);
