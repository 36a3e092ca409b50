import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const kUploadDir = Symbol('upload dir');
const kUploads = Symbol('request uploads');

declare module 'fastify' {
  interface FastifyRequest {
    [kUploadDir]: string;
    [kUploads]: RequestUploads | null;
  }
}

/**
 * The temporary files one request wrote. They live until the request ends, whatever the route did
 * with them (moved them into storage, refused them, threw): the hooks below remove what is left.
 */
class RequestUploads {
  private readonly paths = new Set<string>();
  private ended = false;

  constructor(private readonly dir: string) {}

  /** Streams `source` into a new temporary file of this request and returns its path. */
  async write(source: Readable): Promise<string> {
    if (this.ended) throw new Error('The request has ended.');
    await fsp.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, `upload-${randomUUID()}`);
    this.paths.add(target);
    try {
      await pipeline(source, fs.createWriteStream(target));
    } finally {
      // An aborted request may end while its last file is still being written: that file goes too.
      if (this.ended) await fsp.rm(target, { force: true });
    }
    return target;
  }

  async discard(): Promise<void> {
    this.ended = true;
    const paths = [...this.paths];
    this.paths.clear();
    await Promise.all(paths.map((file) => fsp.rm(file, { force: true })));
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
