/**
 * Where the run's migrated copy is (test/global-setup.ts makes it before the first file): read by
 * `createTestDatabase` and test/embedded-test-database.ts. Outside a test run (the benches) neither is
 * set and each database migrates itself.
 */
import fs from 'node:fs';

/** The file holding one migrated PGlite data folder (an uncompressed tar), embedded pass. */
export const PGLITE_SNAPSHOT_ENV = 'PW_TEST_PGLITE_SNAPSHOT';
/** The name of the migrated template database, PostgreSQL pass. */
export const TEMPLATE_DATABASE_ENV = 'PW_TEST_TEMPLATE_DATABASE';

let snapshot: Blob | undefined;

/** The migrated PGlite folder, read once per worker. */
export function migratedPgliteSnapshot(): Blob | undefined {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (!file) return undefined;
  snapshot ??= new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/** The migrated database to copy a PostgreSQL test database from, when the run made one. */
export const templateDatabase = (): string | undefined => process.env[TEMPLATE_DATABASE_ENV];
