/**
 * `npm run restore -- --from DIR [--force] [--accept-unsigned]`: puts a backup back into this installation, which must be
 * empty (or emptied with --force) and, with the embedded database, not running (decision 0336;
 * docs/operations.md "Backup and restore"). `--accept-unsigned` restores a backup taken before backups
 * were signed, which the operator vouches for.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { BackupError, restore } from '../platform/backup';
import { storedObjects } from '../platform/storage/stored-objects';
import { exitWith } from './operate';

const { values } = parseArgs({
  options: { from: { type: 'string' }, force: { type: 'boolean' }, 'accept-unsigned': { type: 'boolean' } },
});
if (!values.from) {
  console.error('usage: npm run restore -- --from DIR [--force] [--accept-unsigned]');
  process.exit(1);
}
const from = path.resolve(values.from);

exitWith(
  (async () => {
    const config = loadConfig();
    const log = (message: string) => console.log(`restore: ${message}`);
    try {
      await restore({ config, ...storedObjects(config), log }, from, {
        force: values.force,
        acceptUnsigned: values['accept-unsigned'],
      });
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(`restore: ${error.message}`);
      return 1;
    }
  })(),
);
