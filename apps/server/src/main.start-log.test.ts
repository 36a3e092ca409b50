import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { pinFolder } from '../test/recognizer-cost';
import { writeTinyWhisper } from '../test/tiny-whisper';
import { serverEntry } from '../test/server-bundle';

/** The real `main.ts` in its own process: what an operator reads in the start log. */
describe('start log', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-main-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  /** Starts the API on a free port with this PATH and returns its log lines once it is listening. */
  const startLog = (searchPath: string, extraEnv: Record<string, string> = {}) =>
    new Promise<Array<{ level: number; msg: string }>>((resolve, reject) => {
      const child = spawn(process.execPath, serverEntry(), {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          PATH: searchPath,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          ROLE: 'api',
          // An API process refuses to start without the installation's shared secret and media key.
          APP_SECRET: 'start-log-test-secret-of-32-bytes-or-more',
          MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: Array<{ level: number; msg: string }> = [];
      let buffered = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const complete = buffered.split('\n');
        buffered = complete.pop()!;
        // pino's JSON lines; the first administrator's password is printed as plain text.
        for (const line of complete.filter((text) => text.startsWith('{'))) {
          const entry = JSON.parse(line) as { level: number; msg: string };
          lines.push(entry);
          if (entry.msg.startsWith('Parting Words is running')) child.kill('SIGTERM');
        }
      });
      child.on('error', reject);
      child.on('exit', () => (lines.length ? resolve(lines) : reject(new Error(`no log: ${stderr}`))));
    });

  /**
   * The log of a start with the defaults, taken once and read by each test that asks what such a start
   * says (each start costs seconds, most of it loading the server's modules).
   */
  let defaultStart: ReturnType<typeof startLog> | undefined;
  const defaultStartLog = () => (defaultStart ??= startLog(''));

  it('names the bundled pair, with a warning naming both builds, when no ffmpeg is on the PATH', async () => {
    const lines = await defaultStartLog();
    const info = lines.find((line) => line.msg.startsWith('video tools (bundled)'));
    expect(info?.level).toBe(30);
    expect(info?.msg).toMatch(/ffmpeg N-47683-g0e8eb07980-static at .*@ffmpeg-installer/);
    const warning = lines.find((line) => line.level === 40 && line.msg.includes('npm-bundled'));
    expect(warning?.msg).toContain('ffmpeg 20181210-g0e8eb07980');
    expect(warning?.msg).toContain('ffprobe 20230721-c2b3861');
    // LEGACY_WAIT_UNIT is named at every start (days, the default: quietly).
    const waitUnit = lines.find((line) => line.msg.startsWith('legacy release:'));
    expect(waitUnit).toMatchObject({ level: 30, msg: expect.stringContaining('count in days') });
    // Said before the server starts listening.
    expect(lines.indexOf(warning!)).toBeLessThan(
      lines.findIndex((line) => line.msg.startsWith('Parting Words is running')),
    );
  }, 60_000);

  it('names LEGACY_WAIT_UNIT=minute (a demo setting) as a warning', async () => {
    const minutes = (await startLog('', { LEGACY_WAIT_UNIT: 'minute' })).find((line) =>
      line.msg.startsWith('legacy release:'),
    );
    expect(minutes).toMatchObject({ level: 40, msg: expect.stringContaining('count in minutes') });
  }, 90_000);

  it('creates nothing in DATA_DIR that the group or other users can read (umask 077 at start)', async () => {
    await defaultStartLog();
    const open: string[] = [];
    for (const entry of await fs.readdir(dataDir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      const mode = (await fs.lstat(file)).mode;
      if (!entry.isSymbolicLink() && mode & 0o077) open.push(`${file} ${(mode & 0o777).toString(8)}`);
    }
    expect(open).toEqual([]);
  }, 120_000);

  it('refuses to start an API or worker process without APP_SECRET and MEDIA_KEY, naming both', async () => {
    for (const role of ['api', 'worker']) {
      const child = spawn(process.execPath, serverEntry(), {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { PATH: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ROLE: role },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`APP_SECRET: required when ROLE=${role}`);
      expect(stderr).toContain(`MEDIA_KEY: required when ROLE=${role}`);
    }
  }, 60_000);

  it('warns an API process on local storage that resumable uploads need one shared DATA_DIR', async () => {
    const lines = await defaultStartLog();
    expect(lines.find((line) => line.msg.startsWith('resumable uploads are kept in DATA_DIR'))).toMatchObject(
      {
        level: 40,
        msg: expect.stringContaining('one shared DATA_DIR'),
      },
    );
  }, 90_000);
  it('says in one line whether automatic captions are set up, ready, or refused and why', async () => {
    const captionsLine = (lines: Array<{ level: number; msg: string }>) => {
      const found = lines.filter((line) => line.msg.startsWith('automatic captions:'));
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    expect(captionsLine(await defaultStartLog())).toMatchObject({
      level: 30,
      msg: 'automatic captions: not set up',
    });
    // Beside DATA_DIR, not in it: the model is the operator's files, not the server's.
    const model = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-main-model-'));
    onTestFinished(() => fs.rm(model, { recursive: true, force: true }));
    writeTinyWhisper(model);
    const pins = Object.entries(pinFolder(model)).map(([name, sum]) => `${name}=${sum}`);
    const ready = await startLog('', { ASR_MODEL_DIR: model, ASR_MODEL_SHA256: pins.join(',') });
    expect(captionsLine(ready)).toMatchObject({ level: 30, msg: 'automatic captions: ready' });
    const refused = await startLog('', { ASR_MODEL_DIR: model, ASR_MODEL_SHA256: pins.slice(1).join(',') });
    expect(captionsLine(refused)).toMatchObject({
      level: 50,
      msg: expect.stringMatching(
        /^automatic captions: refused: The model file \S+ has no pinned SHA-256 sum\.$/,
      ),
    });
  }, 120_000);
});
