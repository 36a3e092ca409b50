// `npm start`: builds the web app when its sources changed since the last build, then runs the server
// (API, web app and job workers on one port, embedded defaults). Node runs the TypeScript through tsx.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(root, 'packages/contracts/src'),
];
const sourceTime = Math.max(
  ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
);
const builtTime = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;

if (builtTime < sourceTime) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@pw/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
