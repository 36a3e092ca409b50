import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, MIN_SECRET_BYTES } from './config';
import { createMediaKeyring, decodeMediaKey, type MediaKeyring } from './storage/media-keyring';

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

/**
 * The media keys: MEDIA_KEY (newest) and MEDIA_KEYS_OLD, or else a key generated once into
 * DATA_DIR/media-key the way the app secret is. A damaged stored key stops the start: writing media
 * under a different key would leave every older object unreadable.
 */
export function resolveMediaKeyring(
  configured: string | undefined,
  older: string | undefined,
  dataDir: string,
): MediaKeyring {
  const olderKeys = (older ?? '')
    .split(',')
    .filter((text) => text.trim())
    .map((text) => decodeMediaKey(text)!);
  if (configured) return createMediaKeyring(decodeMediaKey(configured)!, olderKeys);
  const file = path.join(dataDir, 'media-key');
  const stored = readIfPresent(file) ?? generate(file);
  const key = decodeMediaKey(stored);
  if (!key) {
    throw new ConfigError(
      `Invalid configuration:\n  MEDIA_KEY: the generated key in ${file} is not a 32-byte base64 key. ` +
        'Restore the file from its own backup, or set MEDIA_KEY. Without the right key the stored media ' +
        'cannot be read.',
    );
  }
  return createMediaKeyring(key, olderKeys);
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
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
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
