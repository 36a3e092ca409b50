import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Where this run's bundle is (test/global-setup.ts builds it before the first file). */
export const SERVER_BUNDLE_ENV = 'PW_TEST_SERVER_BUNDLE';

/**
 * The arguments after `node` that start the server in a test's own process, from the workspace's folder:
 * the run's bundle of `src/main.ts`, which does what `npm start` does.
 */
export function serverEntry(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  if (!bundle) throw new Error(`${SERVER_BUNDLE_ENV} is not set: the server tests' global set-up builds it`);
  return ['--enable-source-maps', bundle];
}

/** A folder for a run's bundle: node_modules resolves from there as from `src/`. */
export const bundleParentDir = path.join(serverDir, 'node_modules/.cache/test-server');

/**
 * The server's own code (this workspace and `@pw/*`) in one ES module, for the tests that start real
 * server processes (docs/decisions/0401). Each of those starts through tsx spends most of its time loading
 * modules through tsx's hooks; the bundle is plain JavaScript Node loads by itself. Packages stay outside it,
 * imported from node_modules as `npm start` imports them.
 */
export async function bundleServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'main.mjs');
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node's conditions only (esbuild would add 'module'): a file found here is the one Node would load.
    conditions: [],
    sourcemap: 'inline',
    // Names as the source has them (an error's class, a function's name in a log): esbuild may rename.
    keepNames: true,
    logLevel: 'error',
    plugins: [ownFileUrls, packagesFromNodeModules],
  });
  return outfile;
}

/**
 * A module that finds its files from `import.meta.url` (the migrations, the web build, the speech models)
 * keeps its own source file's URL in the bundle, so every path it builds is the one `npm start` builds.
 */
const ownFileUrls: Plugin = {
  name: 'own-file-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await fsp.readFile(file, 'utf8');
      const url = JSON.stringify(pathToFileURL(file).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** A package's name (scoped or not), then the path inside it if any. */
const PACKAGE_PATH = /^(@[^/]+\/)?[^/]+(\/.*)?$/;

/**
 * Packages are imported at run time, not bundled. Node's own resolution is kept for a package's name;
 * a path inside a package (`nodemailer/lib/smtp-pool`) is resolved here, since Node's ES module loader
 * wants the file's full name where tsx found it without one.
 */
const packagesFromNodeModules: Plugin = {
  name: 'packages-from-node-modules',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      // The workspace's packages are source, bundled; the inner call below lets esbuild find the file.
      if (args.path.startsWith('@pw/') || args.pluginData === 'resolving') return undefined;
      const subpath = args.path.startsWith('node:') ? undefined : PACKAGE_PATH.exec(args.path)?.[2];
      if (!subpath) return { path: args.path, external: true };
      const resolved = await esbuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, external: true };
    });
  },
};
