// The import boundaries of the architecture guide, kept by the linter (decision 0135).
// Every pattern starts with `**/` so it matches both the real tree and the fixture tree in
// scripts/lint-rules/fixtures, which mirrors it: the proof there lints with this very config.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
export const fixtureRoot = 'scripts/lint-rules/fixtures';
/** The trees whose folders name the server modules and web features: the real one and its mirror. */
const treeRoots = ['.', fixtureRoot];

const SERVER = '**/apps/server/src';
const WEB = '**/apps/web/src';

/** Folder names under `<tree>/<folder>` across the trees, read at lint time so a new module is covered. */
function folderNames(folder) {
  const names = treeRoots.flatMap((tree) => {
    try {
      return readdirSync(path.join(repoRoot, tree, folder), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  });
  return [...new Set(names)].sort();
}

// Rule 1: the platform is below every module and below the composition root.
const platformZone = {
  target: `${SERVER}/platform/**`,
  // The operator commands (cli/) stand on the platform like main.ts; the platform never reaches up to them.
  from: [`${SERVER}/modules/**`, `${SERVER}/composition.ts`, `${SERVER}/cli/**`],
  message:
    'platform/ sits below the modules: it never imports a module, the composition root or an operator command.',
};

// Rule 2: a module reaches another module only through that module's index.ts, its data too: the owner
// exports read functions or read-only views of its tables there (decision 0310). Only a schema file may
// import another module's schema file, for a foreign key (the schema block below).
const moduleZonesExcept = (except) =>
  folderNames('apps/server/src/modules').map((name) => ({
    target: `${SERVER}/modules/${name}/**`,
    from: `${SERVER}/modules/!(${name})/**`,
    except,
    message: `Import another module through its public entry (modules/<module>/index.ts), not its inner files (not even its *.schema.ts: read its data through what its index.ts exports).`,
  }));
const moduleZones = moduleZonesExcept([`${SERVER}/modules/*/index.ts`]);

// Rule 2b: a big module keeps its parts in rooms, one sub-folder each (`modules/<module>/<room>/`). Any
// other file of the module, in another room or at the module's top, reaches a room only through the
// room's index.ts, so a room's inner files can change without its neighbours noticing. Another module
// reaches none of them (rule 2 lets it import the module's top index.ts only).
const roomZones = folderNames('apps/server/src/modules').flatMap((name) =>
  folderNames(`apps/server/src/modules/${name}`).map((room) => ({
    target: [`${SERVER}/modules/${name}/*.ts`, `${SERVER}/modules/${name}/!(${room})/**`],
    from: `${SERVER}/modules/${name}/${room}/**`,
    except: [`${SERVER}/modules/${name}/${room}/index.ts`],
    message: `Reach a room of your module through its entry (modules/<module>/<room>/index.ts), not its inner files.`,
  })),
);
const schemaFiles = [`${SERVER}/modules/*/*.schema.ts`];
const schemaModuleZones = moduleZonesExcept([`${SERVER}/modules/*/index.ts`, ...schemaFiles]);

// Rule 3: features never import each other; the rest of the web source uses a feature's index only.
// A feature is `features/<domain>/<feature>` (decision 0316): two features of one domain are as apart
// as two of different domains.
const features = folderNames('apps/web/src/features').flatMap((domain) =>
  folderNames(`apps/web/src/features/${domain}`).map((name) => ({ domain, name })),
);
const featureZones = features.map(({ domain, name }) => ({
  target: `${WEB}/features/${domain}/${name}/**`,
  from: [`${WEB}/features/!(${domain})/**`, `${WEB}/features/${domain}/!(${name})/**`],
  message: 'Web features never import each other: move what both need to components/ or lib/.',
}));
const outsideFeaturesZone = {
  target: [`${WEB}/!(features)/**`, `${WEB}/*.{ts,tsx}`],
  from: `${WEB}/features/**`,
  except: [`${WEB}/features/*/*/index.{ts,tsx}`],
  message: 'Outside features/, import a feature through its index.ts only.',
};

// Rule 5: the repository's benchmarks and cluster test (scripts/bench, scripts/cluster) drive the server
// from outside, so they reach it only through its public surfaces: the app, the composition root, the
// platform and a module's top index.ts. A bench seeds rows as a test fixture does, so it may also use
// what the tests seed with: apps/server/test/** and a module's *.schema.ts and *.fixtures.ts. Never a
// module's other inner files, nor a room's. They never import the web app.
const SCRIPTS = ['**/scripts/bench/**', '**/scripts/cluster/**'];
const scriptZones = [
  {
    target: SCRIPTS,
    from: '**/apps/server/**',
    except: [
      `${SERVER}/app.ts`,
      `${SERVER}/composition.ts`,
      `${SERVER}/platform/**`,
      `${SERVER}/modules/*/index.ts`,
      `${SERVER}/modules/*/*.{schema,fixtures}.ts`,
      '**/apps/server/test/**',
    ],
    message:
      "A bench or the cluster test reaches the server through app.ts, composition.ts, platform/ or a module's index.ts (seeding: apps/server/test, a module's *.schema.ts or *.fixtures.ts), not a module's inner files.",
  },
  {
    target: SCRIPTS,
    from: '**/apps/web/**',
    message:
      'The benchmarks and the cluster test never import the web app: it is measured through its build.',
  },
];

/** Zones are matched against absolute paths, so they are anchored at the repository, not at the cwd. */
const restrictedPaths = (zones) => ['error', { basePath: repoRoot, zones }];

const serverSource = ['apps/server/src/**/*.ts', `${fixtureRoot}/apps/server/src/**/*.ts`];
const scriptSource = ['scripts/bench/**/*.{ts,mjs}', 'scripts/cluster/**/*.ts'].flatMap((glob) => [
  glob,
  `${fixtureRoot}/${glob}`,
]);
const webSource = ['apps/web/src/**/*.{ts,tsx}', `${fixtureRoot}/apps/web/src/**/*.{ts,tsx}`];
// Tests and fixtures build whole worlds out of several modules, so they may reach inner files (other
// modules' tables too: they plant rows no API writes and check what a deletion left; decision 0310), and
// a platform helper's test may use a module's real table as its example (apps/server/test/** is outside
// serverSource, so the rules never see it).
const serverTestFiles = ['**/*.test.ts', '**/*.fixtures.ts'];
/** Test files of every part: the suites load them, nothing imports them. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export default [
  {
    files: [...serverSource, ...webSource, ...scriptSource],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // One resolver that reads the tsconfig files: `@/` in the web source, workspace packages
      // such as @pw/contracts through node_modules. The fixture tree has its own tsconfig files.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'tsconfig.scripts.json',
            `${fixtureRoot}/apps/*/tsconfig.json`,
          ].map((file) => path.join(repoRoot, file)),
          // Several tsconfig files are the point: each part of the tree has its own.
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // An import the resolver cannot follow would slip past every boundary rule in this file unseen.
      'import-x/no-unresolved': 'error',
      // What lets no-cycle skip the test files (below): nothing imports one.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`\.test(\.tsx?)?$`,
              message: 'A test file is loaded by its suite, never imported: move what is shared to a helper.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [...serverSource, ...webSource, ...scriptSource],
    // No file imports a test file, so a test cannot close a cycle: a cycle through a file a test
    // imports is reported from that file. Walking the graph from each of the ~280 test files found
    // nothing and took half of the rule's time.
    ignores: testFiles,
    rules: {
      // Rule 4. Type-only imports are skipped by the rule itself (not configurable): they are erased
      // at build time, so they cannot make a module load half-initialised, which is the harm a cycle
      // does at run time. ignoreExternal keeps the walk inside our own code.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: serverSource,
    ignores: serverTestFiles,
    rules: { 'import-x/no-restricted-paths': restrictedPaths([platformZone, ...moduleZones, ...roomZones]) },
  },
  {
    // A table's foreign key names the other module's table: schema files may import schema files (and
    // drizzle-kit reads them all by glob). This block replaces the one above for them.
    files: ['apps/server/src/modules/*/*.schema.ts', `${fixtureRoot}/apps/server/src/modules/*/*.schema.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([platformZone, ...schemaModuleZones, ...roomZones]),
    },
  },
  {
    files: scriptSource,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(scriptZones) },
  },
  {
    files: webSource,
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...featureZones, outsideFeaturesZone]) },
  },
];
