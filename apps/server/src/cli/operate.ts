/**
 * How an operator command reaches the database (decision 0380): with PostgreSQL it runs here; with the
 * embedded database it takes the data folder's lock and runs here, or, when the running server holds
 * the lock, sends its work to the server through the admin socket and prints the server's lines as they
 * come. Nothing opens the embedded database a second time.
 */
import { ConfigError, loadConfig, type AppConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import { sendCommand } from '../platform/owner/admin-socket';
import { runCommand, type CommandOptions, type OperatorCommandName } from '../platform/owner/commands';
import { DataFolderHeld, lockDataFolder } from '../platform/owner/data-lock';

/** What each command's lines have always started with. */
const prefixes: Record<OperatorCommandName, string> = {
  backup: 'backup: ',
  'media:verify': 'media:verify ',
  'keys:rotate': 'keys:rotate ',
};

async function here(name: OperatorCommandName, config: AppConfig, options: CommandOptions): Promise<number> {
  const prefix = prefixes[name];
  let opened: Database | null = null;
  const context = {
    config,
    database: async ({ migrate }: { migrate: boolean }) =>
      (opened ??= await openDatabase({
        url: config.DATABASE_URL,
        dataDir: `${config.DATA_DIR}/db`,
        migrate,
      })),
    log: (line: string) => console.log(`${prefix}${line}`),
  };
  try {
    return await runCommand(name, context, options, (line) => console.error(`${prefix}${line}`));
  } finally {
    await (opened as Database | null)?.close();
  }
}

export async function operate(name: OperatorCommandName, options: CommandOptions): Promise<number> {
  const config = loadConfig();
  const prefix = prefixes[name];
  if (config.DATABASE_URL) return here(name, config, options);
  let lock;
  try {
    lock = await lockDataFolder(config.DATA_DIR, { role: `npm run ${name}` });
  } catch (error) {
    if (!(error instanceof DataFolderHeld)) throw error;
    const holder = error.holder;
    if (holder?.commands) {
      console.log(
        `${prefix}the server runs (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}): it does this while it serves`,
      );
      return sendCommand(config.DATA_DIR, name, options, {
        out: (line) => console.log(`${prefix}${line}`),
        err: (line) => console.error(`${prefix}${line}`),
      });
    }
    const starting = holder?.role.startsWith('Parting Words');
    console.error(
      `${prefix}${error.message}: ${starting ? 'it is starting; run this again once it is up' : 'run this again once it has finished'}. Nothing was done`,
    );
    return 1;
  }
  try {
    return await here(name, config, options);
  } finally {
    await lock.release();
  }
}

/** Ends the process with the command's exit code; a configuration problem is its message and 1. */
export function exitWith(work: Promise<number>): void {
  work.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(error instanceof ConfigError ? 1 : 2);
    },
  );
}
