import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import type { Storage } from '../storage/storage';
import { BackupError } from './manifest';

/** What a backup or restore reads and writes besides the configuration. */
export interface BackupTarget {
  config: AppConfig;
  /** The objects as stored (the plain storage under the encrypting one: nothing is decrypted). */
  storage: Storage;
  /** Every key of that storage. */
  keys: () => AsyncIterable<string>;
  log?: (message: string) => void;
  /**
   * The embedded database, open in its owner (the running server's own). Without it, a backup opens
   * the folder itself, which its lock refuses while another process has it.
   */
  embedded?: Database;
}

export const pgliteDir = (config: AppConfig) => path.join(config.DATA_DIR, 'db');

/** Runs a PostgreSQL client tool; its error output becomes the error's message. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}
