/**
 * `npm run backup -- --to DIR`: a backup of this installation (database and stored objects, still
 * encrypted) into DIR, with a signed manifest (decision 0336; docs/operations.md "Backup and restore").
 * With the embedded database and the server running, the server takes it (decision 0380).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exitWith, operate } from './operate';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error('usage: npm run backup -- --to DIR');
  process.exit(1);
}
exitWith(operate('backup', { to: path.resolve(values.to) }));
