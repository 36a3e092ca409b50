import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The PostgreSQL pass (.ci/run sets DATABASE_URL) leaves out what it would only repeat: the embedded
 * database's own process test (its servers run PGlite whatever the pass), and the files that run on
 * the machine's PostgreSQL in either pass (real processes sharing one database, the start locks, the
 * list queries on both databases). Each of them runs in the embedded pass, `npm test`.
 */
const sameInEitherPass = [
  'src/cli/operator-commands.processes.test.ts',
  'src/modules/videos/videos.processes.test.ts',
  'src/modules/delivery/delivery.processes.test.ts',
  'src/modules/legacy/legacy.processes.test.ts',
  'src/platform/db/paginate.test.ts',
  'src/platform/db/start-lock.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: process.env.DATABASE_URL
      ? [...configDefaults.exclude, ...sameInEitherPass]
      : configDefaults.exclude,
    environment: 'node',
    // Each file gets its own database; two workers match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // After a run of the whole suite: every route got each kind of answer it owes (decision 0277).
    reporters: ['default', './test/route-coverage.reporter.ts'],
  },
});
