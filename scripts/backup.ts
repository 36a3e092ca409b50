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
import { storedObjects } from '../apps/server/src/platform/storage/stored-objects';

function target(command: string): BackupTarget {
  const config = loadConfig();
  const log = (message: string) => console.log(`${command}: ${message}`);
  return { config, ...storedObjects(config), log };
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
