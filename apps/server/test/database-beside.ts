import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database beside the one at `baseUrl`: empty, or a copy of `template`; `drop` removes it
 * once its connections are gone.
 */
export async function createDatabaseBeside(
  baseUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      // pg's pool.end() resolves before its sockets have closed; forcing the drop at once can kill a
      // backend that is still saying goodbye, which the client then reports as an uncaught error.
      // So wait for the connections to go (object_in_use) and force only as a last resort.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}
