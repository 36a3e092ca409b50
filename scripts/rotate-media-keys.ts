/**
 * `npm run keys:rotate`: re-wraps every stored object's data key with the newest media key (MEDIA_KEY),
 * reading the same configuration as the server. `npm run keys:rotate -- --encrypt-plain` also encrypts
 * the objects stored in the clear before media was encrypted (once; later runs find none). Run it after moving the old key into MEDIA_KEYS_OLD and
 * restarting the processes; once it reports no object left under an old key, that key may be dropped.
 * Safe to stop and run again. Progress goes to the standard output.
 */
import { loadConfig } from '../apps/server/src/platform/config';
import { resolveMediaKeyring } from '../apps/server/src/platform/secrets';
import { rotateMediaKeys } from '../apps/server/src/platform/storage/key-rotation';
import { storedObjects } from '../apps/server/src/platform/storage/stored-objects';

async function main() {
  const config = loadConfig();
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const log = (message: string) => console.log(`keys:rotate ${message}`);
  const options = { encryptPlain: process.argv.includes('--encrypt-plain') };
  const { storage, keys } = storedObjects(config);
  await rotateMediaKeys(storage, keys(), keyring, log, options);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
