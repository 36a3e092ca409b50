import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from './helpers';
import { API_HEALTH_PATH } from '@pw/contracts';
import { serverEntry } from './server-bundle';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  port: number;
  url: string;
  dataDir: string;
  /** The process's own temporary folder (its TMPDIR, so `os.tmpdir()` there). */
  tmpDir: string;
  output: string[];
  /** Resident memory now (bytes). */
  rssBytes(): number;
  /** Peak resident memory since the last `resetPeak()` (bytes): the kernel's VmHWM, nothing sampled. */
  peakRssBytes(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const statusField = (pid: number, field: string) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
};

/**
 * The real server as `npm start` runs it (`main.ts`, ROLE=all) in a process of its own, so its memory
 * and its temporary folders can be read from outside. PGlite in its DATA_DIR by default; with
 * DATABASE_URL (CI) a PostgreSQL database of its own, dropped by `stop()`.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-proc-data-'));
  const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-proc-tmp-'));
  let dropDatabase = async () => {};
  const { DATABASE_URL: baseUrl, ...inherited } = process.env;
  const database: Record<string, string> = {};
  if (baseUrl) {
    const created = await createTestDatabase(baseUrl);
    database.DATABASE_URL = created.database.url!;
    dropDatabase = created.drop;
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, serverEntry(), {
    cwd: serverDir,
    env: {
      ...inherited,
      ...database,
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_SECRET: 'process-test-secret-of-at-least-32-bytes',
      ADMIN_EMAIL: 'admin@process.test',
      ADMIN_PASSWORD: 'Admin-pass-123',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}${API_HEALTH_PATH}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 1200) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid!;
  return {
    port,
    url,
    dataDir,
    tmpDir,
    output,
    rssBytes: () => statusField(pid, 'VmRSS'),
    peakRssBytes: () => statusField(pid, 'VmHWM'),
    // Linux: writing 5 to clear_refs resets the peak to the current resident size.
    resetPeak: () => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dropDatabase();
      await fsp.rm(dataDir, { recursive: true, force: true });
      await fsp.rm(tmpDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends one request over a plain socket, writing the body chunk by chunk as the socket drains, and
 * stops writing as soon as the answer is in: the way a client streams a body the server refuses early.
 * `abortAfterBytes` cuts the connection mid-body instead (a client that goes away).
 */
export function streamRequest(
  port: number,
  head: { method: string; path: string; headers: Record<string, string | number> },
  body: Iterable<Buffer>,
  options: { abortAfterBytes?: number } = {},
): Promise<RawResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let answer: RawResponse | null = null;
    let closed = false;

    const tryParse = () => {
      const text = Buffer.concat(received).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = text.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(headers)?.[1] ?? 0);
      const rest = Buffer.concat(received).subarray(end + 4);
      if (rest.length < length) return;
      answer = {
        status: Number(headers.split(' ')[1]),
        headers,
        body: rest.subarray(0, length).toString('utf8'),
      };
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      tryParse();
    });
    socket.on('error', () => {
      // The server may close while we write; what it answered before that is what counts.
    });
    socket.on('close', () => {
      closed = true;
      resolve(answer);
    });

    const write = async () => {
      const lines = Object.entries(head.headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`${head.method} ${head.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`);
      let sent = 0;
      for (const chunk of body) {
        if (answer || closed) return;
        if (options.abortAfterBytes !== undefined && sent + chunk.length > options.abortAfterBytes) {
          socket.write(chunk.subarray(0, options.abortAfterBytes - sent));
          // Let the bytes reach the server before the connection drops.
          await new Promise((resolve) => setTimeout(resolve, 300));
          socket.destroy();
          return;
        }
        sent += chunk.length;
        if (!socket.write(chunk)) {
          await new Promise<void>((done) => {
            const finish = () => {
              socket.off('drain', finish);
              socket.off('close', finish);
              done();
            };
            socket.on('drain', finish);
            socket.on('close', finish);
          });
        }
      }
    };
    socket.once('connect', () => void write().catch(reject));
  });
}

/** A multipart body as chunks (never one buffer in memory): fields, then files, then the closing line. */
export function* multipartChunks(
  boundary: string,
  fields: Iterable<[string, Buffer | string]>,
  files: Array<{ field: string; filename: string; size: number }> = [],
): Generator<Buffer> {
  for (const [name, value] of fields) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
    yield Buffer.isBuffer(value) ? value : Buffer.from(value);
    yield Buffer.from('\r\n');
  }
  for (const file of files) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (let left = file.size; left > 0; left -= chunk.length)
      yield chunk.subarray(0, Math.min(left, chunk.length));
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/** The total length of a body given as chunks (to send a Content-Length, as browsers do). */
export function lengthOf(chunks: Iterable<Buffer>): number {
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  return total;
}
