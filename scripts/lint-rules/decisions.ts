// The decision records keep themselves in order: every record opens with its Status and Date, the index
// (docs/decisions/README.md) is written from the records by `npm run decisions:index` and never by hand,
// and every citation of a record (`decision 0300`, `docs/decisions/0300-…`) or of a section of
// docs/architecture.md or docs/operations.md (`docs/architecture.md §Lists`) names one that exists.
// decisions.test.ts holds all of it.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coveredFiles } from './citations';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const decisionsDir = 'docs/decisions';
export const indexFile = `${decisionsDir}/README.md`;
const plantedTests = 'scripts/lint-rules/decisions.test.ts';

export type DecisionRecord = { number: string; file: string; title: string; status: string; date: string };

// Either word may be written in lower case, as the older records did.
const statuses = /^(Accepted|Superseded by \d{4})$/i;

/** Every record of docs/decisions, and what is wrong with any of them. */
export function readRecords(root = repoRoot): { records: DecisionRecord[]; problems: string[] } {
  const records: DecisionRecord[] = [];
  const problems: string[] = [];
  const files = readdirSync(path.join(root, decisionsDir))
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort();
  for (const file of files) {
    const number = /^(\d{4})-[a-z0-9-]+\.md$/.exec(file)?.[1];
    if (!number) {
      problems.push(`${file}: a record's file is named NNNN-words.md`);
      continue;
    }
    const [heading = '', status = '', date = ''] = readFileSync(path.join(root, decisionsDir, file), 'utf8')
      .split('\n')
      .slice(0, 3);
    const title = new RegExp(`^# ${number} — (.+)$`).exec(heading)?.[1];
    const statusValue = /^Status: (.+)$/.exec(status)?.[1] ?? '';
    const dateValue = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date)?.[1];
    if (!title) problems.push(`${file}: the first line is "# ${number} — <title>"`);
    if (!statuses.test(statusValue))
      problems.push(`${file}: the second line is "Status: Accepted" (or "Superseded by NNNN")`);
    if (!dateValue) problems.push(`${file}: the third line is "Date: YYYY-MM-DD"`);
    records.push({ number, file, title: title ?? '', status: statusValue, date: dateValue ?? '' });
  }
  for (const record of records) {
    const by = /^Superseded by (\d{4})$/i.exec(record.status)?.[1];
    if (by && !records.some((r) => r.number === by))
      problems.push(`${record.file}: superseded by ${by}, which does not exist`);
  }
  const seen = new Set<string>();
  for (const record of records) {
    if (seen.has(record.number)) problems.push(`${record.file}: number ${record.number} is taken twice`);
    seen.add(record.number);
  }
  return { records, problems };
}

/** The index page, as `npm run decisions:index` writes it. */
export function renderIndex(records: DecisionRecord[]): string {
  const rows = records.map(
    (r) => `| [${r.number}](${r.file}) | ${r.title.replace(/\|/g, '\\|')} | ${r.status} | ${r.date} |`,
  );
  return `# Decision records

<!-- Written by \`npm run decisions:index\` from the records; \`npm run test:lint-rules\` fails when it differs. -->

A record keeps one choice a reasonable engineer could have made otherwise: its context, the choice and
what follows from it. What the product promises is in [\`docs/product.md\`](../product.md), how the code
is shaped in [\`docs/architecture.md\`](../architecture.md), how to run it in
[\`docs/operations.md\`](../operations.md); a record is not written for what those pages say or the
code shows.

Each record opens with three lines: \`# NNNN — title\`, \`Status: Accepted\` (or \`Superseded by NNNN\`)
and \`Date: YYYY-MM-DD\`. A new record takes the next free number; a change to a choice amends its
record (or supersedes it with a new one) instead of adding a chain. Then run \`npm run decisions:index\`.

| record | decision | status | date |
|---|---|---|---|
${rows.join('\n')}
`;
}

// ---- citations ------------------------------------------------------------------------------------
const SEP = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|--)?[ \t]*)`;
const LIST = String.raw`\d{4}(?:(?:${SEP}?[,–]${SEP}?(?:and${SEP})?|${SEP}and${SEP})\d{4}(?![\w-]))*`;
const wordForm = new RegExp(String.raw`\b[Dd]ecisions?${SEP}(${LIST})(?![\w-])`, 'g');
const pathForm = /docs\/decisions\/(\d{4})(?:-[a-z0-9-]+\.md)?/g;
const docSection = /docs\/(architecture|operations)\.md §([^)\n;]+)/g;

/** The record numbers a text cites, each with its offset. */
export function citedRecords(text: string): { number: string; offset: number }[] {
  const found: { number: string; offset: number }[] = [];
  for (const m of text.matchAll(wordForm)) {
    for (const n of (m[1] ?? '').matchAll(/\d{4}/g)) found.push({ number: n[0], offset: m.index });
  }
  for (const m of text.matchAll(pathForm)) found.push({ number: m[1] ?? '', offset: m.index });
  return found;
}

/** A section's name as cited: without backticks, and "A server module, by example: …" as "A server module". */
export function sectionName(heading: string): string {
  return heading
    .replace(/,? by example.*$/, '')
    .replace(/`/g, '')
    .trim();
}

function sectionsOf(root: string, doc: string): string[] {
  const text = readFileSync(path.join(root, 'docs', `${doc}.md`), 'utf8');
  return [...text.matchAll(/^#{2,4} (.+)$/gm)].map((m) => sectionName(m[1] ?? ''));
}

/** Citations of records or doc sections that do not exist, as `file:line: what`. */
export function danglingCitations(root = repoRoot): string[] {
  const numbers = new Set(readRecords(root).records.map((r) => r.number));
  const sections = {
    architecture: sectionsOf(root, 'architecture'),
    operations: sectionsOf(root, 'operations'),
  };
  const out: string[] = [];
  for (const file of coveredFiles(root)) {
    // The index is written from the records; this check's own test file plants what it must find.
    if (file === indexFile || file === plantedTests || !existsSync(path.join(root, file))) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
    // A record may name the records folded into it (its "Folded in" list).
    const folded = new Set(
      file.startsWith(`${decisionsDir}/`)
        ? [...(text.split(/^## Folded in$/m)[1] ?? '').matchAll(/^- (\d{4}) /gm)].map((m) => m[1])
        : [],
    );
    for (const { number, offset } of citedRecords(text)) {
      if (!numbers.has(number) && !folded.has(number))
        out.push(`${file}:${lineOf(offset)}: decision ${number}`);
    }
    for (const m of text.matchAll(docSection)) {
      const [, doc, rest = ''] = m;
      const names = sections[doc as 'architecture' | 'operations'];
      if (!names.some((name) => rest.startsWith(name)))
        out.push(`${file}:${lineOf(m.index)}: docs/${doc}.md §${rest.slice(0, 40)}`);
    }
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { records, problems } = readRecords();
  for (const problem of problems) console.error(problem);
  writeFileSync(path.join(repoRoot, indexFile), renderIndex(records));
  console.log(`${indexFile}: ${records.length} record(s)`);
  process.exitCode = problems.length ? 1 : 0;
}
