/**
 * Scheduled delivery: 1,000 deliveries due at the same instant with SMTP on loopback (an smtp-server
 * started here, in a child process like a real mail server), and the lateness of a single delivery on
 * an idle system. Lateness = the SMTP server's
 * acceptance minus the due instant. Runs on PGlite (the embedded default) or, with DATABASE_URL, on a
 * fresh PostgreSQL database of its own. Workers run in this process with their production defaults.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config';
import { compose } from '../../apps/server/src/composition';
import { startWorkers } from '../../apps/server/src/composition';
import { videos } from '../../apps/server/src/modules/videos/videos.schema';
import { createTestDatabase } from '../../apps/server/test/helpers';
import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { insertMembership, insertUser } from '../../apps/server/test/delivery-fixtures';
import { LIVENESS_NAMESPACE } from '../../apps/server/src/modules/delivery';
import type { BenchOptions } from './options';
import { runYearly } from './delivery-repeat';

// The burst is scheduled in the lead before its due instant: two minutes (BENCH_DELIVERY_LEAD_S) leave
// room for 1,000 schedule() calls on a busy machine.
const FULL = { burst: 1000, idleRuns: 5, leadMs: Number(process.env.BENCH_DELIVERY_LEAD_S ?? 120) * 1000 };
/** `--quick`: proves the bench runs (a burst of 20, one idle delivery); its figures are not reported. */
const QUICK = { burst: 20, idleRuns: 1, leadMs: 3_000 };

interface Accepted {
  to: string;
  messageId: string;
  acceptedAt: number;
}

/** The SMTP sink in a child process (smtp-sink.ts); `messages` is refreshed by `poll()`. */
async function startSink() {
  const child = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'listening') resolve(m.port!);
    });
  });
  const messages: Accepted[] = [];
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    poll: () =>
      new Promise<void>((resolve) => {
        const onMessage = (m: { type: string; records?: Accepted[] }) => {
          if (m.type !== 'accepted') return;
          child.off('message', onMessage);
          messages.push(...m.records!);
          resolve();
        };
        child.on('message', onMessage);
        child.send({ type: 'get', from: messages.length });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

let pollSink: () => Promise<void> = async () => undefined;

/** Worker processes as in production (`ROLE=worker`), ready once each holds its liveness lock. */
async function startWorkerProcesses(
  count: number,
  databaseUrl: string,
  smtpUrl: string,
  dataDir: string,
  deps: Awaited<ReturnType<typeof compose>>['deps'],
): Promise<() => Promise<void>> {
  const serverDir = fileURLToPath(new URL('../../apps/server', import.meta.url));
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtpUrl,
        DATA_DIR: dataDir,
        APP_SECRET: 'bench-app-secret-of-32-bytes-or-more',
        // One media key for every process (an API or worker process refuses to start without it).
        MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
        PUBLIC_URL: 'http://pw.bench',
        ADMIN_EMAIL: 'admin@pw.bench',
        ADMIN_PASSWORD: 'Bench-admin-123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  for (let waited = 0; ; waited += 200) {
    const { rows } = await deps.database.executeSql(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1::oid and granted`,
      [LIVENESS_NAMESPACE],
    );
    if ((rows[0]!.n as number) >= count) break;
    if (waited > 60_000) throw new Error('bench: worker processes did not start');
    await sleep(200);
  }
  return async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await pollSink();
    if (check()) return;
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await sleep(25);
  }
}

export async function run({ quick }: BenchOptions): Promise<Record<string, string | number>> {
  const { burst: BURST, idleRuns: IDLE_RUNS, leadMs: LEAD_MS } = quick ? QUICK : FULL;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-delivery-'));
  const smtp = await startSink();
  pollSink = smtp.poll;
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    APP_SECRET: 'bench-app-secret-of-32-bytes-or-more',
    // One media key for every process (an API or worker process refuses to start without it).
    MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUBLIC_URL: 'http://pw.bench',
    LOG_LEVEL: 'silent',
  });
  const composition = await compose(config, pino({ level: 'silent' }), { database });
  const deps = composition.deps;
  // BENCH_DELIVERY_WORKERS=n (PostgreSQL only): n worker processes (ROLE=worker) instead of workers in
  // this process — the scale-out setup. BENCH_DELIVERY_OPTIONS (JSON) tries other settings in-process,
  // e.g. '{"sendConcurrency":12}'.
  const processes = database.url ? Number(process.env.BENCH_DELIVERY_WORKERS ?? 0) : 0;
  const stopWorkers = processes
    ? await startWorkerProcesses(processes, database.url!, smtp.url, dataDir, deps)
    : await startWorkers(composition, {
        delivery: process.env.BENCH_DELIVERY_OPTIONS ? JSON.parse(process.env.BENCH_DELIVERY_OPTIONS) : {},
      });
  try {
    const ownerId = await insertUser(deps.db, {
      firstName: 'Bench',
      lastName: 'Owner',
      email: 'owner@owner.bench',
    });
    // Without a membership an owner may hold one pending delivery: the bench's owner is a member, as a
    // person scheduling many deliveries is.
    await insertMembership(deps.db, ownerId);
    // BENCH_DELIVERY_YEARLY_ONLY=1: the yearly part alone (delivery-repeat.ts), without the burst before it.
    if (process.env.BENCH_DELIVERY_YEARLY_ONLY)
      return {
        database: database.kind,
        ...(await runYearly(deps, { quick, ownerId, secret: deps.secret, messages: smtp.messages, waitFor })),
      };
    const videoRows = await deps.db
      .insert(videos)
      .values(
        Array.from({ length: BURST + IDLE_RUNS }, (_, i) => ({
          ownerId,
          title: `Message ${i}`,
          description: 'A message for later.',
          folder: 'scheduled' as const,
          state: 'ready' as const,
          mediaKey: `videos/bench-${i}.mp4`,
          thumbnailKey: `thumbnails/bench-${i}.jpg`,
          durationMs: 30_000,
          searchCode: `bench-${i}`,
        })),
      )
      .returning({ id: videos.id });
    const videoIds = videoRows.map((r) => r.id);
    const to = (label: string, i: number) => `${label}-${i}@recipient.bench`;
    const arrived = (address: string): Accepted | undefined => smtp.messages.find((m) => m.to === address);

    // Idle: one delivery at a time.
    const idle: number[] = [];
    for (let i = 0; i < IDLE_RUNS; i++) {
      const dueAt = new Date(Date.now() + 1500);
      const address = to('idle', i);
      await deps.delivery.schedule({
        timezone: 'UTC',
        videoId: videoIds[BURST + i]!,
        ownerId,
        recipientEmail: address,
        dueAt,
      });
      await waitFor(() => arrived(address) !== undefined, 30_000, 'an idle delivery');
      idle.push(arrived(address)!.acceptedAt - dueAt.getTime());
      await sleep(700);
    }

    // Burst: 1,000 due at the same instant, scheduled in the minute before it.
    const dueAt = new Date(Date.now() + LEAD_MS);
    const scheduleStarted = Date.now();
    for (let i = 0; i < BURST; i++)
      await deps.delivery.schedule({
        timezone: 'UTC',
        videoId: videoIds[i]!,
        ownerId,
        recipientEmail: to('burst', i),
        dueAt,
      });
    const scheduleMs = Date.now() - scheduleStarted;
    // Calls still running at the due instant make the lateness figures wrong, so a measured run stops. A
    // quick run's figures are not read, and what it checks (every delivery sent, and once) holds however
    // long the calls took on a busy machine: it says so and goes on.
    const overran = Date.now() > dueAt.getTime();
    if (overran && !quick)
      throw new Error(
        `bench: scheduling took ${(scheduleMs / 1000).toFixed(0)} s, longer than the lead time (BENCH_DELIVERY_LEAD_S)`,
      );
    const burstMail = () => smtp.messages.filter((m) => m.to.startsWith('burst-'));
    // Counting only what arrived since the last look keeps this loop cheap while the burst runs.
    let seen = 0;
    let burstCount = 0;
    await waitFor(
      () => {
        for (; seen < smtp.messages.length; seen++)
          if (smtp.messages[seen]!.to.startsWith('burst-')) burstCount++;
        return burstCount >= BURST;
      },
      300_000,
      'the burst',
    );
    const lateness = burstMail()
      .map((m) => m.acceptedAt - dueAt.getTime())
      .sort((a, b) => a - b);
    const lastMs = lateness.at(-1)!;
    const firstMs = lateness[0]!;
    const copies = new Map<string, number>();
    for (const m of burstMail()) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
    idle.sort((a, b) => a - b);
    const duplicates = [...copies.values()].filter((n) => n > 1).length;
    // A duplicate is a wrong answer, not a slow one: the quick run in `npm test` fails on it.
    if (duplicates > 0) throw new Error(`bench: ${duplicates} burst deliveries were sent more than once`);
    const yearly = await runYearly(deps, {
      quick,
      ownerId,
      secret: deps.secret,
      messages: smtp.messages,
      waitFor,
    });
    // Let the owner's notification e-mails drain a little before stopping.
    await sleep(1500);
    await smtp.poll();
    return {
      ...yearly,
      database: database.kind,
      workers: processes ? `${processes} worker processes` : 'in this process (ROLE=all)',
      'burst deliveries': BURST,
      [`burst scheduling (${BURST} schedule() calls)`]: `${(scheduleMs / 1000).toFixed(1)} s`,
      ...(overran
        ? { 'burst lateness': 'not measured: scheduling outlasted the lead time' }
        : {
            'burst lateness p50': `${(percentile(lateness, 50) / 1000).toFixed(2)} s`,
            'burst lateness p99': `${(percentile(lateness, 99) / 1000).toFixed(2)} s`,
            'burst lateness max': `${(lastMs / 1000).toFixed(2)} s`,
            'burst first message after due': `${(firstMs / 1000).toFixed(2)} s`,
          }),
      'burst messages per second': Math.round((BURST / Math.max(1, lastMs - firstMs)) * 1000),
      'burst duplicates': duplicates,
      [`idle lateness median (${IDLE_RUNS} runs)`]: `${(percentile(idle, 50) / 1000).toFixed(2)} s`,
      [`idle lateness max (${IDLE_RUNS} runs)`]: `${(idle.at(-1)! / 1000).toFixed(2)} s`,
      'owner notification e-mails received': smtp.messages.filter((m) => m.to === 'owner@owner.bench').length,
    };
  } finally {
    await stopWorkers();
    await deps.queue.stop({ graceful: false, wait: true });
    deps.mailer.close();
    await drop();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
