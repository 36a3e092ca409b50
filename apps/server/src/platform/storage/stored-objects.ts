import path from 'node:path';
import type { AppConfig } from '../config';
import { localKeys, s3Keys } from './key-rotation';
import { createLocalStorage } from './local-storage';
import { createS3Client, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The configured storage as stored, without the encrypting layer, and every key in it: what the
 * scripts that handle objects whole (key rotation, backup and restore) work on.
 */
export function storedObjects(config: AppConfig): { storage: Storage; keys: () => AsyncIterable<string> } {
  if (config.STORAGE === 's3') {
    const settings = {
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    };
    const client = createS3Client(settings);
    const storage = createS3Storage({ bucket: config.S3_BUCKET!, ...settings, client });
    return { storage, keys: () => s3Keys(client, config.S3_BUCKET!) };
  }
  const root = path.join(config.DATA_DIR, 'media');
  return { storage: createLocalStorage(root), keys: () => localKeys(root) };
}
