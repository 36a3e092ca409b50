import { ConfigError, type AppConfig } from '../config';
import { DataFolderHeld, lockDataFolder, type DataLock } from './data-lock';

/**
 * The server's hold on the embedded database (decision 0380), taken before anything under DATA_DIR is
 * opened. A second start on the same DATA_DIR stops here with one line: who runs, and what to do
 * instead. With PostgreSQL (DATABASE_URL) many processes are normal and nothing is taken.
 */
export async function lockForServer(config: AppConfig): Promise<DataLock | null> {
  if (config.DATABASE_URL) return null;
  try {
    return await lockDataFolder(config.DATA_DIR, {
      role: `Parting Words (ROLE=${config.ROLE})`,
      ...(config.ROLE === 'worker' ? {} : { port: config.PORT }),
    });
  } catch (error) {
    if (!(error instanceof DataFolderHeld)) throw error;
    const what = error.holder?.role.startsWith('Parting Words')
      ? 'The embedded database has one process: stop that one before starting again, or use it as it runs (npm run backup, media:verify and keys:rotate send their work to it); several processes need PostgreSQL (DATABASE_URL)'
      : 'Start again once it has finished';
    throw new ConfigError(`Not started: ${error.message}. ${what}.`);
  }
}
