/**
 * The route coverage check (decision 0277): after a run of the whole server suite, fails it naming every
 * route of the contracts that owes a kind of answer (success, validation, 401, 403) no test provoked.
 * A run of some files only (a developer's `npx vitest run <file>`) or of some tests (`-t`) is not
 * judged: it cannot have covered everything. With `PW_ROUTE_COVERAGE=report` such a run lists, without
 * failing, what the routes it touched still lack (handy while adding a module's tests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { COVERAGE_DIR_ENV, contractRoutes, coverageGaps, readRecords } from './route-coverage';

export default class RouteCoverageReporter implements Reporter {
  private vitest?: Vitest;
  private dir = '';
  private wholeSuite = false;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-route-coverage-'));
    // Workers are started after this, with this process's environment: they write here.
    process.env[COVERAGE_DIR_ENV] = this.dir;
    process.once('exit', () => fs.rmSync(this.dir, { recursive: true, force: true }));
  }

  async onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    for (const name of fs.readdirSync(this.dir)) fs.rmSync(path.join(this.dir, name));
    const all = (await this.vitest!.globTestSpecifications()).map((spec) => spec.moduleId);
    const running = new Set(specifications.map((spec) => spec.moduleId));
    this.wholeSuite = !this.vitest!.config.testNamePattern && all.every((id) => running.has(id));
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (testModules.length === 0) return;
    const records = readRecords(this.dir);
    if (!this.wholeSuite) {
      if (process.env.PW_ROUTE_COVERAGE === 'report') this.reportTouched(records);
      return;
    }
    const routes = contractRoutes();
    const gaps = coverageGaps(records, routes);
    if (gaps.length === 0) {
      console.log(`\nRoute coverage: each of the ${routes.size} routes got every answer it owes.\n`);
      return;
    }
    const lines = gaps.map((gap) => `  ${gap.id}: no ${gap.missing.join(', no ')}`);
    console.error(
      `\nRoute coverage: ${gaps.length} of ${routes.size} routes lack a test provoking an answer they owe ` +
        `(success 2xx, validation 422/400, unauthenticated 401, forbidden 403; docs/decisions/0277):\n` +
        `${lines.join('\n')}\n`,
    );
    process.exitCode = 1;
  }

  private reportTouched(records: ReadonlySet<string>) {
    const touched = new Set([...records].map((line) => line.split('\t')[0]));
    const routes = new Map([...contractRoutes()].filter(([id]) => touched.has(id)));
    const gaps = coverageGaps(records, routes);
    console.log(
      `\nRoute coverage of this partial run (${routes.size} routes touched):\n` +
        (gaps.map((gap) => `  ${gap.id}: no ${gap.missing.join(', no ')}`).join('\n') ||
          '  nothing missing') +
        '\n',
    );
  }
}
