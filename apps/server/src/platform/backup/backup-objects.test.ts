/**
 * A backup of a running installation copies its objects after the database, while the server goes on
 * deleting some (a converted video's source clips, a refused upload's clip): one deleted between the
 * listing and its copy is left out, and the backup completes and restores. Embedded PGlite, local
 * storage.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import type { Storage } from '../storage/storage';
import { storedObjects } from '../storage/stored-objects';
import { backUp, restore, type BackupTarget } from '.';

const APP_SECRET = 'backup-objects-secret-of-32-bytes-or-more';
const folders: string[] = [];
const folder = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
const installation = async (): Promise<BackupTarget> => {
  const config = loadConfig({
    DATA_DIR: await folder('pw-backup-objects-'),
    LOG_LEVEL: 'silent',
    APP_SECRET,
  });
  return { config, ...storedObjects(config) };
};

afterAll(async () => {
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

it('leaves out an object deleted while the backup copies, completes, and restores', async () => {
  const live = await installation();
  await (await openDatabase({ dataDir: path.join(live.config.DATA_DIR, 'db') })).close();
  const kept = randomBytes(4096);
  await live.storage.put('videos/7/video.mp4', kept);
  await live.storage.put('sources/7/0', randomBytes(4096));
  const lines: string[] = [];
  const racing: Storage = {
    ...live.storage,
    async read(key, range, options) {
      // The server removes the converted video's source just after the backup listed it.
      if (key === 'sources/7/0') await live.storage.delete(key);
      return live.storage.read(key, range, options);
    },
  };
  const dir = path.join(await folder('pw-backup-objects-dir-'), 'backup');

  const manifest = await backUp({ ...live, storage: racing, log: (line) => lines.push(line) }, dir);

  expect(manifest.objects.items.map((item) => item.key)).toEqual(['videos/7/video.mp4']);
  expect(lines).toContain('objects: 1 deleted while the backup copied them, left out');
  await expect(fs.stat(path.join(dir, 'objects', 'sources', '7', '0'))).rejects.toThrow();
  const copy = await installation();
  await restore(copy, dir);
  const restored: Buffer[] = [];
  for await (const chunk of await copy.storage.read('videos/7/video.mp4')) restored.push(chunk as Buffer);
  expect(Buffer.concat(restored).equals(kept)).toBe(true);
}, 120_000);
