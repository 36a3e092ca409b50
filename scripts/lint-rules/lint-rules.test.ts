// Proof that the import boundaries (decision 0135) and the ban on '/api/' strings (decision 0320) hold: the repository's own ESLint config lints a
// fixture tree laid out like the real one, where each file either plants one violation or shows a
// legal import. The table names every fixture file, so a new one cannot go unchecked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtureRoot = 'scripts/lint-rules/fixtures';

// The zone messages tell the uses of no-restricted-paths apart.
const platformBelowModules = ['import-x/no-restricted-paths', 'platform/ sits below the modules'];
const moduleThroughEntry = ['import-x/no-restricted-paths', 'through its public entry'];
const roomThroughEntry = ['import-x/no-restricted-paths', 'Reach a room of your module through its entry'];
const featuresApart = ['import-x/no-restricted-paths', 'never import each other'];
const featureThroughIndex = ['import-x/no-restricted-paths', 'through its index.ts only'];
const scriptThroughSurface = [
  'import-x/no-restricted-paths',
  'A bench or the cluster test reaches the server through',
];
const scriptNoWeb = ['import-x/no-restricted-paths', 'never import the web app'];
const cycle = ['import-x/no-cycle', 'Dependency cycle'];
const importsATest = ['no-restricted-imports', 'A test file is loaded by its suite, never imported'];
const apiLiteral = ['no-restricted-syntax', 'through the route table'];

/** Fixture file (under the fixture root) → the one problem it must raise, or null when it is legal. */
const expected: Record<string, string[] | null> = {
  'apps/server/src/platform/reaches-module.ts': platformBelowModules,
  'apps/server/src/platform/reaches-composition.ts': platformBelowModules,
  'apps/server/src/platform/reaches-cli.ts': platformBelowModules,
  'apps/server/src/modules/beta/reaches-inside.ts': moduleThroughEntry,
  'apps/server/src/modules/beta/reaches-schema.ts': moduleThroughEntry,
  'apps/server/src/modules/beta/reaches-room.ts': moduleThroughEntry,
  'apps/server/src/modules/delta/reaches-room.ts': roomThroughEntry,
  'apps/server/src/modules/delta/two/reaches-room.ts': roomThroughEntry,
  'apps/server/src/modules/gamma/ping.ts': cycle,
  'apps/server/src/modules/gamma/pong.ts': cycle,
  'apps/server/src/modules/gamma/imports-a-test.ts': importsATest,
  'apps/web/src/features/alpha/two/reaches-feature.ts': featuresApart,
  'apps/web/src/features/alpha/two/reaches-feature-relative.ts': featuresApart,
  'apps/web/src/features/beta/three/reaches-feature.ts': featuresApart,
  'apps/web/src/app/reaches-inside.ts': featureThroughIndex,
  'apps/web/src/lib/ring-a.ts': cycle,
  'apps/web/src/lib/ring-b.ts': cycle,
  'apps/server/src/modules/beta/beta.routes.test.ts': apiLiteral,
  'apps/web/src/features/alpha/one/one.fake-api.test.ts': apiLiteral,
  'scripts/bench/reaches-inside.ts': scriptThroughSurface,
  'scripts/bench/reaches-room.ts': scriptThroughSurface,
  'scripts/bench/reaches-web.ts': scriptNoWeb,
  'scripts/cluster/reaches-inside.ts': scriptThroughSurface,

  'apps/server/src/composition.ts': null,
  'apps/server/src/cli/command.ts': null,
  'apps/server/src/platform/clock.ts': null,
  'apps/server/src/modules/alpha/alpha.service.ts': null,
  'apps/server/src/modules/alpha/index.ts': null,
  'apps/server/src/modules/alpha/alpha.schema.ts': null,
  'apps/server/src/modules/beta/beta.schema.ts': null,
  'apps/server/src/modules/beta/index.ts': null,
  'apps/server/src/modules/beta/through-entry.ts': null,
  'apps/server/src/modules/beta/beta.test.ts': null,
  'apps/server/src/modules/beta/beta.fixtures.ts': null,
  'apps/server/src/modules/beta/beta.route-url.test.ts': null,
  'apps/server/test/addresses.ts': null,
  'apps/server/src/modules/delta/index.ts': null,
  'apps/server/src/modules/delta/one/index.ts': null,
  'apps/server/src/modules/delta/one/one.service.ts': null,
  'apps/server/src/modules/delta/two/index.ts': null,
  'apps/server/src/modules/delta/two/through-room-entry.ts': null,
  'apps/server/src/modules/gamma/shape-a.ts': null,
  'apps/server/src/modules/gamma/gamma.test.ts': null,
  'apps/server/src/modules/gamma/shape-b.ts': null,
  'apps/web/src/features/alpha/one/api/get-one.ts': null,
  'apps/web/src/features/alpha/one/OnePage.tsx': null,
  'apps/web/src/features/alpha/one/index.ts': null,
  'apps/web/src/features/alpha/two/index.ts': null,
  'apps/web/src/features/beta/three/index.ts': null,
  'apps/web/src/app/router.tsx': null,
  'apps/web/src/lib/format.ts': null,
  'scripts/bench/through-entry.ts': null,
  'scripts/bench/seeds-as-tests.ts': null,
};

type Problem = { ruleId: string | null; message: string };
const problemsByFile = new Map<string, Problem[]>();

beforeAll(async () => {
  // ignore: false because the normal run ignores the fixture tree on purpose.
  const eslint = new ESLint({ cwd: repoRoot, ignore: false });
  const results = await eslint.lintFiles([`${fixtureRoot}/apps`, `${fixtureRoot}/scripts`]);
  for (const result of results) {
    const file = path.relative(path.join(repoRoot, fixtureRoot), result.filePath).split(path.sep).join('/');
    problemsByFile.set(
      file,
      result.messages.map(({ ruleId, message }) => ({ ruleId, message })),
    );
  }
}, 60_000);

describe('import boundaries kept by the linter', () => {
  it('lints exactly the fixture files the table names', () => {
    expect([...problemsByFile.keys()].sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, problem] of Object.entries(expected)) {
    if (problem === null) {
      it(`passes ${file}`, () => {
        expect(problemsByFile.get(file)).toEqual([]);
      });
    } else {
      const [ruleId, messagePart] = problem;
      it(`fails ${file} with ${ruleId} (${messagePart})`, () => {
        const problems = problemsByFile.get(file) ?? [];
        expect(problems).toHaveLength(1);
        expect(problems[0]?.ruleId).toBe(ruleId);
        expect(problems[0]?.message).toContain(messagePart);
      });
    }
  }
});
