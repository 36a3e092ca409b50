/**
 * A crash (SIGKILL of the worker) around the end of the period: released once, e-mails once (docs/product.md §6.6).
 * Real worker processes (ROLE=worker, `src/main.ts` from the run's bundle, test/server-bundle.ts) on the machine's PostgreSQL, as
 * delivery.processes.test.ts: PGlite cannot be shared between processes nor survive SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyRoutes, routeUrl } from '@pw/contracts';
import { buildApp } from '../../app';
import { compose, type Composition } from '../../composition';
import { loadConfig } from '../../platform/config';
import { createTestDatabase, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { insertVideo } from '../../../test/delivery-fixtures';
import { signUpUser } from '../accounts/accounts.fixtures';
import { watchGrants } from '../delivery/delivery.schema';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { videos } from '../videos/videos.schema';
import { legacyContacts, legacyReports } from './legacy.schema';
import { legacyToken } from './legacy.tokens';
import { waitUntil } from '../../../test/wait';
import { waitForQueueIdle } from '../../../test/jobs';
import { legacyMailQueue, legacyReleaseQueue, legacySweepQueue } from './legacy.queue';
import { serverEntry } from '../../../test/server-bundle';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'legacy-process-secret-of-32-bytes-or-more';

describe('the release job with real worker processes (PostgreSQL)', () => {
  let composition: Composition;
  let ctx: TestContext;
  let smtp: TestSmtp;
  let dataDir: string;
  let url: string;
  let drop: () => Promise<void>;
  const children: ChildProcess[] = [];

  function startWorker(label: string) {
    const child = spawn(process.execPath, serverEntry(), {
      cwd: serverDir,
      env: {
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        APP_SECRET: SECRET,
        // One media key for every process (an API or worker process refuses to start without it).
        MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
        PUBLIC_URL: 'http://pw.test',
        LEGACY_WAIT_UNIT: 'minute',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(`[${label}] ${chunk}`));
    child.stderr.on('data', (chunk: Buffer) => output.push(`[${label}] ${chunk}`));
    children.push(child);
    return child;
  }

  const kill = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  /** Whether a job of `queue` has reached one of `states` (pgboss.job). */
  const jobIn = async (queue: string, states: string[]) =>
    Number(
      (
        await composition.deps.database.executeSql(
          `select count(*)::int as n from pgboss.job where name = $1 and state::text = any($2::text[])`,
          [queue, states],
        )
      ).rows[0]!.n,
    ) > 0;

  beforeAll(async () => {
    const created = await createTestDatabase(baseUrl);
    url = created.database.url!;
    drop = created.drop;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-legacy-proc-'));
    smtp = await startTestSmtp();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      APP_SECRET: SECRET,
      // One media key for every process (an API or worker process refuses to start without it).
      MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'http://pw.test',
      LEGACY_WAIT_UNIT: 'minute',
      ROLE: 'api',
      LOG_LEVEL: 'silent',
    });
    composition = await compose(config, pino({ level: 'silent' }), { database: created.database });
    const app = await buildApp(composition);
    await app.ready();
    ctx = { app, deps: composition.deps } as TestContext;
  });
  afterAll(async () => {
    for (const child of children) await kill(child);
    await ctx?.app.close();
    await composition?.deps.queue.stop({ graceful: false, wait: true });
    composition?.deps.mailer.close();
    await smtp?.close();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL of the worker at the end of the period, restart: released once, the contact e-mailed once', async () => {
    const db = composition.deps.db;
    const owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const videoId = await insertVideo(db, owner.id, { folder: 'final', title: 'Crash-proof words' });
    await db.update(videos).set({ accessCode: 'CRASHPRF2345' }).where(eq(videos.id, videoId));
    const saved = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: {
        contacts: [{ name: 'Kim', email: 'kim@crash.test' }],
        waiting_period_days: 1,
        check_in_months: 0,
        available_at_once: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    const [contact] = await db.select().from(legacyContacts).where(eq(legacyContacts.ownerId, owner.id));
    const roleToken = legacyToken(SECRET, 'contact', contact!.tokenNonce);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: routeUrl(legacyRoutes.confirmContact, { token: roleToken }),
        })
      ).statusCode,
    ).toBe(200);
    const holder = await signUpUser(ctx);
    const report = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByCode, { code: 'CRASHPRF2345' }),
      headers: { authorization: `Bearer ${holder.token}` },
      payload: { relation: 'Friend' },
    });
    expect(report.statusCode).toBe(200);

    const first = startWorker('A');
    // Its start (tsx) and first sweep, which it runs as it starts.
    await waitUntil(() => jobIn(legacySweepQueue.name, ['completed']), 60_000, 'worker A’s first sweep');
    // The period ends in 1.5 s instead of a minute: the report and its job move together.
    await db.execute(sql`update legacy_reports set release_at = now() + interval '1.5 seconds'`);
    await db.execute(
      sql`update pgboss.job set start_after = now() + interval '1.5 seconds' where name = 'legacy.release' and state = 'created'`,
    );
    // The crash lands once worker A has taken the release job: while it releases, or just after.
    await waitUntil(
      () => jobIn(legacyReleaseQueue.name, ['active', 'completed']),
      30_000,
      'worker A takes the release job',
      20,
    );
    await kill(first);
    const second = startWorker('B');
    const releaseMails = () =>
      smtp.messages.filter((m) => m.to === 'kim@crash.test' && /final message/.test(m.subject));
    await waitUntil(async () => releaseMails().length > 0, 150_000, 'the contact’s release e-mail');
    // A duplicate would come from a job still waiting (a retry, a re-sent job) or one worker B is
    // running: none is left to take, the server has answered what it was handed, and B stops gracefully
    // (it waits for its running jobs) before the count.
    await waitForQueueIdle(composition.deps.database.executeSql, [legacyReleaseQueue, legacyMailQueue], {
      running: false,
    });
    await kill(second, 'SIGTERM');
    await smtp.settled();

    const [row] = await db.select().from(legacyReports).where(eq(legacyReports.ownerId, owner.id));
    expect(row!.state).toBe('released');
    expect(await db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId))).toHaveLength(1);
    // Once: at most a copy of the same message (same Message-ID) if the kill fell between send and mark.
    expect(new Set(releaseMails().map((m) => m.messageId)).size).toBe(1);
  }, 200_000);
});
