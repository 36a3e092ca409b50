/**
 * The embedded database under write load, with real processes (decision 0380). The server runs as `npm
 * start` runs it (`main.ts`) on one DATA_DIR while three loops write: contact-us messages, sign-ups (a
 * quarter: the account and its session), uploads (one in eight: a real one-second clip into Drafts) and
 * schedules (one in eight: a clip uploaded into the Scheduled folder with its delivery, due decades
 * ahead). For each kind, the writes answered 2xx are counted and each must be in the database, read
 * back through the admin's lists and the uploaders' own folders, after each of:
 * - ten SIGKILLs of the server at different instants, each followed by a start;
 * - the operator commands run against the running server (backup, media:verify, keys:rotate), then a
 *   stop and a start; the backup taken under load restores into an installation that holds every
 *   write acknowledged before it began;
 * - a second start on the same DATA_DIR and a restore into it, both refused while it runs (exit 1, the
 *   running process named), then a stop and a start.
 * What the commands and the refused processes say is checked softly, so that a run on code without the
 * lock reports every row at once: a command that worked on its own copy of the database, a second
 * server that was not refused (stopped after two minutes), a database that no longer opens, lost writes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_HEALTH_PATH } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Load,
  missing,
  signUpUploader,
  storedKeys,
  tally,
  tinyClip,
  type Uploader,
} from '../../test/acknowledged-writes';
import { freePort } from '../../test/server-process';
import { serverEntry } from '../../test/server-bundle';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { email: 'admin@lock.test', password: 'Admin-pass-123' };
const baseEnv = (dataDir: string): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    APP_SECRET: 'operator-commands-secret-of-32-bytes-at-least',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // One proxy hop: each message comes from an address of its own, under the contact form's limit.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
};

interface Run {
  code: number | null;
  out: string;
}

/**
 * A process of this workspace (`src/main.ts`, `src/cli/*.ts`) to its end. One still running after
 * `limitMs` (a second server that was not refused) is stopped as an operator stops a server (SIGTERM,
 * SIGKILL a minute later): its run says so and has no exit code.
 */
function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv, limitMs = 300_000): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
  let overran = false;
  const timers = [
    setTimeout(() => {
      overran = true;
      child.kill('SIGTERM');
    }, limitMs),
    setTimeout(() => child.kill('SIGKILL'), limitMs + 60_000),
  ];
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      for (const timer of timers) clearTimeout(timer);
      const stopped = `${out}\n(still running after ${limitMs / 1000} s: stopped)`;
      resolve(overran ? { code: null, out: stopped } : { code, out });
    }),
  );
}

class Server {
  /**
   * Every server's process group: a SIGKILLed server leaves the ffmpeg it ran going (as a crash does), and
   * one still writing into the data folder as the suite removes it made the removal fail.
   */
  static readonly groups = new Set<number>();
  child: ChildProcess | null = null;
  output = '';
  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.output = '';
    const child = spawn(process.execPath, serverEntry(), {
      cwd: serverDir,
      detached: true,
      env: { ...baseEnv(this.dataDir), PORT: String(this.port) },
    });
    child.stdout.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    this.child = child;
    if (child.pid) Server.groups.add(child.pid);
    for (;;) {
      if (child.exitCode !== null) {
        this.child = null;
        // The end of what it said: a database that no longer opens prints PGlite's whole bundle first.
        throw new Error(`server exited ${child.exitCode}: …${this.output.slice(-2000)}`);
      }
      const ok = await fetch(`${this.url}${API_HEALTH_PATH}`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async end(signal: 'SIGKILL' | 'SIGTERM') {
    const child = this.child!;
    this.child = null;
    // One that died on its own has nothing left to wait for.
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

let root: string;
let server: Server;
let uploaders: Uploader[];
let load: Load;

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-operator-'));
  server = new Server(path.join(root, 'data'), await freePort());
  const clip = await tinyClip();
  await server.start();
  uploaders = [await signUpUploader(server, 1), await signUpUploader(server, 2)];
  load = new Load(server, { uploaders, clip });
}, 600_000);

/**
 * Every write of `acknowledged` is in the database `target` serves: per kind, as many as were answered
 * 2xx (the counts are printed, so a run shows what it checked), and none of them missing.
 */
async function expectStored(label: string, target: Server, acknowledged: Set<string>) {
  const stored = await storedKeys(target, ADMIN, { uploaders, schedulers: load.schedulers });
  const counts = tally(acknowledged, stored);
  console.info(`${label}: ${JSON.stringify(counts)}`);
  const whole = Object.fromEntries(
    Object.entries(counts).map(([kind, { acknowledged: count }]) => [
      kind,
      { acknowledged: count, stored: count },
    ]),
  );
  // Soft: a run that lost writes shows the counts of every kind and the lost writes themselves.
  expect.soft(counts).toEqual(whole);
  expect(missing(acknowledged, stored)).toEqual([]);
  return counts;
}

afterAll(async () => {
  await load?.stop();
  if (server?.child) await server.end('SIGKILL');
  for (const group of Server.groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // That group is gone already.
    }
  }
  // A process just killed may still be letting go of its files.
  if (root) await fsp.rm(root, { recursive: true, force: true, maxRetries: 5 });
});

describe('operator commands and restarts while the embedded database takes writes', () => {
  it('keeps every acknowledged write across ten SIGKILLs at different instants', async () => {
    for (let round = 0; round < 10; round += 1) {
      load.start();
      // A different instant each round: after 3 to 21 more acknowledged writes.
      await load.until(load.acknowledged.size + 3 + ((round * 7) % 19));
      await server.end('SIGKILL');
      await load.stop();
      await server.start();
    }
    const counts = await expectStored('after ten SIGKILLs', server, load.acknowledged);
    expect(load.acknowledged.size).toBeGreaterThan(50);
    // Every kind was written often enough to be lost (uploads are slower: fewer are answered by a kill).
    for (const { acknowledged } of Object.values(counts)) expect(acknowledged).toBeGreaterThanOrEqual(3);
    // Ten starts: about a minute on an idle machine, far more on a loaded one.
  }, 1_200_000);

  it('runs backup, media:verify and keys:rotate through the running server, loses nothing, and the live backup restores', async () => {
    const env = baseEnv(server.dataDir);
    load.start();
    await load.until(load.acknowledged.size + 5);
    const before = new Set(load.acknowledged);
    const backupDir = path.join(root, 'backup');
    const backup = await runToEnd('src/cli/backup.ts', ['--to', backupDir], env);
    const verify = await runToEnd('src/cli/verify-media.ts', [], env);
    const rotate = await runToEnd('src/cli/rotate-media-keys.ts', [], env);
    const during = load.acknowledged.size - before.size;
    await load.stop();
    // Soft checks of what the commands said: the writes are checked whatever they said.
    for (const [run, prefix] of [
      [backup, 'backup: '],
      [verify, 'media:verify '],
      [rotate, 'keys:rotate '],
    ] as const) {
      expect
        .soft(run.out)
        .toContain(`${prefix}the server runs (pid ${server.child!.pid}, port ${server.port})`);
      expect.soft(run.code, run.out).toBe(0);
    }
    expect.soft(backup.out).toContain('backup: done:');
    expect.soft(verify.out).toMatch(/media:verify \d+ objects checked/);
    expect.soft(rotate.out).toContain('keys:rotate done');
    // The server kept answering while it worked.
    expect.soft(during).toBeGreaterThan(0);

    await server.end('SIGTERM');
    await server.start();
    await expectStored('after the commands, a stop and a start', server, load.acknowledged);

    // The snapshot taken under load opens as a whole database holding what was acknowledged before it.
    const copy = new Server(path.join(root, 'copy'), await freePort());
    await fsp.mkdir(copy.dataDir);
    await fsp.copyFile(path.join(server.dataDir, 'media-key'), path.join(copy.dataDir, 'media-key'));
    const restored = await runToEnd('src/cli/restore.ts', ['--from', backupDir], baseEnv(copy.dataDir));
    expect(restored.code, restored.out).toBe(0);
    await copy.start();
    try {
      await expectStored('in the backup restored', copy, before);
    } finally {
      await copy.end('SIGTERM');
    }
  }, 600_000);

  it('refuses a second start and a restore on the running installation, naming it, and loses nothing', async () => {
    load.start();
    await load.until(load.acknowledged.size + 5);
    const env = baseEnv(server.dataDir);
    // Refused at once; one not refused runs as a second server for two minutes, then is stopped.
    const second = await runToEnd('src/main.ts', [], { ...env, PORT: String(await freePort()) }, 120_000);
    const restore = await runToEnd('src/cli/restore.ts', ['--from', path.join(root, 'backup')], env);
    await load.until(load.acknowledged.size + 5);
    await load.stop();
    const holder = `in use by Parting Words (ROLE=all), pid ${server.child!.pid}, port ${server.port}`;
    // Soft checks of what they said: the writes are checked whatever they said.
    expect.soft(second.code, second.out).toBe(1);
    expect
      .soft(second.out.trim().split('\n'))
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^Not started: the data folder .+ ${holder.replace(/[()]/g, '\\$&')}\\. The embedded database has one process`,
          ),
        ),
      ]);
    expect.soft(restore.code, restore.out).toBe(1);
    expect.soft(restore.out).toContain(`${holder}: a running installation is not restored into`);

    await server.end('SIGTERM');
    await server.start();
    await expectStored('after the refused start and restore, a stop and a start', server, load.acknowledged);
  }, 600_000);
});
