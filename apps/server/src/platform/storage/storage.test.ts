import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type S3rver from 's3rver';
import { startLocalS3 } from '../../../test/local-s3';
import { createLocalStorage } from './local-storage';
import { createS3Client, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The same contract for every Storage: the local folder, and S3 against a real S3-compatible server (s3rver). */
function storageContract(kind: string, setup: () => Promise<Storage>, dir: () => string) {
  let storage: Storage;
  beforeAll(async () => {
    storage = await setup();
  });

  it(`${kind}: stores a stream and a buffer, reports sizes, reads whole and by range`, async () => {
    const stored = await storage.put(
      'videos/1/a.txt',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      'text/plain',
    );
    expect(stored.size).toBe(11);
    expect((await storage.put('videos/1/b.txt', Buffer.from('buffer'))).size).toBe(6);
    expect(await storage.stat('videos/1/a.txt')).toEqual({ size: 11 });
    expect(await text(await storage.read('videos/1/a.txt'))).toBe('hello world');
    expect(await text(await storage.read('videos/1/a.txt', { start: 6, end: 9 }))).toBe('worl');
  });

  it(`${kind}: moves a local file in (the file is gone afterwards) and deletes`, async () => {
    const local = path.join(dir(), 'local.bin');
    const bytes = Buffer.alloc(20 * 1024 * 1024 + 17, 7);
    await fs.writeFile(local, bytes);
    expect((await storage.putFile('videos/2/big.bin', local, 'application/octet-stream')).size).toBe(
      bytes.length,
    );
    await expect(fs.stat(local)).rejects.toThrow();
    expect(await storage.stat('videos/2/big.bin')).toEqual({ size: bytes.length });
    await storage.delete('videos/2/big.bin');
    expect(await storage.stat('videos/2/big.bin')).toBeNull();
    await storage.delete('videos/2/never-there.bin');
  });
}

describe('local storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-storage-local-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  storageContract(
    'local',
    async () => createLocalStorage(path.join(dir, 'media')),
    () => dir,
  );
});

describe('S3 storage (s3rver)', () => {
  let dir: string;
  let server: S3rver;
  const sentHeaders: Array<Record<string, string>> = [];
  afterAll(async () => {
    await server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  storageContract(
    's3',
    async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-storage-s3-'));
      const local = await startLocalS3(path.join(dir, 's3'));
      server = local.server;
      const client = createS3Client(local.settings);
      client.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as {
            method?: string;
            query?: Record<string, unknown>;
            headers?: Record<string, string>;
          };
          sentHeaders.push({
            method: request.method ?? '',
            query: Object.keys(request.query ?? {}).join(','),
            ...request.headers,
          });
          return next(args);
        },
        { step: 'finalizeRequest', name: 'recordHeaders' },
      );
      return createS3Storage({ bucket: 'media', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', client });
    },
    () => dir,
  );

  it('asks for server-side encryption on every object it creates', () => {
    // Single PUTs and multipart creations (POST ?uploads) carry the header; parts inherit it.
    const creations = sentHeaders.filter(
      (h) =>
        (h.method === 'PUT' && !h.query!.includes('partNumber')) ||
        (h.method === 'POST' && h.query!.includes('uploads')),
    );
    expect(creations.length).toBeGreaterThanOrEqual(3);
    for (const headers of creations) expect(headers['x-amz-server-side-encryption']).toBe('AES256');
  });
});
