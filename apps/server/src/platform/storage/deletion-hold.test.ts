import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { FakeClock } from '../clock';
import type { Database } from '../db';
import { createDeletionHold, objectDeletions } from './deletion-hold';
import { createLocalStorage } from './local-storage';
import { createObjectRecords, createRecordingStorage } from './object-records';

describe('the deletion hold', () => {
  it('removes at once with no hold, and after the last of two holds is released', async () => {
    const hold = createDeletionHold();
    const removed: string[] = [];
    await hold.remove(async () => void removed.push('a'));
    expect(removed).toEqual(['a']);

    const first = hold.hold();
    const second = hold.hold();
    await hold.remove(async () => void removed.push('b'));
    await hold.remove(async () => void removed.push('c'));
    await first();
    await first(); // a second release of the same hold releases nothing more
    expect(removed).toEqual(['a']);
    await second();
    expect(removed).toEqual(['a', 'b', 'c']);
    await hold.remove(async () => void removed.push('d'));
    expect(removed).toEqual(['a', 'b', 'c', 'd']);
  });

  it('goes on with the others when one removal fails', async () => {
    const hold = createDeletionHold();
    const removed: string[] = [];
    const release = hold.hold();
    await hold.remove(async () => {
      throw new Error('already gone');
    });
    await hold.remove(async () => void removed.push('after'));
    await release();
    expect(removed).toEqual(['after']);
  });
});

describe("the server's storage under a backup's hold", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let root: string;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-deletion-hold-'));
  });
  afterAll(async () => {
    await drop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('forgets the record at once, and keeps the bytes until the hold is released', async () => {
    const inner = createLocalStorage(root);
    const objects = createObjectRecords(database.db);
    const storage = createRecordingStorage(inner, objects, new FakeClock(new Date()));
    await storage.put('sources/1/0', Buffer.from('the first clip'));
    expect(await objects.total()).toBe(1);

    const release = objectDeletions.hold();
    try {
      await storage.delete('sources/1/0');
      expect(await objects.total()).toBe(0);
      // A backup copying now still finds the bytes its database copy names.
      expect(await inner.stat('sources/1/0')).not.toBeNull();
    } finally {
      await release();
    }
    expect(await inner.stat('sources/1/0')).toBeNull();
  });
});
