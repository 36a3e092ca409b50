/**
 * Video conversion on real worker processes (ROLE=worker, `src/main.ts` from the run's bundle, test/server-bundle.ts) on the
 * machine's PostgreSQL: a worker SIGKILLed in the middle of a conversion leaves its job active in pg-boss,
 * and another worker must take it over within two minutes, not after the job's expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../../../platform/config';
import { compose, type CompositionView } from '../../../composition';
import { createTestDatabase } from '../../../../test/helpers';
import { insertUser } from '../../../../test/delivery-fixtures';
import { makeClip, makeClipDir } from '../../../../test/media-fixtures';
import { CONVERSION_NAMESPACE } from '../conversion-claims';
import { createVideosRepo } from '../videos.repo';
import { createVideoJobs } from './videos.queue';
import { waitUntil } from '../../../../test/wait';
import { serverEntry } from '../../../../test/server-bundle';

const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const secret = 'process-test-secret-of-32-bytes-or-more';

type Worker = ChildProcess & { output: string[] };

describe('video conversion with real worker processes (PostgreSQL)', () => {
  let deps: CompositionView;
  let url: string;
  let dataDir: string;
  let clipDir: string;
  let drop: () => Promise<void>;
  const workers: Worker[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(baseUrl);
    drop = created.drop;
    url = created.database.url!;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-vproc-'));
    clipDir = await makeClipDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      APP_SECRET: secret,
      // One media key for every process (an API or worker process refuses to start without it).
      MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'http://pw.test',
      ROLE: 'api',
      LOG_LEVEL: 'silent',
    });
    deps = (await compose(config, pino({ level: 'silent' }), { database: created.database })).deps;
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers)
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await Promise.all(
      workers.map((w) =>
        w.exitCode === null && w.signalCode === null ? new Promise((r) => w.once('exit', r)) : null,
      ),
    );
    await deps?.queue.stop({ graceful: false, wait: true });
    deps?.mailer.close();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(clipDir, { recursive: true, force: true });
  });

  function startWorker(label: string): Worker {
    const child = spawn(process.execPath, serverEntry(), {
      cwd: serverDir,
      env: {
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: url,
        // Local storage on one shared folder: both workers see the same sources (one machine).
        DATA_DIR: dataDir,
        APP_SECRET: secret,
        // One media key for every process (an API or worker process refuses to start without it).
        MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
        PUBLIC_URL: 'http://pw.test',
        ADMIN_EMAIL: 'admin@pw.test',
        ADMIN_PASSWORD: 'Admin-pass-123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }) as Worker;
    child.output = [];
    child.stdout!.on('data', (chunk: Buffer) => child.output.push(`[${label}] ${chunk}`));
    child.stderr!.on('data', (chunk: Buffer) => child.output.push(`[${label}] ${chunk}`));
    workers.push(child);
    return child;
  }

  /**
   * The worker running ffmpeg on this video now (ffmpeg's parent, its work folder `job-<id>-` in the
   * working folder or command line), read from /proc: the old code can be tested on it too.
   */
  async function converterPid(videoId: number): Promise<number | null> {
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm !== 'ffmpeg' || !workers.some((worker) => worker.pid === parent)) continue;
      const command = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
      if (`${cwd} ${command}`.includes(`job-${videoId}-`)) return parent;
    }
    return null;
  }

  const lockHeld = async (videoId: number) =>
    (
      await deps.database.executeSql(
        `select 1 from pg_locks where locktype = 'advisory' and classid = $1::oid and objid = $2::oid and granted`,
        [CONVERSION_NAMESPACE, videoId],
      )
    ).rows.length > 0;

  it('a worker SIGKILLed mid-conversion: another worker finishes the video within two minutes', async () => {
    const ownerId = await insertUser(deps.db, {
      firstName: 'Conv',
      lastName: 'Owner',
      email: 'conv@owner.test',
    });
    // Long enough that the conversion is still running when its worker is killed.
    const clip = await makeClip(clipDir, 'long.mov', 'mov', { seconds: 40, size: '640x480' });
    await deps.storage.putFile('uploads/long.mov', clip);
    const repo = createVideosRepo(deps.db);
    const video = await repo.insert({
      ownerId,
      title: 'Taken over',
      folder: 'draft',
      state: 'processing',
      searchCode: 'RTAKEOVR',
      sourceKeys: ['uploads/long.mov'],
    });
    const a = startWorker('A');
    const b = startWorker('B');
    await createVideoJobs(deps.queue, deps.db).enqueue(video.id, { clips: 1, seconds: 40 });

    let pid: number | null = null;
    await waitUntil(
      async () => (pid = await converterPid(video.id)) !== null,
      60_000,
      () => `a worker starts converting (output: ${[...a.output, ...b.output].join('')})`,
    );
    const converting = [a, b].find((w) => w.pid === pid)!;
    const other = converting === a ? b : a;
    expect(converting).toBeDefined();
    // Kill the worker in the middle of its conversion (ffmpeg is running).
    const killedAt = Date.now();
    converting.kill('SIGKILL');
    await new Promise((resolve) => converting.once('exit', resolve));

    await waitUntil(
      async () => (await repo.findById(video.id))?.state === 'ready',
      120_000,
      () => `the other worker finishes the video (output: ${other.output.join('')})`,
    );
    const takeoverSeconds = (Date.now() - killedAt) / 1000;
    console.info(`conversion taken over and finished ${takeoverSeconds.toFixed(1)} s after the kill`);
    expect(takeoverSeconds).toBeLessThan(120);
    expect(other.exitCode).toBeNull();
    // The survivor lets go of the conversion once it is done.
    await waitUntil(
      async () => !(await lockHeld(video.id)),
      10_000,
      () => 'the conversion lock released',
    );
  }, 240_000);
});
