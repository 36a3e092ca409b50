/**
 * `npm run backup -- --to DIR`: a backup of this installation (database and stored objects, still
 * encrypted) into DIR, with a manifest; `npm run restore -- --from DIR [--force]` puts one back
 * (decision 0336, docs/operations.md "Backup and restore"). Both read the same configuration as the
 * server. With the embedded database, stop the server first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/platform/config';
import { backUp, BackupError, restore, type BackupTarget } from '../apps/server/src/platform/backup';
import { createLocalStorage } from '../apps/server/src/platform/storage/local-storage';
import { createS3Client, createS3Storage } from '../apps/server/src/platform/storage/s3-storage';
import { localKeys, s3Keys } from '../apps/server/src/platform/storage/key-rotation';

function target(command: string): BackupTarget {
  const config = loadConfig();
  const log = (message: string) => console.log(`${command}: ${message}`);
  if (config.STORAGE === 's3') {
    const settings = {
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    };
    const client = createS3Client(settings);
    const storage = createS3Storage({ bucket: config.S3_BUCKET!, ...settings, client });
    return { config, storage, keys: () => s3Keys(client, config.S3_BUCKET!), log };
  }
  const root = path.join(config.DATA_DIR, 'media');
  return { config, storage: createLocalStorage(root), keys: () => localKeys(root), log };
}

async function main() {
  const command = process.argv[2];
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { to: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean' } },
  });
  if (command === 'backup' && values.to) await backUp(target(command), path.resolve(values.to));
  else if (command === 'restore' && values.from)
    await restore(target(command), path.resolve(values.from), { force: values.force });
  else throw new BackupError('usage: npm run backup -- --to DIR | npm run restore -- --from DIR [--force]');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
