/** The stages of a check, by group; each is a root package script. */
export interface Stage {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

export const stageGroups: Record<string, Stage[]> = {
  // `npm test`: what a fresh machine with Node, Chromium and ffmpeg runs, no database server.
  default: [
    { name: 'lint', script: 'lint' },
    { name: 'lint rules', script: 'test:lint-rules' },
    { name: 'types', script: 'typecheck' },
    { name: 'server suite (embedded database)', script: 'test:server' },
    { name: 'web suite', script: 'test:web' },
    { name: 'build', script: 'build' },
    { name: 'benches, quick (embedded)', script: 'test:bench' },
    { name: 'Playwright', script: 'test:e2e' },
  ],
  // `.ci/run` after `npm test`, with DATABASE_URL set to a database of its own.
  postgres: [
    { name: 'server suite (PostgreSQL)', script: 'test:server' },
    { name: 'benches, quick (PostgreSQL)', script: 'test:bench:postgres' },
    { name: 'cluster, quick', script: 'test:cluster', args: ['--', '--quick'] },
  ],
};
