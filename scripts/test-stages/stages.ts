/** The stages of a check, by group; each is a root package script. */
export interface Stage {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

/**
 * One step of a check: its lanes run side by side, the stages of a lane one after the other, and the
 * next step starts when every lane has ended. ESLint and each `tsc` use one thread, so on the machine's
 * two cores the static checks and the quick benches share it instead of waiting for each other; a suite
 * that keeps every core busy by itself (the server and web suites, Playwright) is a step of its own.
 */
export type Step = Array<Stage | Stage[]>;

export const stageGroups: Record<string, Step[]> = {
  // `npm test`: what a fresh machine with Node, Chromium and ffmpeg runs, no database server.
  default: [
    [
      { name: 'lint', script: 'lint' },
      { name: 'types', script: 'typecheck' },
      { name: 'lint rules', script: 'test:lint-rules' },
      // The bundle bench reads the build. Its figures here only prove each bench still runs: the ones
      // an issue reports come from `npm run bench` on an otherwise idle machine.
      [
        { name: 'build', script: 'build' },
        { name: 'benches, quick (embedded)', script: 'test:bench' },
      ],
    ],
    [{ name: 'server suite (embedded database)', script: 'test:server' }],
    [{ name: 'web suite', script: 'test:web' }],
    [{ name: 'Playwright', script: 'test:e2e' }],
  ],
  // `.ci/run` after `npm test`, with DATABASE_URL set to a database of its own.
  postgres: [
    [{ name: 'server suite (PostgreSQL)', script: 'test:server' }],
    // The cluster spends much of its time waiting on its processes (starts, kills, the balancer's health
    // checks): the quick benches, whose figures CI does not read, use that time.
    [
      { name: 'benches, quick (PostgreSQL)', script: 'test:bench:postgres' },
      { name: 'cluster, quick', script: 'test:cluster', args: ['--', '--quick'] },
    ],
  ],
};
