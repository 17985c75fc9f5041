import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test names and docs point only at documents a newcomer has: docs/architecture.md,
 * docs/requirements.md (what `spec N` tags cite), the decisions under docs/decisions/ (one file each, cited by
 * path) and the other docs/*.md. History belongs in git, so no `issue N` tags either.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));
const SEARCHED = ['core', 'lambdas', 'web/src', 'infra', 'bin', 'local', 'tests', 'scripts', 'bench', 'docs'];
/** The repository's own top-level files: the README and the tool configs. */
const ROOT_FILES = readdirSync(ROOT).filter((name) => /\.(md|[cm]?js|ts)$/.test(name));
const SKIPPED_DIRS = new Set(['node_modules', '.out', 'dist', '.local', 'coverage', 'test-results', 'cdk.out']);
const EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.css', '.html']);

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesBelow(path);
    return EXTENSIONS.has(extname(entry.name)) ? [path] : [];
  });
}

interface Line {
  where: string;
  text: string;
}

const LINES: readonly Line[] = [
  ...SEARCHED.flatMap((dir) => filesBelow(join(ROOT, dir))),
  ...ROOT_FILES.map((file) => join(ROOT, file)),
]
  .map((path) => relative(ROOT, path))
  .filter((path) => path !== THIS_FILE)
  .flatMap((path) =>
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .map((text, index) => ({ where: `${path}:${index + 1}`, text })),
  );

const offending = (pattern: RegExp) =>
  LINES.filter((line) => pattern.test(line.text)).map((line) => `${line.where}: ${line.text.trim()}`);

const docText = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');

const DECISIONS_DIR = join(ROOT, 'docs', 'decisions');
/** The decision files, `NNNN-short-title.md`, in number order. */
const DECISION_FILES = readdirSync(DECISIONS_DIR)
  .filter((name) => name !== 'README.md')
  .sort();
const decisionText = (name: string) => readFileSync(join(DECISIONS_DIR, name), 'utf8');
/** The sections every decision has, in this order; "Superseded by" follows Status when a later one replaced it. */
const DECISION_SECTIONS = ['Context', 'Decision', 'Why', 'Consequences', 'Status'];

/** Every markdown file of the docs: README.md, docs/*.md and docs/decisions/*.md. */
const MARKDOWN_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`),
  ...readdirSync(DECISIONS_DIR).map((name) => `docs/decisions/${name}`),
].filter((path) => path.endsWith('.md'));

/** Lower-case words only, so a reference matches a heading whatever its punctuation. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The names a reference may use for a part of a doc: its headings and the bold titles of its items. */
function sectionNames(markdown: string): string[] {
  const headings = [...markdown.matchAll(/^#{1,6} +(?:[\d.]+ +)?(.+)$/gm)].map((m) => m[1]!);
  const boldTitles = [...markdown.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!);
  return [...headings, ...boldTitles].map(normalise);
}

describe('docs references', () => {
  it('cites only documents in the repository, never the design notes kept outside it', () => {
    expect(offending(/\bARCHITECTURE\b|\bSTYLE (habit|")|\bDOMAIN "|\b(ARCHITECTURE|STYLE|DOMAIN)\.md\b/)).toEqual([]);
  });

  it('carries no issue N history tags in code, tests or docs', () => {
    expect(offending(/\bissues? #?\d+/i)).toEqual([]);
  });

  it('every spec N tag names a section (and spec N.M a subsection) of docs/requirements.md', () => {
    const requirements = docText('requirements.md');
    const sections = new Set([...requirements.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
    const subsections = new Set([...requirements.matchAll(/^### (\d+\.\d+) /gm)].map((m) => m[1]));
    expect([...sections].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const unresolved = LINES.flatMap((line) =>
      [...line.text.matchAll(/\bspec (\d+)(?:\.(\d+))?\b/g)]
        .filter(([, section, sub]) => (sub ? !subsections.has(`${section}.${sub}`) : !sections.has(section)))
        .map(([tag]) => `${line.where}: ${tag}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('a quoted section of a doc (docs/x.md "Section") names a heading or item title of that doc', () => {
    const docs = new Set(readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')));
    const names = new Map([...docs].map((name) => [name, sectionNames(docText(name))]));
    const unresolved = LINES.flatMap((line) =>
      [...line.text.matchAll(/\b([a-z-]+\.md)`?,? "([^"]+)"/g)]
        .filter(([, doc]) => docs.has(doc!))
        .filter(([, doc, section]) => !names.get(doc!)!.some((name) => name.startsWith(normalise(section!))))
        .map(([reference]) => `${line.where}: ${reference}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('every link from one doc to a heading of a doc lands on a heading that exists', () => {
    const broken = MARKDOWN_FILES.flatMap((path) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)]
        .filter(([, target, anchor]) => {
          const targetPath = target ? join(dirname(path), target) : path;
          return !existsSync(join(ROOT, targetPath)) || !headingAnchors(targetPath).has(anchor!);
        })
        .map(([link]) => `${path}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('every relative link in the docs lands on a file that exists', () => {
    const broken = MARKDOWN_FILES.flatMap((path) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)\s]*)?\)/g)]
        .filter(([, target]) => !/^[a-z]+:/.test(target!))
        .filter(([, target]) => !existsSync(join(ROOT, dirname(path), target!)))
        .map(([link]) => `${path}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('nothing cites the single decisions file the decisions were split from', () => {
    expect(offending(/\bdecisions\.md\b/)).toEqual([]);
  });

  it('every decision file is NNNN-short-title.md, numbered 0001 upwards without gaps', () => {
    expect(DECISION_FILES.length).toBeGreaterThan(0);
    DECISION_FILES.forEach((name, index) => {
      expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
      expect(name.slice(0, 4)).toBe(String(index + 1).padStart(4, '0'));
    });
  });

  it('every decision has its number as title and the sections Context, Decision, Why, Consequences, Status', () => {
    const wrong = DECISION_FILES.filter((name) => {
      const text = decisionText(name);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
      const superseded = /^## Status\n\nSuperseded\./m.test(text);
      const expected = superseded ? [...DECISION_SECTIONS, 'Superseded by'] : DECISION_SECTIONS;
      const accepted = /^## Status\n\nAccepted\./m.test(text);
      return (
        !text.startsWith(`# ${name.slice(0, 4)}. `) ||
        JSON.stringify(sections) !== JSON.stringify(expected) ||
        (!accepted && !superseded)
      );
    });
    expect(wrong).toEqual([]);
  });

  it('a superseded decision links the decision that replaced it, and that one exists', () => {
    const broken = DECISION_FILES.filter((name) => /^## Superseded by$/m.test(decisionText(name))).filter((name) => {
      const target = /^## Superseded by\n\n\[[^\]]+\]\((\d{4}-[^)]+\.md)\)/m.exec(decisionText(name))?.[1];
      return !target || target === name || !DECISION_FILES.includes(target);
    });
    expect(broken).toEqual([]);
  });

  it('the decisions index lists every decision file once, with the status the file has', () => {
    const index = decisionText('README.md');
    const rows = [...index.matchAll(/^\| (\d{4}) +\| \[[^\]]+\]\((\d{4}-[^)]+\.md)\) +\| ([^|]+?) +\|/gm)];
    // Rows sit under their topic, so a new decision's row need not be the last one.
    expect(rows.map(([, , file]) => file).sort()).toEqual(DECISION_FILES);
    const wrongStatus = rows
      .filter(([, number, file, status]) => {
        const superseded = /^## Status\n\nSuperseded\./m.test(decisionText(file!));
        return number !== file!.slice(0, 4) || status!.startsWith('Superseded') !== superseded;
      })
      .map(([, , file]) => file);
    expect(wrongStatus).toEqual([]);
  });

  it('every docs/decisions/NNNN path cited in code, tests or docs names a decision file that exists', () => {
    const unresolved = LINES.flatMap((line) =>
      [...line.text.matchAll(/\bdecisions\/(\d{4}[a-z0-9-]*\.md)/g)]
        .filter(([, file]) => !DECISION_FILES.includes(file!))
        .map(([reference]) => `${line.where}: ${reference}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('a quoted item of a decision (docs/decisions/NNNN-x.md "Item") names a heading or item title of that file', () => {
    const unresolved = LINES.flatMap((line) =>
      [...line.text.matchAll(/\bdecisions\/(\d{4}[a-z0-9-]*\.md)`?,? "([^"]+)"/g)]
        .filter(([, file]) => DECISION_FILES.includes(file!))
        .filter(
          ([, file, item]) => !sectionNames(decisionText(file!)).some((name) => name.startsWith(normalise(item!))),
        )
        .map(([reference]) => `${line.where}: ${reference}`),
    );
    expect(unresolved).toEqual([]);
  });
});

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function headingAnchors(path: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of readFileSync(join(ROOT, path), 'utf8').matchAll(/^#{1,6} +(.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug);
    anchors.add(count === undefined ? slug : `${slug}-${count + 1}`);
    seen.set(slug, (count ?? -1) + 1);
  }
  return anchors;
}
