/**
 * `npm run keys:rotate`: re-wraps every stored object's data key with the newest media key (MEDIA_KEY),
 * reading the same configuration as the server. `npm run keys:rotate -- --encrypt-plain` also encrypts
 * the objects stored in the clear before media was encrypted (once; later runs find none). Run it after moving the old key into MEDIA_KEYS_OLD and
 * restarting the processes; once it reports no object left under an old key, that key may be dropped.
 * Safe to stop and run again. Progress goes to the standard output.
 */
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config';
import { resolveMediaKeyring } from '../apps/server/src/platform/secrets';
import { createLocalStorage } from '../apps/server/src/platform/storage/local-storage';
import { createS3Client, createS3Storage } from '../apps/server/src/platform/storage/s3-storage';
import { localKeys, rotateMediaKeys, s3Keys } from '../apps/server/src/platform/storage/key-rotation';

async function main() {
  const config = loadConfig();
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const log = (message: string) => console.log(`keys:rotate ${message}`);
  const options = { encryptPlain: process.argv.includes('--encrypt-plain') };
  if (config.STORAGE === 's3') {
    const settings = {
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    };
    const client = createS3Client(settings);
    const inner = createS3Storage({ bucket: config.S3_BUCKET!, ...settings, client });
    await rotateMediaKeys(inner, s3Keys(client, config.S3_BUCKET!), keyring, log, options);
  } else {
    const root = path.join(config.DATA_DIR, 'media');
    await rotateMediaKeys(createLocalStorage(root), localKeys(root), keyring, log, options);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
