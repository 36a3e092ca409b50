// The data folder's lock (decision 0380) with real processes: a holder in a child process, a second
// taker refused with its pid, the lock free the instant a SIGKILLed holder is gone, its socket file
// left behind taken over.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSocketPath, askHolder, DataFolderHeld, lockDataFolder } from './data-lock';

const lockModule = fileURLToPath(new URL('./data-lock.ts', import.meta.url));
const children: ChildProcess[] = [];
const folders: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-lock-'));
  folders.push(dir);
  return dir;
}

/** A process that takes the lock and keeps it until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `
    const { lockDataFolder } = await import(${JSON.stringify(lockModule)});
    await lockDataFolder(${JSON.stringify(dir)}, { role: 'a test holder', port: 4321 });
    console.log('held');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
  return child;
}

const refusal = (dir: string) =>
  lockDataFolder(dir, { role: 'second' }).then(
    () => null,
    (error: unknown) => error,
  );

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('refuses a second taker, naming the holder; a SIGKILLed holder frees it at once; its socket file is taken over', async () => {
    const dir = await dataDir();
    const child = await holder(dir);

    const refused = await refusal(dir);
    expect(refused).toBeInstanceOf(DataFolderHeld);
    expect((refused as DataFolderHeld).holder).toEqual({
      pid: child.pid,
      role: 'a test holder',
      port: 4321,
      dataDir: fs.realpathSync(dir),
    });
    expect((refused as Error).message).toContain(`pid ${child.pid}, port 4321`);
    // Only the operator reaches the admin socket.
    expect(fs.statSync(adminSocketPath(dir)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(adminSocketPath(dir))).mode & 0o777).toBe(0o700);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The dead holder's socket file is still there: the next owner removes it and serves its own.
    expect(fs.existsSync(adminSocketPath(dir))).toBe(true);
    const lock = await lockDataFolder(dir, { role: 'the next owner' });
    try {
      expect(await askHolder(dir)).toMatchObject({ pid: process.pid, role: 'the next owner' });
    } finally {
      await lock.release();
    }
    expect(fs.existsSync(adminSocketPath(dir))).toBe(false);
  }, 60_000);

  it('is taken again after a release, refused twice in one process, and kept apart per folder', async () => {
    const [one, two] = [await dataDir(), await dataDir()];
    const first = await lockDataFolder(one, { role: 'first' });
    await expect(lockDataFolder(one, { role: 'again' })).rejects.toThrow(/already holds/);
    const other = await lockDataFolder(two, { role: 'other folder' });
    await first.release();
    const again = await lockDataFolder(one, { role: 'after release' });
    await again.release();
    await other.release();
  });

  it('refuses a taker while a live admin socket answers, even without the abstract name (another network namespace)', async () => {
    const dir = await dataDir();
    const child = await holder(dir);
    // Seen from another network namespace the abstract name is free and only the socket file is shared:
    // a second data folder whose run/ is the first one's has another abstract name and the same file.
    const second = await dataDir();
    await fsp.symlink(path.join(dir, 'run'), path.join(second, 'run'));
    const refused = await refusal(second);
    expect(refused).toBeInstanceOf(DataFolderHeld);
    expect((refused as DataFolderHeld).holder?.pid).toBe(child.pid);
  }, 60_000);
});
