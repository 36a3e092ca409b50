/**
 * `npm run bench`: measures the figures each issue names and prints them. Each area adds a module here
 * exporting `run(): Promise<Record<string, string | number>>`. Pass area names to run only those:
 * `npm run bench -- accounts`.
 */
const areas: Record<string, () => Promise<{ run: () => Promise<Record<string, string | number>> }>> = {
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
  cluster: () => import('./cluster'),
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length ? wanted : Object.keys(areas);
  for (const name of names) {
    const load = areas[name];
    if (!load) throw new Error(`Unknown bench area: ${name} (known: ${Object.keys(areas).join(', ')})`);
    console.log(`\n== ${name}`);
    const figures = await (await load()).run();
    for (const [key, value] of Object.entries(figures)) console.log(`${key}: ${value}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
