/**
 * `npm test` and the PostgreSQL part of `.ci/run`: runs the stages of a check one after the other (the
 * first failure stops it), then prints what each took and the slowest test files and specs, so a change
 * that makes the loop slower is seen the day it lands (docs/architecture.md, Tests).
 *
 *   npm test                        the stages that need no database server (npm test)
 *   npm run test:postgres           the stages that need PostgreSQL (.ci/run sets DATABASE_URL)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageGroups, type Stage } from './stages';
import { timingReport, type StageTime } from './timings';

function run(stage: Stage, reportDir: string): Promise<number> {
  const child = spawn('npm', ['run', '--silent', stage.script, ...(stage.args ?? [])], {
    stdio: 'inherit',
    env: { ...process.env, ...stage.env, TEST_REPORT_DIR: reportDir },
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main() {
  const group = process.argv[2] ?? 'default';
  const stages = stageGroups[group];
  if (!stages)
    throw new Error(`Unknown stage group: ${group} (known: ${Object.keys(stageGroups).join(', ')})`);
  // Kept where CI asks (TEST_REPORT_DIR), else beside this run only.
  const reportDir = process.env.TEST_REPORT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-report-'));
  fs.mkdirSync(reportDir, { recursive: true });
  const times: StageTime[] = [];
  let failed: string | undefined;
  for (const stage of stages) {
    console.log(`\n== ${stage.name}`);
    const started = performance.now();
    const code = await run(stage, reportDir);
    times.push({ name: stage.name, seconds: (performance.now() - started) / 1000, ok: code === 0 });
    if (code !== 0) {
      failed = stage.name;
      break;
    }
  }
  console.log(`\n${timingReport(times, reportDir).join('\n')}`);
  if (failed) {
    console.error(`\n${failed} failed.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
