import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

describe('local storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-storage-'));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('stores a stream, reads it whole and by range, and deletes it', async () => {
    const storage = createLocalStorage(root);
    const stored = await storage.put('a/b/file.txt', Readable.from(['hello ', 'world']));
    expect(stored.size).toBe(11);
    expect(await text(await storage.read('a/b/file.txt'))).toBe('hello world');
    expect(await text(await storage.read('a/b/file.txt', { start: 6, end: 10 }))).toBe('world');
    await storage.delete('a/b/file.txt');
    expect(await storage.stat('a/b/file.txt')).toBeNull();
  });

  it('reads in pieces of the size asked for, whole and within a range', async () => {
    const storage = createLocalStorage(root);
    await storage.put('pieces.bin', Buffer.alloc(300_000, 3));
    const sizes = async (stream: Readable) => {
      const seen: number[] = [];
      for await (const piece of stream) seen.push((piece as Buffer).length);
      return seen;
    };
    expect(await sizes(await storage.read('pieces.bin', undefined, { pieceSize: 100_000 }))).toEqual([
      100_000, 100_000, 100_000,
    ]);
    expect(
      await sizes(await storage.read('pieces.bin', { start: 10, end: 150_009 }, { pieceSize: 100_000 })),
    ).toEqual([100_000, 50_000]);
    // Without the hint, the file stream's own 64 KiB.
    expect((await sizes(await storage.read('pieces.bin')))[0]).toBe(64 * 1024);
  });

  it('moves a local file in and leaves no partial files behind', async () => {
    const storage = createLocalStorage(root);
    const local = path.join(root, 'incoming.bin');
    await fs.writeFile(local, Buffer.alloc(1024, 7));
    await storage.putFile('media/x.bin', local);
    expect((await storage.stat('media/x.bin'))?.size).toBe(1024);
    await expect(fs.stat(local)).rejects.toThrow();
    const names = await fs.readdir(path.join(root, 'media'));
    expect(names).toEqual(['x.bin']);
  });

  it("keeps what it stores readable by the server's user only: files 0600, folders 0700", async () => {
    const storage = createLocalStorage(root);
    const mode = async (file: string) => (await fs.stat(path.join(root, file))).mode & 0o777;
    await storage.put('private/streamed/a.jpg', Buffer.from('x'));
    const local = path.join(root, 'uploaded.bin');
    await fs.writeFile(local, 'y', { mode: 0o644 });
    await storage.putFile('private/moved/b.png', local);
    expect(await mode('private/streamed/a.jpg')).toBe(0o600);
    expect(await mode('private/moved/b.png')).toBe(0o600);
    expect(await mode('private/streamed')).toBe(0o700);
    expect(await mode('private')).toBe(0o700);
  });

  it('refuses keys that climb out of its folder', async () => {
    const storage = createLocalStorage(root);
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
