/**
 * `npm run test:quick`: checks what a change touches, in about a minute, before the whole `npm test`.
 * The change is what is not committed (tracked or new files), or with nothing uncommitted the last
 * commit; `-- --since REF` takes everything since REF (e.g. `--since main` on a branch). It runs, for
 * the changed files only: ESLint and Prettier; the type check of each workspace they are in (and of
 * the workspaces that import the contracts when those changed); and the server and web test files
 * that import them (`vitest related`). Playwright, the benches and the other pass wait for `npm test`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

function changedFiles(): string[] {
  const since = process.argv.indexOf('--since');
  const listed =
    since >= 0
      ? git('diff', '--name-only', `${process.argv[since + 1]}...HEAD`).concat(
          git('diff', '--name-only', 'HEAD'),
        )
      : git('diff', '--name-only', 'HEAD');
  const untracked = git('ls-files', '--others', '--exclude-standard');
  const files = [...listed, ...untracked];
  const change = files.length > 0 || since >= 0 ? files : git('diff', '--name-only', 'HEAD~1', 'HEAD');
  // A deleted file has nothing left to check; its importers show up through the type check.
  return [...new Set(change)].filter((file) => fs.existsSync(path.join(root, file)));
}

/** Workspaces and the folder each type-checks (the scripts are checked by the root's tsconfig). */
const workspaces = [
  { folder: 'packages/contracts', typecheck: ['-p', 'packages/contracts'] },
  { folder: 'apps/server', typecheck: ['-p', 'apps/server'], tests: true },
  { folder: 'apps/web', typecheck: ['-p', 'apps/web'], tests: true },
  { folder: 'e2e', typecheck: ['-p', 'e2e'] },
  { folder: 'scripts', typecheck: ['-p', 'tsconfig.scripts.json'] },
];

function step(title: string, command: string, args: string[], cwd = root): boolean {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

function main() {
  const files = changedFiles();
  if (files.length === 0) {
    console.log('Nothing changed.');
    return;
  }
  console.log(`${files.length} changed files`);
  const started = performance.now();
  const failed: string[] = [];
  const check = (title: string, command: string, args: string[], cwd?: string) => {
    if (!step(title, command, args, cwd)) failed.push(title);
  };
  const code = files.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
  if (code.length > 0) check('ESLint', 'npx', ['eslint', '--no-warn-ignored', ...code]);
  check('Prettier', 'npx', ['prettier', '--check', '--ignore-unknown', ...files]);
  const contractsChanged = files.some((file) => file.startsWith('packages/contracts/'));
  for (const workspace of workspaces) {
    const mine = files.filter((file) => file.startsWith(`${workspace.folder}/`));
    if (mine.length === 0 && !(contractsChanged && workspace.folder !== 'scripts')) continue;
    check(`types: ${workspace.folder}`, 'npx', ['tsc', '--noEmit', ...workspace.typecheck]);
    const sources = mine
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .map((file) => path.relative(workspace.folder, file));
    if (workspace.tests && sources.length > 0)
      check(
        `tests importing the change: ${workspace.folder}`,
        'npx',
        ['vitest', 'related', '--run', '--passWithNoTests', ...sources],
        path.join(root, workspace.folder),
      );
  }
  console.log(
    `\n${((performance.now() - started) / 1000).toFixed(1)} s; ${failed.length === 0 ? 'all passed' : `failed: ${failed.join(', ')}`}`,
  );
  if (failed.length > 0) process.exit(1);
}

main();
