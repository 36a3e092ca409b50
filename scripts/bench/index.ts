/**
 * `npm run bench`: measures the figures each issue names and prints them. Each area adds a module here
 * exporting `run(options: BenchOptions): Promise<Record<string, string | number>>`. Pass area names to
 * run only those (`npm run bench -- accounts`; `all` or none: every area; `embedded`: the areas that
 * need no database server; `postgres`: those measured on the machine's PostgreSQL). `--quick` runs each
 * area at small sizes, seconds each, so CI proves every bench still runs: `npm test` the embedded
 * ones, .ci/run the PostgreSQL ones once it has started the database.
 */
import type { BenchOptions } from './options';

type Area = { run: (options: BenchOptions) => Promise<Record<string, string | number>> };

const areas: Record<string, () => Promise<Area>> = {
  foundation: () => import('./foundation'),
  accounts: () => import('./accounts'),
  videos: () => import('./videos'),
  delivery: () => import('./delivery'),
  queries: () => import('./queries'),
  pipeline: () => import('./pipeline'),
  payments: () => import('./payments'),
  banner: () => import('./banner'),
  dashboard: () => import('./dashboard'),
  'admin-lists': () => import('./admin-lists'),
  bundle: () => import('./bundle'),
  'media-crypto': () => import('./media-crypto'),
  cluster: () => import('./cluster'),
  captions: () => import('./captions'),
};

/** Measured on PostgreSQL (127.0.0.1:5432 unless their variables say otherwise): lists, payments, jobs, cluster. */
const needsPostgres = new Set([
  'queries',
  'pipeline',
  'payments',
  'banner',
  'dashboard',
  'admin-lists',
  'cluster',
]);

function chosen(wanted: string[]): string[] {
  const known = Object.keys(areas);
  if (wanted.length === 0 || wanted.includes('all')) return known;
  if (wanted.includes('embedded')) return known.filter((name) => !needsPostgres.has(name));
  if (wanted.includes('postgres')) return known.filter((name) => needsPostgres.has(name));
  return wanted;
}

async function main() {
  const args = process.argv.slice(2);
  const options: BenchOptions = { quick: args.includes('--quick') };
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const names = chosen(wanted);
  for (const name of names) {
    const load = areas[name];
    if (!load) throw new Error(`Unknown bench area: ${name} (known: ${Object.keys(areas).join(', ')})`);
    console.log(`\n== ${name}${options.quick ? ' (quick)' : ''}`);
    const started = performance.now();
    const figures = await (await load()).run(options);
    for (const [key, value] of Object.entries(figures)) console.log(`${key}: ${value}`);
    console.log(`(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
