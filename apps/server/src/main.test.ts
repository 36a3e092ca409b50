import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverEntry } from '../test/server-bundle';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real entry point (`src/main.ts`, from the run's bundle) and waits for it to end. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  // Nothing of the machine's own configuration (DATABASE_URL in CI, SMTP_URL…) leaks into the start.
  const { DATABASE_URL: _db, SMTP_URL: _smtp, APP_SECRET: _secret, ...inherited } = process.env;
  const child = spawn(process.execPath, serverEntry(), {
    cwd: serverDir,
    env: { ...inherited, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => {
    // A start that goes through would keep running: stop it, and the test fails on the exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the start stops on unsafe secrets', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-start-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses an APP_SECRET shorter than 32 bytes', async () => {
    const { code, stderr } = await start({ DATA_DIR: dataDir, APP_SECRET: 'too-short-a-secret' });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration:\n  APP_SECRET: must be at least 32 bytes');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 40_000);

  it('refuses an empty generated secret file before opening anything', async () => {
    fs.writeFileSync(path.join(dataDir, 'app-secret'), '');
    const { code, stderr } = await start({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `APP_SECRET: the generated secret in ${path.join(dataDir, 'app-secret')} is empty`,
    );
    // No database was created next to it, and the empty file was left for the operator to look at; only
    // the data folder's lock (run/) was taken first, so that a second start is refused before anything.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['app-secret', 'run']);
  }, 40_000);

  it('refuses an ADMIN_PASSWORD that breaks the password rule', async () => {
    const { code, stderr } = await start({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('ADMIN_PASSWORD: The password must be at least 8 characters.');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 40_000);
});
