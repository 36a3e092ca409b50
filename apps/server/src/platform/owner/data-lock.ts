/**
 * One process owns the embedded database (decision 0380): the process that opens `DATA_DIR/db` first
 * binds a Linux abstract-namespace socket named after the data folder's real path. The bind is atomic
 * and exclusive, and the kernel frees the name when the process ends, however it ends (a SIGKILL leaves
 * nothing behind). Beside it the owner serves `DATA_DIR/run/admin.sock` (folder 0700, socket 0600):
 * a second process asks it who holds the folder, and operator commands send their work through it
 * (admin-socket.ts). Where abstract sockets are missing (not Linux) or not shared (another network
 * namespace on the same disk), a live admin socket alone refuses the second process.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** Who holds a data folder, as its admin socket tells it. */
export interface Holder {
  pid: number;
  /** `server (ROLE=all)`, `npm run backup`, … */
  role: string;
  port?: number;
  dataDir: string;
  /** Set once the holder takes operator commands through its admin socket (a server that is up). */
  commands?: true;
}

export class DataFolderHeld extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | null,
  ) {
    super(
      holder
        ? `the data folder ${dataDir} is in use by ${holder.role}, pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}`
        : `the data folder ${dataDir} is in use by another process (it does not answer on ${adminSocketPath(dataDir)})`,
    );
  }
}

export interface DataLock {
  dataDir: string;
  holder: Holder;
  /** Hands the admin socket's requests other than `GET /owner` to `handler` (the server's commands). */
  serve(handler: http.RequestListener): void;
  release(): Promise<void>;
}

export const OWNER_PATH = '/owner';
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'admin.sock');

/** The locks this process holds, by the data folder's real path. */
const held = new Map<string, DataLock>();

const realFolder = (dataDir: string) => {
  fs.mkdirSync(dataDir, { recursive: true });
  return fs.realpathSync(dataDir);
};

/** Whether this process holds the lock of `dataDir`. */
export function holdsDataFolder(dataDir: string): boolean {
  return held.has(realFolder(dataDir));
}

const listen = (server: net.Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });

const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Asks the admin socket who holds the folder; null when nothing answers there. */
export function askHolder(dataDir: string): Promise<Holder | null> {
  return new Promise((resolve) => {
    const request = http.get(
      { socketPath: adminSocketPath(dataDir), path: OWNER_PATH, timeout: 3000 },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => {
          try {
            resolve(JSON.parse(body) as Holder);
          } catch {
            resolve(null);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Whether something listens on the admin socket (ECONNREFUSED: a dead owner's file; ENOENT: none). */
function adminSocketLive(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Binds the abstract name: true when bound, false when another process has it, null without support. */
async function bindAbstract(server: net.Server, real: string): Promise<boolean | null> {
  if (process.platform !== 'linux') return null;
  const name = `\0parting-words:${createHash('sha256').update(real).digest('hex')}`;
  try {
    await listen(server, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    return null;
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderHeld naming the holder. The lock lasts
 * until `release()` or the end of the process.
 */
export async function lockDataFolder(
  dataDir: string,
  who: { role: string; port?: number },
): Promise<DataLock> {
  const real = realFolder(dataDir);
  if (held.has(real)) throw new Error(`this process already holds ${real}`);
  // Nobody connects to the abstract name for long: it is a lock, not a door (anyone may connect to it).
  const abstract = net.createServer((connection) => connection.destroy());
  const bound = await bindAbstract(abstract, real);
  const refuse = async () => new DataFolderHeld(real, await askHolder(real));
  if (bound === false) throw await refuse();
  const socket = adminSocketPath(real);
  fs.mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socket), 0o700);
  if (await adminSocketLive(socket)) {
    if (bound) await closeServer(abstract);
    throw await refuse();
  }
  // Left by an owner that died: the abstract name (or, without it, the refused connection) says so.
  fs.rmSync(socket, { force: true });
  const holder: Holder = {
    pid: process.pid,
    role: who.role,
    dataDir: real,
    ...(who.port ? { port: who.port } : {}),
  };
  let commands: http.RequestListener | null = null;
  const admin = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === OWNER_PATH) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(holder));
    } else if (commands) commands(request, response);
    else {
      response.statusCode = 503;
      response.end(`${holder.role} (pid ${holder.pid}) holds the data folder and takes no commands\n`);
    }
  });
  try {
    await listen(admin, socket);
    fs.chmodSync(socket, 0o600);
  } catch (error) {
    if (bound) await closeServer(abstract);
    throw error;
  }
  // The lock never keeps the process alive by itself.
  abstract.unref();
  admin.unref();
  const lock: DataLock = {
    dataDir: real,
    holder,
    serve: (handler) => {
      commands = handler;
      holder.commands = true;
    },
    release: async () => {
      if (held.get(real) !== lock) return;
      held.delete(real);
      admin.closeAllConnections();
      await closeServer(admin);
      if (bound) await closeServer(abstract);
    },
  };
  held.set(real, lock);
  return lock;
}

/** Runs `work` holding the folder, taken for it unless this process holds it already. */
export async function withDataFolder<T>(dataDir: string, role: string, work: () => Promise<T>): Promise<T> {
  if (holdsDataFolder(dataDir)) return work();
  const lock = await lockDataFolder(dataDir, { role });
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
