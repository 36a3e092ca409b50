import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEncryptedStorage } from '../storage/encrypted-storage';
import { createLocalStorage } from '../storage/local-storage';
import { createMediaKeyring } from '../storage/media-keyring';

const kUploadDir = Symbol('upload dir');
const kUploads = Symbol('request uploads');

declare module 'fastify' {
  interface FastifyRequest {
    [kUploadDir]: string;
    [kUploads]: RequestUploads | null;
  }
}

/**
 * What a request's files are sealed with while they stream in: a key of this process's memory, never
 * written anywhere, so a file a crashed process left behind is unreadable ciphertext.
 */
const transientKeyring = createMediaKeyring(randomBytes(32));

/**
 * The temporary files one request wrote, in a folder of its own (0700). A file is encrypted while its
 * body streams in (an upload may take an hour); only once it is whole is it decrypted beside it (0600)
 * for the handler, which probes it and moves it into storage. The folder lives until the request ends,
 * whatever the route did with the files (moved them into storage, refused them, threw): the hooks below
 * remove what is left.
 */
class RequestUploads {
  private folder: Promise<string> | null = null;
  private ended = false;

  constructor(private readonly dir: string) {}

  private own(): Promise<string> {
    this.folder ??= fsp
      .mkdir(this.dir, { recursive: true, mode: 0o700 })
      .then(() => fsp.mkdtemp(path.join(this.dir, 'request-')));
    return this.folder;
  }

  /** Streams `source` into a new temporary file of this request and returns its (plaintext) path. */
  async write(source: Readable): Promise<string> {
    if (this.ended) throw new Error('The request has ended.');
    const folder = await this.own();
    const name = randomUUID();
    const sealed = createEncryptedStorage(createLocalStorage(folder), transientKeyring);
    const target = path.join(folder, `${name}.open`);
    try {
      await sealed.put(name, source);
      if (!this.ended) await pipeline(await sealed.read(name), fs.createWriteStream(target, { mode: 0o600 }));
    } finally {
      await sealed.delete(name);
      // An aborted request may end while its last file is still being written: that file goes too
      // (and the folder, which the write may have made again after the request's end removed it).
      if (this.ended) await fsp.rm(folder, { recursive: true, force: true });
    }
    return target;
  }

  async discard(): Promise<void> {
    this.ended = true;
    const folder = await this.folder?.catch(() => null);
    if (folder) await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** The temporary files of this request (files are written under the app's upload folder). */
export function uploadsOf(request: FastifyRequest): RequestUploads {
  request[kUploads] ??= new RequestUploads(request[kUploadDir]);
  return request[kUploads];
}

/**
 * One place removes every temporary file a request created, so no route can leave one behind: before
 * its answer goes out (onSend: the handler is done with them, and the client never sees them linger),
 * when its client goes away mid-body (onRequestAbort), and once more when it is over (onResponse).
 */
export function registerRequestUploads(app: FastifyInstance, dir: string): void {
  app.decorateRequest(kUploadDir, dir);
  app.decorateRequest(kUploads, null);
  const discard = async (request: FastifyRequest) => {
    await request[kUploads]?.discard();
  };
  app.addHook('onSend', async (request, _reply, payload) => {
    await discard(request);
    return payload;
  });
  app.addHook('onRequestAbort', discard);
  app.addHook('onResponse', discard);
}
