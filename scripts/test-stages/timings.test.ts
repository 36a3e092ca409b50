import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { timingReport } from './timings';

const root = path.resolve(import.meta.dirname, '../..');

function reportDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-timings-'));
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), JSON.stringify(content));
  return dir;
}

const vitestFile = (name: string, seconds: number, tests: number) => ({
  name: path.join(root, name),
  startTime: 1_000,
  endTime: 1_000 + seconds * 1000,
  assertionResults: Array.from({ length: tests }, () => ({})),
});

describe('the timing report', () => {
  it('gives each stage, the time on the clock, and the slowest files first, at most fifteen', () => {
    const server = Array.from({ length: 20 }, (_, index) =>
      vitestFile(`apps/server/src/f${index}.test.ts`, index + 1, 2),
    );
    const lines = timingReport(
      [
        { name: 'lint', seconds: 12.5, ok: true },
        { name: 'server suite', seconds: 200, ok: false },
      ],
      reportDir({ 'server.json': { testResults: server } }),
      205,
    );
    // The lint ran beside the suite's start: the check took less than the stages' sum.
    expect(lines.slice(0, 4)).toEqual([
      '== timings',
      '   12.5 s  lint',
      '  200.0 s  server suite (failed)',
      '  205.0 s  in all, on the clock',
    ]);
    const slowest = lines.indexOf(
      '15 slowest server test files (embedded database): 20 files, 210.0 s summed',
    );
    expect(slowest).toBeGreaterThan(0);
    expect(lines.slice(slowest + 1)).toHaveLength(15);
    expect(lines[slowest + 1]).toBe('   20.0 s  apps/server/src/f19.test.ts (2 tests)');
    expect(lines.at(-1)).toBe('    6.0 s  apps/server/src/f5.test.ts (2 tests)');
  });

  it("sums each Playwright spec file's runs, through nested describes and retries", () => {
    const lines = timingReport(
      [],
      reportDir({
        'e2e.json': {
          suites: [
            {
              file: 'library.spec.ts',
              specs: [{ tests: [{ results: [{ duration: 4_000 }, { duration: 1_000 }] }] }],
              suites: [{ specs: [{ tests: [{ results: [{ duration: 2_500 }] }] }] }],
            },
            { file: 'public.spec.ts', specs: [{ tests: [{ results: [{ duration: 500 }] }] }] },
          ],
        },
      }),
      0,
    );
    const at = lines.findIndex((line) => line.startsWith('15 slowest Playwright spec files'));
    expect(lines.slice(at + 1)).toEqual([
      '    7.5 s  e2e/tests/library.spec.ts (2 tests)',
      '    0.5 s  e2e/tests/public.spec.ts (1 tests)',
    ]);
  });

  it('leaves out a suite that wrote no report', () => {
    expect(timingReport([], reportDir({}), 0)).toEqual(['== timings', '    0.0 s  in all, on the clock']);
  });
});
