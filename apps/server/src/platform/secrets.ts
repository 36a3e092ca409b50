import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, MIN_SECRET_BYTES } from './config';

/**
 * APP_SECRET keys the HMACs of media URLs, watch links and reset codes. Without one, a random secret is
 * created once and kept in DATA_DIR so that links stay valid across restarts of the embedded setup.
 * A configured one is checked by loadConfig; a stored one here: an empty or short file (a disk that
 * filled up, a bad restore) stops the start instead of signing everything with a guessable key.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  const stored = readIfPresent(file) ?? generate(file);
  const bytes = Buffer.byteLength(stored);
  if (bytes < MIN_SECRET_BYTES) {
    throw new ConfigError(
      `Invalid configuration:\n  APP_SECRET: the generated secret in ${file} is ` +
        `${bytes === 0 ? 'empty' : `only ${bytes} bytes long`} (at least ${MIN_SECRET_BYTES} are needed). ` +
        'Restore the file from a backup, or set APP_SECRET. Deleting the file makes a new secret, ' +
        'and links already e-mailed stop working.',
    );
  }
  return stored;
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Written under a temporary name and linked into place, so a crash never leaves an empty file behind
 * and two processes starting at once end up with the same secret (the second reads the first's).
 */
function generate(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(fd, secret);
    fs.fsyncSync(fd); // on disk before it has its real name
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
