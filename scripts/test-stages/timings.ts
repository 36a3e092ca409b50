/**
 * The timing report printed after a check: each stage's time, then the slowest test files of each
 * Vitest suite and the slowest Playwright specs, read from the JSON reports the suites wrote into the
 * report folder (their configs add a JSON reporter when TEST_REPORT_DIR is set).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface StageTime {
  name: string;
  seconds: number;
  ok: boolean;
}

interface FileTime {
  file: string;
  seconds: number;
  tests: number;
}

const SLOWEST = 15;
const root = path.resolve(import.meta.dirname, '../..');

/** Vitest's JSON report: one entry per test file, with its start and end. */
function vitestFiles(report: unknown): FileTime[] {
  const results = (report as { testResults?: unknown[] }).testResults ?? [];
  return results.map((entry) => {
    const { name, startTime, endTime, assertionResults } = entry as {
      name: string;
      startTime: number;
      endTime: number;
      assertionResults?: unknown[];
    };
    return {
      file: path.relative(root, name),
      seconds: (endTime - startTime) / 1000,
      tests: assertionResults?.length ?? 0,
    };
  });
}

interface PlaywrightSuite {
  file?: string;
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: suites (a file, its describes) holding specs, each with its runs. */
function playwrightFiles(report: unknown): FileTime[] {
  const byFile = new Map<string, FileTime>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(here) ?? { file: `e2e/tests/${here}`, seconds: 0, tests: 0 };
      entry.tests += 1;
      for (const test of spec.tests)
        for (const result of test.results) entry.seconds += result.duration / 1000;
      byFile.set(here, entry);
    }
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of (report as { suites?: PlaywrightSuite[] }).suites ?? []) walk(suite, '');
  return [...byFile.values()];
}

const reports: Array<{ file: string; title: string; read: (report: unknown) => FileTime[] }> = [
  { file: 'server.json', title: 'server test files (embedded database)', read: vitestFiles },
  { file: 'server-postgres.json', title: 'server test files (PostgreSQL)', read: vitestFiles },
  { file: 'web.json', title: 'web test files', read: vitestFiles },
  {
    file: 'e2e.json',
    title: 'Playwright spec files (time in the browser, summed over its tests)',
    read: playwrightFiles,
  },
];

const seconds = (value: number) => `${value.toFixed(1).padStart(7)} s`;

/**
 * The report's lines: the stages, then the whole check's time on the clock (less than their sum when
 * stages ran side by side), then each suite's slowest files.
 */
export function timingReport(stages: StageTime[], reportDir: string, wallSeconds: number): string[] {
  const lines = ['== timings'];
  for (const stage of stages)
    lines.push(`${seconds(stage.seconds)}  ${stage.name}${stage.ok ? '' : ' (failed)'}`);
  lines.push(`${seconds(wallSeconds)}  in all, on the clock`);
  for (const { file, title, read } of reports) {
    const full = path.join(reportDir, file);
    if (!fs.existsSync(full)) continue;
    const files = read(JSON.parse(fs.readFileSync(full, 'utf8')));
    const total = files.reduce((sum, entry) => sum + entry.seconds, 0);
    lines.push('', `${SLOWEST} slowest ${title}: ${files.length} files, ${seconds(total).trim()} summed`);
    for (const entry of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
      lines.push(`${seconds(entry.seconds)}  ${entry.file} (${entry.tests} tests)`);
  }
  return lines;
}
