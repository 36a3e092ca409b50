import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test` needs no database server: the files that run the machine's PostgreSQL whatever the pass
 * (real processes sharing one database, the start locks, the list queries on both databases) run in
 * the PostgreSQL pass only, which .ci/run starts (DATABASE_URL), as do the tests of what only
 * PostgreSQL has (a listener's own connection, which can drop). That pass leaves out the embedded
 * database's own process test (its servers run PGlite whatever the pass, so it would only repeat it)
 * and the test of how the embedded pass hands its databases out, which that pass does not do.
 */
const needsPostgres = [
  'src/modules/videos/conversion/videos.processes.test.ts',
  'src/modules/delivery/send/delivery.processes.test.ts',
  'src/modules/legacy/legacy.processes.test.ts',
  'src/platform/db/paginate.test.ts',
  'src/platform/db/start-lock.test.ts',
  'src/platform/db/listen.reconnect.test.ts',
];
const embeddedOnly = ['src/cli/operator-commands.processes.test.ts', 'test/embedded-test-database.test.ts'];

/** For the timings printed after `npm test` (scripts/test-stages): a JSON report per pass. */
const timingReport: Array<[string, { outputFile: string }]> = process.env.TEST_REPORT_DIR
  ? [
      [
        'json',
        {
          outputFile: path.join(
            process.env.TEST_REPORT_DIR,
            process.env.DATABASE_URL ? 'server-postgres.json' : 'server.json',
          ),
        },
      ],
    ]
  : [];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? embeddedOnly : needsPostgres)],
    environment: 'node',
    // One migrated database per run, copied for each file (test/global-setup.ts, test/embedded-test-database.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Each file gets a database as the copy is; two workers match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker process (modules loaded once): each file still gets its own app and a
    // database holding only the copy, and a context's teardown ends its jobs before handing it back.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // After a run of the whole suite: every route got each kind of answer it owes (decision 0277).
    reporters: ['default', './test/route-coverage.reporter.ts', ...timingReport],
  },
});
