/**
 * The operator commands that need the database (`npm run backup`, `media:verify`, `keys:rotate`),
 * written once and run where the database is (decision 0380): in the command's own process (PostgreSQL,
 * or the embedded database with no server running), or inside the running server that owns the
 * embedded database, sent there through its admin socket. Each prints lines and answers an exit code.
 */
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import { backUp, BackupError } from '../backup';
import { systemClock } from '../clock';
import { resolveMediaKeyring } from '../secrets';
import { createEncryptedStorage } from '../storage/encrypted-storage';
import { summarize, verifyAll } from '../storage/integrity';
import { rotateMediaKeys } from '../storage/key-rotation';
import { recordEncryptedOnly } from '../storage/plaintext-policy';
import { createObjectRecords } from '../storage/object-records';
import { storedObjects } from '../storage/stored-objects';
import { objectDeletions } from '../storage/deletion-hold';

export interface CommandContext {
  config: AppConfig;
  /** The database, open: the server's own, or opened by the command (`migrate: false`: as it is). */
  database(options: { migrate: boolean }): Promise<Database>;
  /** One line for the operator's terminal. */
  log(line: string): void;
}

export type CommandOptions = Record<string, string | boolean | undefined>;

async function backup(context: CommandContext, options: CommandOptions): Promise<number> {
  const { config, log } = context;
  if (typeof options.to !== 'string' || !path.isAbsolute(options.to))
    throw new BackupError('usage: npm run backup -- --to DIR');
  // The embedded database is copied by its owner as it is: a backup never migrates what it copies.
  const embedded = config.DATABASE_URL ? undefined : await context.database({ migrate: false });
  // From before the database copy to the last object copied, this process deletes no object's bytes:
  // the copy restores every file its rows name (deletion-hold.ts).
  const release = objectDeletions.hold();
  try {
    await backUp({ config, ...storedObjects(config), log, embedded }, options.to);
  } finally {
    await release();
  }
  return 0;
}

async function verifyMedia(context: CommandContext): Promise<number> {
  const { config, log } = context;
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const storage = createEncryptedStorage(storedObjects(config).storage, keyring);
  const database = await context.database({ migrate: true });
  const report = await verifyAll(
    { storage, objects: createObjectRecords(database.db), clock: systemClock },
    (soFar) => log(`${soFar.checked} checked, ${soFar.damaged.length} damaged`),
  );
  for (const line of summarize(report)) log(line);
  return report.damaged.length ? 1 : 0;
}

async function rotateKeys(context: CommandContext, options: CommandOptions): Promise<number> {
  const { config, log } = context;
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const { storage, keys } = storedObjects(config);
  const database = await context.database({ migrate: true });
  await rotateMediaKeys(storage, keys(), keyring, log, {
    encryptPlain: options['encrypt-plain'] === true,
    rekey: options.rekey === true,
    // Nothing left in the clear: from the next start on, an object without the header is a damage.
    onAllEncrypted: () => recordEncryptedOnly(database.db),
  });
  return 0;
}

export const operatorCommands = {
  backup,
  'media:verify': verifyMedia,
  'keys:rotate': rotateKeys,
} satisfies Record<string, (context: CommandContext, options: CommandOptions) => Promise<number>>;

export type OperatorCommandName = keyof typeof operatorCommands;

export const isOperatorCommand = (name: string): name is OperatorCommandName =>
  Object.hasOwn(operatorCommands, name);

/** Runs one command; a refusal it explains (BackupError) is its message and exit 1, anything else 2. */
export async function runCommand(
  name: OperatorCommandName,
  context: CommandContext,
  options: CommandOptions,
  fail: (line: string) => void,
): Promise<number> {
  try {
    return await operatorCommands[name](context, options);
  } catch (error) {
    if (error instanceof BackupError) {
      fail(error.message);
      return 1;
    }
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 2;
  }
}
