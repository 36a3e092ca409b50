import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, Storage } from './storage';
import { s3Keys } from './key-rotation';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** An S3-compatible endpoint (MinIO, Ceph, …); path-style addressing is used with it. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A ready client instead of one built from the settings above (tests watch its requests). */
  client?: S3Client;
}

/** Multipart parts of 8 MiB, four in flight: at most ~32 MiB buffered per upload, whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

export function createS3Client(options: Omit<S3StorageOptions, 'bucket' | 'client'>): S3Client {
  const config: S3ClientConfig = {
    region: options.region ?? 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible stores do not understand the SDK's newer default checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
    config.forcePathStyle = true;
  }
  return new S3Client(config);
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible object store (STORAGE=s3). Objects are written with server-side encryption
 * (AES256: the privacy policy promises encrypted storage) through a streaming multipart upload, so a
 * large video never sits in memory; S3 makes a key visible only once its upload completes.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = options.client ?? createS3Client(options);
  const Bucket = options.bucket;

  async function upload(key: string, body: Readable | Buffer, contentType?: string) {
    let size = 0;
    const counted = Buffer.isBuffer(body)
      ? body
      : body.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              size += chunk.length;
              callback(null, chunk);
            },
          }),
        );
    if (Buffer.isBuffer(body)) size = body.length;
    if (!Buffer.isBuffer(body)) body.once('error', (error) => (counted as Transform).destroy(error));
    const task = new Upload({
      client,
      params: {
        Bucket,
        Key: key,
        Body: counted,
        ContentType: contentType ?? 'application/octet-stream',
        ServerSideEncryption: 'AES256',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    await task.done();
    return { size };
  }

  return {
    put: upload,
    async putFile(key, localPath, contentType) {
      const stored = await upload(key, fs.createReadStream(localPath), contentType);
      await fsp.rm(localPath, { force: true });
      return stored;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key, range?: ByteRange) {
      const result = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(result.Body instanceof Readable)) throw new Error(`No body for ${key}`);
      return result.Body;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    keys: () => s3Keys(client, Bucket),
  };
}
