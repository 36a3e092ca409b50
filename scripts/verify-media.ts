/**
 * `npm run media:verify`: checks every stored object at once (decision 0340): reads each back through
 * the decrypting storage and compares its size and SHA-256 with what was recorded when it was written,
 * recording those read for the first time. Prints a summary; exits 1 if any object is damaged. Reads
 * the same configuration as the server; with the embedded database, stop the server first.
 */
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db';
import path from 'node:path';
import { systemClock } from '../apps/server/src/platform/clock';
import { resolveMediaKeyring } from '../apps/server/src/platform/secrets';
import { createEncryptedStorage } from '../apps/server/src/platform/storage/encrypted-storage';
import { summarize, verifyAll } from '../apps/server/src/platform/storage/integrity';
import { createObjectRecords } from '../apps/server/src/platform/storage/object-records';
import { storedObjects } from '../apps/server/src/platform/storage/stored-objects';

async function main(): Promise<number> {
  const config = loadConfig();
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const storage = createEncryptedStorage(storedObjects(config).storage, keyring);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    const report = await verifyAll(
      { storage, objects: createObjectRecords(database.db), clock: systemClock },
      (so_far) => console.log(`media:verify ${so_far.checked} checked, ${so_far.damaged.length} damaged`),
    );
    for (const line of summarize(report)) console.log(`media:verify ${line}`);
    return report.damaged.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
