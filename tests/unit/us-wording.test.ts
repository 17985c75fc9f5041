import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The lab's practices are in the US: every page, email and PDF speaks US English (check, license, color). Only
 * what a person reads is searched: string literals, template text and JSX text of the code that makes pages,
 * emails, PDFs, messages and the demo data. Comments and identifiers are the maintainers' and stay as they are,
 * and so do stored keys (a lowercase word such as 'cheque' or 'cancelled'): renaming those would strand saved
 * data (docs/decisions/0102-us-wording.md).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEARCHED = ['web/src', 'core', 'lambdas/email', 'lambdas/documents', 'lambdas/use-cases', 'local/seed'];

const BRITISH: Record<string, string> = {
  cheque: 'check',
  cheques: 'checks',
  licence: 'license',
  licences: 'licenses',
  colour: 'color',
  colours: 'colors',
  coloured: 'colored',
  judgement: 'judgment',
  catalogue: 'catalog',
  catalogues: 'catalogs',
  centre: 'center',
  centred: 'centered',
  behaviour: 'behavior',
  favourite: 'favorite',
  organisation: 'organization',
  organise: 'organize',
  cancelled: 'canceled',
  cancelling: 'canceling',
  labelled: 'labeled',
  programme: 'program',
  analyse: 'analyze',
};
const WORD = new RegExp(`\\b(${Object.keys(BRITISH).join('|')})\\b`, 'gi');
/** A stored key or enum value: one lowercase word, maybe dashed or dotted. */
const KEY = /^[a-z][a-zA-Z0-9.-]*$/;

function sourcesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every British spelling in the text a file shows, as `file:line: word -> US word`. */
export function britishSpellings(path: string, source: string): string[] {
  const file = ts.createSourceFile(
    path,
    source,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    const shown =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node);
    if (shown) {
      const text = node.text;
      if (!KEY.test(text.trim())) {
        for (const match of text.matchAll(WORD)) {
          const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.push(`${relative(ROOT, path)}:${line}: ${match[0]} -> ${BRITISH[match[0].toLowerCase()]}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('US wording', () => {
  it('finds a British spelling in shown text and leaves comments, imports and stored keys alone', () => {
    const source = [
      "import { x } from './lens-catalogue';",
      '// the colour of a badge',
      "const method = 'cheque';",
      "const label = 'Cheque number';",
      'const node = <p>Your licence</p>;',
    ].join('\n');
    expect(britishSpellings(join(ROOT, 'sample.tsx'), source)).toEqual([
      'sample.tsx:4: Cheque -> check',
      'sample.tsx:5: licence -> license',
    ]);
  });

  it('every page, email, PDF, message and demo text says check, license, color (US English)', () => {
    const found = SEARCHED.flatMap((dir) => sourcesBelow(join(ROOT, dir))).flatMap((path) =>
      britishSpellings(path, readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
