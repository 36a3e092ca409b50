// Comments and docs explain the rules in the repository's own words: they cite docs/product.md's
// sections or a decision record, never material that is not in the repository (an issue tracker's
// numbers, the client's screen-by-screen description, the product brief). This finds such citations:
// in the comments of source files (found by the TypeScript parser, so strings and code never count),
// in SQL and style comments, and anywhere in the Markdown docs.
// Run `npx tsx scripts/lint-rules/citations.ts` to list them; citations.test.ts keeps the count at 0.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** What counts as a citation of outside material, each with the name a report gives it. */
export const citationPatterns: { name: string; pattern: RegExp }[] = [
  { name: 'product brief', pattern: /\bPRODUCT\.md\b/ },
  { name: 'architecture brief', pattern: /\bARCHITECTURE\.md\b/ },
  { name: 'issue number', pattern: /\bissues?\s+#?\d+/i },
  { name: 'issue number', pattern: /(?:^|[\s(,;])#\d+\b(?![0-9a-f])/i },
  // The word (singular: the plural names Playwright test files) for the client's description, alone, with a file number, a section sign,
  // a possessive or a slash; but not a test file's name (`layout.spec.ts`) or a longer identifier.
  { name: 'spec', pattern: /(?<![.\w-])spec(?:'d|’d)?(?![\w-]|\.[a-z])/i },
];

export type Citation = { file: string; line: number; name: string; text: string };

const sourceExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
const styleExtensions = new Set(['.css', '.scss']);

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Every comment of a TypeScript or JavaScript file, with the offset where it starts. */
function sourceComments(file: string, text: string): { pos: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  // The comments between a node's full start and its first token, and those after it up to the next
  // token (so a comment before a closing brace is found after the last statement). "Trailing" ranges
  // are the ones on the same line as the position.
  const around = (pos: number) => {
    collect(ts.getLeadingCommentRanges(text, pos));
    collect(ts.getTrailingCommentRanges(text, pos));
  };
  const visit = (node: ts.Node) => {
    around(node.pos);
    around(node.end);
    // After a list's trailing comma (`last, // why`), which no node covers.
    const after = /^[ \t]*,/.exec(text.slice(node.end, node.end + 80));
    if (after) around(node.end + after[0].length);
    // After an opening bracket: the comment of an empty block (`catch { // why }`) or of JSX's `{ }`.
    const start = node.getStart(source);
    if ('{(['.includes(text.charAt(start))) around(start + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...seen].map(([pos, comment]) => ({ pos, text: comment }));
}

/** `--` comments of SQL, `/* … *\/` and `//` comments of stylesheets (a line-based read is enough there). */
function lineComments(text: string, marker: RegExp): { pos: number; text: string }[] {
  const comments: { pos: number; text: string }[] = [];
  for (const match of text.matchAll(marker)) comments.push({ pos: match.index, text: match[0] });
  return comments;
}

export function commentsOf(file: string, text: string): { pos: number; text: string }[] {
  const extension = path.extname(file);
  if (sourceExtensions.has(extension)) return sourceComments(file, text);
  if (extension === '.sql') return lineComments(text, /--[^\n]*/g);
  if (styleExtensions.has(extension)) return lineComments(text, /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g);
  if (extension === '.md') return [{ pos: 0, text }];
  return [];
}

/**
 * A comment's text as one line (the next line's comment marker and indentation become one space), with
 * the original offset of every character, so a citation broken across two lines is still found.
 */
function joinLines(text: string, pos: number): { joined: string; offsets: number[] } {
  let joined = '';
  const offsets: number[] = [];
  const parts = text.split(/(\n[ \t]*(?:\*(?!\/)|\/\/|--)?[ \t]*)/);
  let offset = pos;
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      joined += ' ';
      offsets.push(offset);
    } else {
      for (let i = 0; i < part.length; i++) offsets.push(offset + i);
      joined += part;
    }
    offset += part.length;
  });
  return { joined, offsets };
}

/** The citations in one file's comments (the whole text for Markdown), one per line and pattern. */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? Infinity) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  for (const comment of commentsOf(file, text)) {
    const { joined, offsets } = joinLines(comment.text, comment.pos);
    for (const { name, pattern } of citationPatterns) {
      for (const match of joined.matchAll(new RegExp(pattern.source, pattern.flags + 'g'))) {
        const line = lineOf(offsets[match.index] ?? comment.pos);
        if (found.some((c) => c.line === line && c.name === name)) continue;
        const lineText = text.slice(lineStarts[line - 1] ?? 0, lineStarts[line] ?? text.length).trim();
        found.push({ file, line, name, text: lineText });
      }
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The planted violations that prove the check; nothing else is left out. */
export const plantedFixtures = 'scripts/lint-rules/fixtures/citations/';

/** Every file git tracks (or would) that the rule covers: source, SQL, styles and Markdown. */
export function coveredFiles(root = repoRoot): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  return tracked.filter((file) => {
    if (file.startsWith(plantedFixtures)) return false;
    // Migrations are history: never edited once they land, whatever their comments say.
    if (file.startsWith('apps/server/migrations/')) return false;
    const extension = path.extname(file);
    return (
      sourceExtensions.has(extension) || styleExtensions.has(extension) || ['.sql', '.md'].includes(extension)
    );
  });
}

export function scanRepository(root = repoRoot): Citation[] {
  return coveredFiles(root).flatMap((file) =>
    findCitations(file, readFileSync(path.join(root, file), 'utf8')),
  );
}

/** The section numbers of docs/product.md's headings (`## 5.`, `### 5.2`). */
export function productSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1] ?? ''));
}

/** Every `docs/product.md §5.2` (and `, §6.1` after it) a text cites. */
export function citedSections(text: string): string[] {
  return [...text.matchAll(/docs\/product\.md((?: §\d+(?:\.\d+)*,?)+)/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/§(\d+(?:\.\d+)*)/g)].map((n) => n[1] ?? ''),
  );
}

/** Citations of docs/product.md sections that do not exist, as `file: §n`. */
export function missingSections(root = repoRoot): string[] {
  const sections = productSections(readFileSync(path.join(root, 'docs/product.md'), 'utf8'));
  return coveredFiles(root).flatMap((file) =>
    citedSections(readFileSync(path.join(root, file), 'utf8'))
      .filter((section) => !sections.has(section))
      .map((section) => `${file}: §${section}`),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const citations = scanRepository();
  for (const c of citations) console.log(`${c.file}:${c.line}: [${c.name}] ${c.text}`);
  console.log(`${citations.length} citation(s) of material outside the repository`);
  process.exitCode = citations.length === 0 ? 0 : 1;
}
