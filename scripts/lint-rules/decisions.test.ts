// Proof that the decision records keep their shape: the index is the one `npm run decisions:index`
// writes, every record opens with its Status and Date, and nothing cites a record or a section that is
// not there. Each check is also shown failing on a planted case.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { citedRecords, danglingCitations, indexFile, readRecords, renderIndex } from './decisions';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the decision records', () => {
  it('have their Status and Date, and names and numbers in order', () => {
    expect(readRecords().problems).toEqual([]);
  });

  it('are listed by the committed index exactly as `npm run decisions:index` writes it', () => {
    const committed = readFileSync(path.join(repoRoot, indexFile), 'utf8');
    expect(committed).toBe(renderIndex(readRecords().records));
  });

  it('are cited only where they exist, as are the sections of docs/architecture.md and docs/operations.md', () => {
    expect(danglingCitations()).toEqual([]);
  }, 60_000);
});

describe('the checks themselves', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  /** A tiny repository of its own: two records, the docs they need, one source file. */
  function plant(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'decisions-'));
    roots.push(root);
    const all: Record<string, string> = {
      'docs/architecture.md':
        '# Architecture\n## Lists\n## A server module, by example: `modules/queries/`\n',
      'docs/operations.md': '# Operations\n## Backup and restore\n',
      'docs/product.md': '# Product\n## 1. Roles\n',
      'docs/decisions/0001-stack.md': '# 0001 — Stack\nStatus: Accepted\nDate: 2026-11-22\n',
      'docs/decisions/0300-jobs.md':
        '# 0300 — Jobs\nStatus: Accepted\nDate: 2026-11-26\n\n## Folded in\n- 0128 — queues\n',
      ...files,
    };
    for (const [file, text] of Object.entries(all)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    // coveredFiles asks git for the files: an empty repository lists the untracked ones.
    execGit(root, ['init', '-q']);
    return root;
  }

  it('reads citations in every form the repository writes them', () => {
    const text =
      'see decision 0300, decisions 0001 and 0300, (decision\n * 0128) and docs/decisions/0001-stack.md';
    expect(citedRecords(text).map((c) => c.number)).toEqual(['0300', '0001', '0300', '0128', '0001']);
  });

  it('finds a record without its Status or Date, or with a wrong heading', () => {
    const root = plant({
      'docs/decisions/0002-bad.md': '# 0002 - Bad\nStatus: accepted, mostly\n',
      'docs/decisions/0004-fine.md': '# 0004 — Fine\nStatus: superseded by 0001\nDate: 2026-11-22\n',
      'docs/decisions/0003-gone.md': '# 0003 — Gone\nStatus: Superseded by 0009\nDate: 2026-11-22\n',
    });
    expect(readRecords(root).problems).toEqual([
      '0002-bad.md: the first line is "# 0002 — <title>"',
      '0002-bad.md: the second line is "Status: Accepted" (or "Superseded by NNNN")',
      '0002-bad.md: the third line is "Date: YYYY-MM-DD"',
      '0003-gone.md: superseded by 0009, which does not exist',
    ]);
  });

  it('writes an index that lists every record in number order', () => {
    const root = plant({});
    const index = renderIndex(readRecords(root).records);
    expect(index).toContain(
      '| [0001](0001-stack.md) | Stack | Accepted | 2026-11-22 |\n| [0300](0300-jobs.md) | Jobs |',
    );
  });

  it('finds citations of removed records and missing sections, and lets a record name what it folded in', () => {
    const root = plant({
      'src/a.ts':
        '// Queues (decision 0128), the list kit (docs/architecture.md §Lists), the module (docs/architecture.md §A server module).\n' +
        '// Gone: docs/decisions/0042-watch-links.md, docs/operations.md §Video tools; fine: decision 0300.\n',
      'docs/decisions/0300-jobs.md':
        '# 0300 — Jobs\nStatus: Accepted\nDate: 2026-11-26\n\nWhat decision 0128 said.\n\n## Folded in\n- 0128 — queues\n',
    });
    expect(danglingCitations(root)).toEqual([
      'src/a.ts:1: decision 0128',
      'src/a.ts:2: decision 0042',
      'src/a.ts:2: docs/operations.md §Video tools',
    ]);
  });
});

function execGit(cwd: string, args: string[]) {
  return execFileSync('git', args, { cwd });
}
