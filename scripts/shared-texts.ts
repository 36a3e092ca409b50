/**
 * `npm run lint:texts`: fails when a text for people (a string literal of 20 characters or more with a
 * space in it) is written out both in apps/server/src and in apps/web/src. Such a text lives once, in
 * packages/contracts, and both sides import it (decision 0338). Tests and test fixtures (`*fixtures.ts`,
 * `test-*.ts`) are left out: they spell the contract's words on purpose. Paths, MIME types and field names
 * (no space) are not texts for people and are not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const MIN_LENGTH = 20;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|fixtures\.tsx?$|^test-/.test(entry.name))
      out.push(full);
  }
  return out;
}

/** Each text of the tree with where it is written (`file:line`). */
export function textsOf(dir: string): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
        const text = node.text.trim().replace(/\s+/g, ' ');
        const isModuleName = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
        if (text.length >= MIN_LENGTH && / /.test(text) && !isModuleName) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          texts.set(text, [...(texts.get(text) ?? []), `${path.relative(root, file)}:${line}`]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

const server = textsOf(path.join(root, 'apps/server/src'));
const web = textsOf(path.join(root, 'apps/web/src'));
const contracts = textsOf(path.join(root, 'packages/contracts/src'));
// A text both sides write, or one side copies from the contracts.
const shared = [...new Set([...server.keys(), ...web.keys()])].filter(
  (text) => (server.has(text) && web.has(text)) || contracts.has(text),
);
for (const text of shared) {
  console.log(JSON.stringify(text));
  for (const [side, texts] of Object.entries({ contracts, server, web }))
    if (texts.has(text)) console.log(`  ${side}: ${texts.get(text)!.join(', ')}`);
}
console.log(`${shared.length} texts written twice (keep each once, in packages/contracts)`);
process.exitCode = shared.length === 0 ? 0 : 1;
