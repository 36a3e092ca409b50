/**
 * `npm test` and the PostgreSQL part of `.ci/run`: runs the steps of a check one after the other (the
 * first failed step stops it; the stages of one step run side by side), then prints what each took and
 * the slowest test files and specs, so a change that makes the loop slower is seen the day it lands
 * (docs/architecture.md, Tests).
 *
 *   npm test                        the stages that need no database server (npm test)
 *   npm run test:postgres           the stages that need PostgreSQL (.ci/run sets DATABASE_URL)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stageGroups, type Stage } from './stages';
import { runSteps } from './steps';
import { timingReport, type StageTime } from './timings';

/**
 * Runs one stage's script. Alone in its step it writes as it goes; beside others its output is held and
 * written whole when it ends, so two stages' lines never interleave.
 */
function run(stage: Stage, reportDir: string, alone: boolean): Promise<StageTime> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', stage.script, ...(stage.args ?? [])], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...stage.env, TEST_REPORT_DIR: reportDir },
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone)
        process.stdout.write(`\n== ${stage.name} (${seconds.toFixed(0)} s)\n${Buffer.concat(held)}`);
      resolve({ name: stage.name, seconds, ok: (code ?? (signal ? 1 : 0)) === 0 });
    }),
  );
}

/** A step's heading: its stage, or its lanes side by side (each one's output follows as it ends). */
function announce(lanes: Stage[][]): void {
  const names = lanes.map((lane) => lane.map((stage) => stage.name).join(', then '));
  console.log(`\n== ${names.length === 1 ? names[0] : `side by side: ${names.join(' | ')}`}`);
}

async function main() {
  const group = process.argv[2] ?? 'default';
  const steps = stageGroups[group];
  if (!steps)
    throw new Error(`Unknown stage group: ${group} (known: ${Object.keys(stageGroups).join(', ')})`);
  // Kept where CI asks (TEST_REPORT_DIR), else beside this run only.
  const reportDir = process.env.TEST_REPORT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-report-'));
  fs.mkdirSync(reportDir, { recursive: true });
  const started = performance.now();
  const times = await runSteps(steps, (stage, alone) => run(stage, reportDir, alone), announce);
  const wall = (performance.now() - started) / 1000;
  console.log(`\n${timingReport(times, reportDir, wall).join('\n')}`);
  const failed = times.filter((time) => !time.ok).map((time) => time.name);
  if (failed.length > 0) {
    console.error(`\n${failed.join(', ')} failed.`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
