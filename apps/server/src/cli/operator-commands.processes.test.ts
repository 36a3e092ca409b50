/**
 * The embedded database under write load, with real processes (decision 0380): the server as `npm
 * start` runs it (`main.ts`) on one DATA_DIR, a few loops writing (contact-us messages, and every fourth
 * write a user's sign-up, which stores the account and its session), and every write answered 2xx must
 * be in the database afterwards, after each of: ten SIGKILLs at different instants,
 * each a start after; the operator commands run against the running server (backup, media:verify,
 * keys:rotate), then a stop and a start; a second start on the same DATA_DIR and a restore (both
 * refused), then a stop and a start. The backup taken under load restores into an installation that
 * holds every message acknowledged before it began.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountRoutes, adminAccountRoutes, API_HEALTH_PATH, queryRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process';

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

/** A process of this workspace (`src/main.ts`, `src/cli/*.ts`) to its end. */
function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

class Server {
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...baseEnv(this.dataDir), PORT: String(this.port) },
    });
    child.stdout.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    this.child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
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
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }
}

/** A write of the load: its answer's status; `key` names what it stored (`contact:` or `signup:`). */
async function write(server: Server, n: number): Promise<{ key: string; ok: boolean }> {
  const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const signUp = n % 4 === 0;
  const email = `load-${n}@lock.test`;
  const body = signUp
    ? {
        first_name: 'Load',
        last_name: `Person ${n}`,
        email,
        phone: '5550100',
        address: '1 Load Street',
        map_link: 'https://maps.example.test/load',
        password: 'Load-pass-123',
        password_confirmation: 'Load-pass-123',
        date_of_birth: '1980-12-10',
      }
    : { name: 'Load', email: 'load@lock.test', subject: `message ${n}`, message: 'Hello' };
  const route = signUp ? accountRoutes.userSignup : queryRoutes.contactUs;
  const response = await fetch(`${server.url}${routeUrl(route)}`, {
    method: 'POST',
    // One proxy hop: each write comes from an address of its own, under the public forms' limits.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return {
    key: signUp ? `signup:${email}` : `contact:message ${n}`,
    ok: response.status >= 200 && response.status < 300,
  };
}

/** Loops of writes; each one answered 2xx is remembered by its key. */
class Load {
  acknowledged = new Set<string>();
  private sent = 0;
  private running = false;
  private loops: Array<Promise<void>> = [];
  constructor(private readonly server: Server) {}
  start(loops = 3) {
    this.running = true;
    this.loops = Array.from({ length: loops }, () => this.loop());
  }
  private async loop() {
    while (this.running) {
      const n = (this.sent += 1);
      try {
        const { key, ok } = await write(this.server, n);
        if (ok) this.acknowledged.add(key);
      } catch {
        // The server is gone (killed or stopped): this write was never acknowledged.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
  /** Waits for `count` acknowledged messages; a server that stopped answering fails the test. */
  async until(count: number) {
    const deadline = Date.now() + 180_000;
    while (this.acknowledged.size < count) {
      if (Date.now() > deadline)
        throw new Error(`${this.acknowledged.size} of ${count} acknowledged after 3 min`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** Every page of one admin list, read whole. */
async function readAll<T>(server: Server, token: string, url: (page: number) => string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${server.url}${url(page)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await response.json()) as { data: T[] };
    rows.push(...data);
    if (data.length < 999) return rows;
  }
}

/** The key of every write stored (contact-us subjects, sign-ups' e-mails), read through the admin's lists. */
async function storedKeys(server: Server): Promise<Set<string>> {
  const login = await fetch(`${server.url}${routeUrl(accountRoutes.adminLogin)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const perPage = (page: number) => ({ page, per_page: 999 });
  const messages = await readAll<{ subject: string }>(server, token, (page) =>
    routeUrl(queryRoutes.list, {}, perPage(page)),
  );
  const users = await readAll<{ email: string }>(server, token, (page) =>
    routeUrl(adminAccountRoutes.users, {}, perPage(page)),
  );
  return new Set([
    ...messages.map((row) => `contact:${row.subject}`),
    ...users.map((row) => `signup:${row.email}`),
  ]);
}

const missing = (acknowledged: Set<string>, stored: Set<string>) =>
  [...acknowledged].filter((subject) => !stored.has(subject));

let root: string;
let server: Server;
let load: Load;

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-operator-'));
  server = new Server(path.join(root, 'data'), await freePort());
  load = new Load(server);
  await server.start();
}, 600_000);

afterAll(async () => {
  await load?.stop();
  if (server?.child) await server.end('SIGKILL');
  if (root) await fsp.rm(root, { recursive: true, force: true });
});

describe('operator commands and restarts while the embedded database takes writes', () => {
  it('keeps every acknowledged message across ten SIGKILLs at different instants', async () => {
    for (let round = 0; round < 10; round += 1) {
      load.start();
      // A different instant each round: after 3 to 21 more acknowledged messages.
      await load.until(load.acknowledged.size + 3 + ((round * 7) % 19));
      await server.end('SIGKILL');
      await load.stop();
      await server.start();
    }
    const stored = await storedKeys(server);
    expect(load.acknowledged.size).toBeGreaterThan(50);
    expect([...load.acknowledged].filter((key) => key.startsWith('signup:')).length).toBeGreaterThan(5);
    expect(missing(load.acknowledged, stored)).toEqual([]);
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
    for (const [run, prefix] of [
      [backup, 'backup: '],
      [verify, 'media:verify '],
      [rotate, 'keys:rotate '],
    ] as const) {
      expect(run.out).toContain(`${prefix}the server runs (pid ${server.child!.pid}, port ${server.port})`);
      expect(run).toMatchObject({ code: 0 });
    }
    expect(backup.out).toContain('backup: done:');
    expect(verify.out).toMatch(/media:verify \d+ objects checked/);
    expect(rotate.out).toContain('keys:rotate done');
    // The server kept answering while it worked.
    expect(during).toBeGreaterThan(0);

    await server.end('SIGTERM');
    await server.start();
    expect(missing(load.acknowledged, await storedKeys(server))).toEqual([]);

    // The snapshot taken under load opens as a whole database holding what was acknowledged before it.
    const copy = new Server(path.join(root, 'copy'), await freePort());
    await fsp.mkdir(copy.dataDir);
    await fsp.copyFile(path.join(server.dataDir, 'media-key'), path.join(copy.dataDir, 'media-key'));
    const restored = await runToEnd('src/cli/restore.ts', ['--from', backupDir], baseEnv(copy.dataDir));
    expect(restored).toMatchObject({ code: 0 });
    await copy.start();
    try {
      expect(missing(before, await storedKeys(copy))).toEqual([]);
    } finally {
      await copy.end('SIGTERM');
    }
  }, 600_000);

  it('refuses a second start and a restore on the running installation, naming it, and loses nothing', async () => {
    load.start();
    await load.until(load.acknowledged.size + 5);
    const env = baseEnv(server.dataDir);
    const second = await runToEnd('src/main.ts', [], { ...env, PORT: String(await freePort()) });
    const restore = await runToEnd('src/cli/restore.ts', ['--from', path.join(root, 'backup')], env);
    await load.until(load.acknowledged.size + 5);
    await load.stop();
    const holder = `in use by Parting Words (ROLE=all), pid ${server.child!.pid}, port ${server.port}`;
    expect(second.code).toBe(1);
    expect(second.out.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Not started: the data folder .+ ${holder.replace(/[()]/g, '\\$&')}\\. The embedded database has one process`,
        ),
      ),
    ]);
    expect(restore.code).toBe(1);
    expect(restore.out).toContain(`${holder}: a running installation is not restored into`);

    await server.end('SIGTERM');
    await server.start();
    expect(missing(load.acknowledged, await storedKeys(server))).toEqual([]);
  }, 600_000);
});
