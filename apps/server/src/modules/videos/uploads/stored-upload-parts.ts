import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Storage } from '../../../platform/storage/storage';
import type { VideosRepo } from '../videos.repo';

/** What tus knows of an upload when it is created; written once, never changed. */
interface UploadInfo {
  size: number | null;
  metadata: Record<string, string | null>;
  creation_date: string;
}

const infoKey = (id: string) => `uploads/${id}/info.json`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A tus data store in the media storage itself (with STORAGE=s3: the bucket every API process shares):
 * each PATCH is stored as one object, and the database records the parts, so the next request of an
 * upload may reach any process (decision 0034). Nothing about an upload is kept in a process.
 *
 * Why not `@tus/s3-store`: it needs ListParts, AbortMultipartUpload and object tagging, which the
 * S3-compatible server the tests run does not have, and it caches each upload's metadata in the
 * process's memory by default. Parts stored through `Storage` also get whatever it does to every object.
 */
export class StoredPartsDataStore extends DataStore {
  constructor(
    private readonly storage: Storage,
    private readonly repo: Pick<VideosRepo, 'uploadParts' | 'recordUploadPart'>,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination'];
  }

  private async info(id: string): Promise<UploadInfo> {
    const stat = await this.storage.stat(infoKey(id));
    if (!stat) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse((await readAll(await this.storage.read(infoKey(id)))).toString('utf8')) as UploadInfo;
  }

  override async create(upload: Upload): Promise<Upload> {
    const info: UploadInfo = {
      size: upload.size ?? null,
      metadata: upload.metadata ?? {},
      creation_date: upload.creation_date ?? new Date().toISOString(),
    };
    await this.storage.put(infoKey(upload.id), Buffer.from(JSON.stringify(info)), 'application/json');
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const parts = await this.repo.uploadParts(id);
    const offset = parts.reduce((end, part) => Math.max(end, part.offset + part.size), 0);
    return new Upload({
      id,
      offset,
      size: info.size ?? undefined,
      metadata: info.metadata,
      creation_date: info.creation_date,
    });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.info(id);
    await this.storage.put(infoKey(id), Buffer.from(JSON.stringify({ ...info, size })), 'application/json');
  }

  /**
   * Stores what this request brought as the part at `offset`. A request cut short still stores the bytes
   * it delivered (tus ends the stream gracefully), so the client resumes after them. Two requests racing
   * for one offset (a retry while the first still runs on another process): the first recorded wins.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const key = `uploads/${id}/${offset}-${randomBytes(6).toString('hex')}`;
    let size = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (size += chunk.length));
    stream.once('error', (error) => counted.destroy(error));
    stream.pipe(counted);
    await this.storage.put(key, counted);
    if (size === 0) {
      await this.storage.delete(key);
      return offset;
    }
    if (!(await this.repo.recordUploadPart({ uploadId: id, offset, size, key }))) {
      await this.storage.delete(key);
      throw ERRORS.INVALID_OFFSET;
    }
    return offset + size;
  }

  /** The upload's bytes, part after part. */
  async read(id: string): Promise<Readable> {
    const parts = await this.repo.uploadParts(id);
    const output = new PassThrough();
    void (async () => {
      for (const part of parts) {
        const input = await this.storage.read(part.key);
        for await (const chunk of input) if (!output.write(chunk)) await waitForDrain(output);
      }
      output.end();
    })().catch((error: unknown) => output.destroy(error as Error));
    return output;
  }

  /** The parts and the info object; the rows go with the upload's row (cascade). */
  override async remove(id: string): Promise<void> {
    const parts = await this.repo.uploadParts(id);
    for (const part of parts) await this.storage.delete(part.key);
    await this.storage.delete(infoKey(id));
  }
}

function waitForDrain(stream: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', reject);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', reject);
  });
}
