// Proof that comments and docs cite only what the repository holds (docs/product.md, decision records):
// the check finds every citation planted in fixtures/citations/, leaves the legal look-alikes beside them
// alone, and finds none in the repository itself.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  citedSections,
  findCitations,
  missingSections,
  plantedFixtures,
  productSections,
  scanRepository,
} from './citations';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtureDir = path.join(repoRoot, plantedFixtures);

const check = (file: string) =>
  findCitations(file, readFileSync(path.join(fixtureDir, file), 'utf8')).map(({ line, name }) => [
    line,
    name,
  ]);

/** Fixture file → the [line, kind] of every citation it plants (empty: nothing may be found). */
const expected: Record<string, [number, string][]> = {
  'planted.ts': [
    [2, 'issue number'],
    [3, 'spec'],
    [6, 'product brief'],
    [6, 'spec'],
    [7, 'issue number'],
    [11, 'architecture brief'],
    [11, 'spec'],
    [14, 'issue number'],
    [19, 'spec'],
  ],
  'planted.tsx': [[2, 'spec']],
  'planted.md': [
    [3, 'issue number'],
    [3, 'spec'],
  ],
  'planted.sql': [[1, 'product brief']],
  'planted.scss': [[1, 'spec']],
  'legal.ts': [],
  'legal.md': [],
};

describe('comments and docs cite nothing outside the repository', () => {
  it('has a row for every fixture file', () => {
    expect(readdirSync(fixtureDir).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, citations] of Object.entries(expected)) {
    it(`${citations.length ? 'catches what' : 'finds nothing in'} ${file}${citations.length ? ' plants' : ''}`, () => {
      const found = check(file);
      expect(found.sort()).toEqual([...citations].sort());
    });
  }

  it('finds a citation broken across two comment lines once, on the line where it starts', () => {
    const found = check('planted.ts').filter(([line]) => line === 7 || line === 8);
    expect(found).toEqual([[7, 'issue number']]);
  });

  // Parses every source file of the repository (about three seconds of CPU): given room on a busy machine.
  it('finds none in the repository', () => {
    const found = scanRepository().map((c) => `${c.file}:${c.line}: [${c.name}] ${c.text}`);
    expect(found).toEqual([]);
  }, 60_000);

  it('reads the sections a text cites and the ones docs/product.md has', () => {
    expect(citedSections('see docs/product.md §5.2, §13 and docs/product.md §6; not §7')).toEqual([
      '5.2',
      '13',
      '6',
    ]);
    expect([...productSections('# Title\n## 5. Deliveries\n### 5.2 Retries\n#### 5.2.1 deeper\n')]).toEqual([
      '5',
      '5.2',
    ]);
  });

  it('cites only sections docs/product.md has', () => {
    expect(missingSections()).toEqual([]);
  }, 60_000);
});
