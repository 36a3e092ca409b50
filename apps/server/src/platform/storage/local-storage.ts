import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ReadOptions, Storage } from './storage';
import { localKeys } from './key-rotation';

/**
 * Stored media is readable by the server's own user only (decision 0275): another account on the host
 * (a backup agent, a shell user, a compromised service) cannot read people's videos, photos or exports.
 */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    // A key can never climb out of the media folder.
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return target;
  };
  const tmpPath = (target: string) => `${target}.${randomUUID()}.part`;

  return {
    async put(key, body) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      const tmp = tmpPath(target);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          fs.createWriteStream(tmp, { mode: FILE_MODE }),
        );
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
      return { size: (await fsp.stat(target)).size };
    },
    async putFile(key, localPath) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      // The file keeps the mode it was made with (a request's upload, a job's output): narrowed first,
      // so it is never readable by others under its stored name.
      try {
        await fsp.chmod(localPath, FILE_MODE);
        await fsp.rename(localPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const tmp = tmpPath(target);
        await fsp.copyFile(localPath, tmp);
        await fsp.chmod(tmp, FILE_MODE);
        await fsp.rename(tmp, target);
        await fsp.rm(localPath, { force: true });
      }
      return { size: (await fsp.stat(target)).size };
    },
    async stat(key) {
      try {
        const info = await fsp.stat(resolve(key));
        return { size: info.size };
      } catch {
        return null;
      }
    },
    async read(key, range?: ByteRange, options?: ReadOptions) {
      return fs.createReadStream(resolve(key), {
        ...(range ? { start: range.start, end: range.end } : {}),
        ...(options?.pieceSize ? { highWaterMark: options.pieceSize } : {}),
      });
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    keys: () => localKeys(root),
  };
}
