/**
 * Media encryption at rest: the cost of the encrypting storage over the plain local one, on the same
 * disk. A 256 MiB object is stored from a stream (put) and read back whole and in 1 MiB ranges spread
 * over it (what a seeking player asks for); each figure is the encrypted throughput as a share of the
 * plain one (aim: at least 0.8). The plain local figures are page-cache copies, faster than the cipher
 * itself on a small machine; the raw cipher speed is printed too, to read the ratios against.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createLocalStorage } from '../../apps/server/src/platform/storage/local-storage';
import { createEncryptedStorage } from '../../apps/server/src/platform/storage/encrypted-storage';
import { createMediaKeyring } from '../../apps/server/src/platform/storage/media-keyring';
import type { Storage } from '../../apps/server/src/platform/storage/storage';
import { sized } from './options';

const SIZE = sized(256, 8) * 1024 * 1024;
const PIECE = 1024 * 1024;
const RANGES = sized(64, 4);

function source(): Readable {
  const piece = randomBytes(PIECE);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) return this.push(null);
      sent += PIECE;
      this.push(Buffer.from(piece));
    },
  });
}

async function drain(stream: Readable) {
  let bytes = 0;
  for await (const part of stream) bytes += (part as Buffer).length;
  return bytes;
}

async function timed(work: () => Promise<unknown>) {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function measure(storage: Storage) {
  const put = await timed(() => storage.put('bench/object.bin', source()));
  const whole = await timed(() => drain(awaitRead(storage)));
  const ranges = await timed(async () => {
    for (let i = 0; i < RANGES; i += 1) {
      const start = Math.floor(((SIZE - PIECE) / RANGES) * i) + 12345 * (i % 3);
      await drain(await storage.read('bench/object.bin', { start, end: start + PIECE - 1 }));
    }
  });
  await storage.delete('bench/object.bin');
  return { put, whole, ranges };
}

function awaitRead(storage: Storage): Readable {
  // A Readable that opens the stored object lazily, so the read is inside the timed section.
  const pass = new Readable({ read() {} });
  void storage.read('bench/object.bin').then(
    (stream) => {
      stream.on('data', (part: Buffer) => pass.push(part));
      stream.on('end', () => pass.push(null));
      stream.on('error', (error) => pass.destroy(error));
    },
    (error: Error) => pass.destroy(error),
  );
  return pass;
}

/** AES-256-GCM alone on one core, 64 KiB at a time: the ceiling of any encrypted figure above. */
function rawCipherMibs() {
  const key = randomBytes(32);
  const chunk = randomBytes(64 * 1024);
  const started = process.hrtime.bigint();
  for (let i = 0; i < 4096; i += 1) {
    const cipher = createCipheriv('aes-256-gcm', key, randomBytes(12));
    cipher.update(chunk);
    cipher.final();
  }
  return (256 / (Number(process.hrtime.bigint() - started) / 1e9)).toFixed(0);
}

export async function run() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-crypto-'));
  try {
    const plainStorage = createLocalStorage(path.join(dir, 'plain'));
    const encrypted = createEncryptedStorage(
      createLocalStorage(path.join(dir, 'encrypted')),
      createMediaKeyring(randomBytes(32)),
    );
    await measure(plainStorage); // warm-up (disk cache, JIT)
    const plain = await measure(plainStorage);
    const sealed = await measure(encrypted);
    const mibs = (seconds: number, bytes = SIZE) => (bytes / 1024 / 1024 / seconds).toFixed(0);
    const rangeBytes = RANGES * PIECE;
    return {
      'aes-256-gcm alone, one core, MiB/s': rawCipherMibs(),
      'put 256 MiB, plain MiB/s': mibs(plain.put),
      'put 256 MiB, encrypted MiB/s': mibs(sealed.put),
      'put ratio (encrypted / plain)': (plain.put / sealed.put).toFixed(2),
      'read whole, plain MiB/s': mibs(plain.whole),
      'read whole, encrypted MiB/s': mibs(sealed.whole),
      'read whole ratio': (plain.whole / sealed.whole).toFixed(2),
      [`${RANGES} × 1 MiB ranges, plain MiB/s`]: mibs(plain.ranges, rangeBytes),
      [`${RANGES} × 1 MiB ranges, encrypted MiB/s`]: mibs(sealed.ranges, rangeBytes),
      'range read ratio': (plain.ranges / sealed.ranges).toFixed(2),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
