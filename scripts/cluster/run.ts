/**
 * `npm run test:cluster`: the deployment of docs/operations.md on this machine, loopback only. A database
 * of its own on the local PostgreSQL, an S3-compatible server (s3rver), an SMTP server, HAProxy
 * round-robin over two API processes (ROLE=api, STORAGE=s3, a DATA_DIR each, one APP_SECRET) and two
 * workers (ROLE=worker). Every check goes through the balancer; processes are SIGKILLed on the way.
 * `--quick` (or CLUSTER_QUICK=1) uploads less and sends fewer deliveries; CLUSTER_UPLOAD_MIB and
 * CLUSTER_DELIVERIES set them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { startTestSmtp, type TestSmtp } from '../../apps/server/test/smtp';
import { freePort } from '../../apps/server/test/server-process';
import { startBalancer, startServer, stopAll, waitFor, waitHealthy, type Proc } from './processes';
import { runChecks } from './checks';
import type { Cluster } from './cluster';

const quick = process.argv.includes('--quick') || process.env.CLUSTER_QUICK === '1';
const uploadMiB = Number(process.env.CLUSTER_UPLOAD_MIB ?? (quick ? 48 : 200));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A guard against a run that hangs, not a figure: a loaded machine took over 6 minutes for the quick run.
const overallMs = Number(process.env.CLUSTER_TIMEOUT_MS ?? (quick ? 10 : 15) * 60_000);

async function main() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-cluster-'));
  const dbName = `pw_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrlObject = new URL(baseUrl);
  dbUrlObject.pathname = `/${dbName}`;
  const dbUrl = dbUrlObject.toString();
  const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
  // pg-pool's end() resolves before its sockets have closed, so the forced drop at clean-up can reach an
  // idle client still connected; without a listener that FATAL 57P01 crashes the run after it passed.
  db.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01') console.error('cluster: database pool', error);
  });
  let s3: S3rver | null = null;
  let smtp: TestSmtp | null = null;
  let failed = 0;
  const timer = setTimeout(() => {
    console.error(`cluster: gave up after ${overallMs / 1000} s`);
    void cleanUp().then(() => process.exit(1));
  }, overallMs);
  // Interrupted (Ctrl-C, CI cancelling): nothing may be left running or on disk.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`cluster: ${signal}, stopping everything`);
      void cleanUp().then(() => process.exit(1));
    });

  async function cleanUp() {
    await stopAll();
    await db.end().catch(() => undefined);
    await s3?.close().catch(() => undefined);
    await smtp?.close().catch(() => undefined);
    await admin
      .query(`drop database if exists ${dbName} with (force)`)
      .catch((error: unknown) => console.error(error));
    await admin.end().catch(() => undefined);
    await fs.rm(root, { recursive: true, force: true });
  }

  try {
    const bucketDir = path.join(root, 's3');
    await fs.mkdir(bucketDir);
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    smtp = await startTestSmtp();
    const lbPort = await freePort();
    const lb = `http://127.0.0.1:${lbPort}`;
    const probeToken = randomBytes(16).toString('hex');
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: dbUrl,
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      // One key for the media every process writes and reads (each would otherwise make its own).
      MEDIA_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL: lb,
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@cluster.test',
      ADMIN_PASSWORD: 'Admin-pass-123',
      UPLOAD_MAX_BYTES: String(1024 * 1024 * 1024),
      LOG_LEVEL: 'info',
    };
    const envFor = async (label: string, role: 'api' | 'worker') => {
      const dataDir = path.join(root, label);
      await fs.mkdir(path.join(dataDir, 'tmp'), { recursive: true });
      return {
        ...common,
        // The balancer on loopback passes each client's address on (option forwardfor).
        ...(role === 'api' ? { TRUST_PROXY: '127.0.0.1' } : {}),
        ROLE: role,
        DATA_DIR: dataDir,
        TMPDIR: path.join(dataDir, 'tmp'),
        PORT: String(await freePort()),
      };
    };
    const apis: Cluster['apis'] = [];
    const workers: Cluster['workers'] = [];
    for (const label of ['api1', 'api2']) {
      const env = await envFor(label, 'api');
      apis.push({ label, port: Number(env.PORT), env, proc: null as unknown as Proc });
    }
    for (const label of ['worker1', 'worker2'])
      workers.push({ label, env: await envFor(label, 'worker'), proc: null as unknown as Proc });

    const query = async <T>(text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows as T[];
    /** A worker is up once its conversion-lock connection is open (its video worker has started). */
    const workerUp = (proc: Proc) =>
      waitFor(
        async () => {
          if (!proc.alive()) throw new Error(`${proc.label} exited: ${proc.output.slice(-20).join('\n')}`);
          const rows = await query('select 1 from pg_stat_activity where application_name = $1', [
            `pw-video-conversions-${proc.child.pid}`,
          ]);
          return rows.length > 0;
        },
        90_000,
        `${proc.label} started`,
      );
    const cluster: Cluster = {
      lb,
      probe: { 'x-cluster-probe': probeToken },
      dbUrl,
      root,
      smtp,
      uploadMiB,
      deliveries: Number(process.env.CLUSTER_DELIVERIES ?? (quick ? 200 : 1000)),
      apis,
      workers,
      query,
      async restartApi(index) {
        const api = apis[index]!;
        await api.proc.kill('SIGKILL');
        api.proc = startServer(api.label, api.env);
        await waitHealthy(`http://127.0.0.1:${api.port}`, api.proc);
      },
      async startWorker(index) {
        const worker = workers[index]!;
        if (worker.proc?.alive()) await worker.proc.kill('SIGKILL');
        worker.proc = startServer(worker.label, worker.env);
        await workerUp(worker.proc);
      },
    };

    // All four at once on the empty database: migrations and queue creation must not race.
    const started = Date.now();
    for (const api of apis) api.proc = startServer(api.label, api.env);
    for (const worker of workers) worker.proc = startServer(worker.label, worker.env);
    await Promise.all([
      ...apis.map((api) => waitHealthy(`http://127.0.0.1:${api.port}`, api.proc, 120_000)),
      ...workers.map((worker) => workerUp(worker.proc)),
    ]);
    const balancer = await startBalancer(
      root,
      lbPort,
      apis.map((api) => ({ name: api.label, port: api.port })),
      probeToken,
    );
    await waitHealthy(lb, balancer);
    console.log(
      `cluster: up in ${((Date.now() - started) / 1000).toFixed(1)} s (balancer ${lb}, upload ${uploadMiB} MiB)`,
    );

    const results = await runChecks(cluster);
    failed = results.failed;
    console.log(`cluster: ${results.passed} passed, ${results.failed} failed`);
  } catch (error) {
    failed += 1;
    console.error('cluster: could not run:', error);
    console.log('cluster: 0 passed, 1 failed');
  } finally {
    clearTimeout(timer);
    await cleanUp();
  }
  process.exit(failed > 0 ? 1 : 0);
}

void main();
