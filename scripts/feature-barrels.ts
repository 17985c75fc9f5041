/**
 * Vite plugin: an import of a web feature's public index.ts becomes, at build time, imports of the modules
 * that index re-exports from. Code imports a feature only through its index (eslint-boundaries.config.js), but
 * an index statically imports its whole feature, and the build's file groups follow each page's static imports
 * (scripts/code-splitting.ts): through the index the sign-in page pulled in every auth screen and the app frame
 * every feature it touches (sign-in 133 -> 219 KiB). Resolved here, each page's module graph names only the
 * modules it uses, as if it had imported them directly (docs/decisions/0095-feature-index-resolved-at-build.md).
 *
 * So an index holds only `export { … } from './…'` lines (and comments): anything else is refused, not
 * silently bundled. A type-only name is dropped (the TypeScript transform erases it anyway).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

interface ReExport {
  /** The module the index re-exports the name from, as an absolute path without extension. */
  source: string;
  /** The name that module exports it under. */
  imported: string;
}

const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const RE_EXPORT = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';?/g;
/** `import { … } from '…'` and `export { … } from '…'`, the forms a consumer may use on an index. */
const NAMED_FROM = /\b(import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';?/g;
/** Any other static or dynamic import of a module, to refuse it when it names an index. */
const ANY_FROM = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g;

/** `A`, `type B`, `C as D` -> [imported, local] pairs, type-only ones left out. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return [imported, local];
    });
}

/** The names a feature's index.ts re-exports, each with its source module. */
export function readIndex(file: string): Map<string, ReExport> {
  const text = readFileSync(file, 'utf8').replace(COMMENTS, '');
  const rest = text.replace(RE_EXPORT, '').trim();
  if (rest) throw new Error(`${file} may only re-export (export { … } from './…'), found: ${rest.slice(0, 80)}`);
  const names = new Map<string, ReExport>();
  for (const [, typeOnly, list, from] of text.matchAll(RE_EXPORT)) {
    if (typeOnly) continue;
    for (const [imported, exported] of specifiers(list!)) {
      names.set(exported, { source: resolve(dirname(file), from!), imported });
    }
  }
  return names;
}

/** A relative specifier from `importer` to `source`, resolved like any other by the dev server and the build. */
function specifierOf(source: string, importer: string) {
  const path = relative(dirname(importer), source).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** `featuresDir` is the absolute path of web/src/features. */
export function featureBarrelsPlugin(featuresDir: string): Plugin {
  const indexes = new Map<string, Map<string, ReExport>>();
  /** The index file a specifier written in `importer` names, or null when it names no feature's index. */
  const indexOf = (specifier: string, importer: string) => {
    if (!specifier.startsWith('.')) return null;
    const target = resolve(dirname(importer), specifier).replace(/[\\/]index(\.ts)?$/, '');
    if (dirname(target) !== featuresDir) return null;
    return join(target, 'index.ts');
  };
  const namesOf = (index: string) => {
    let names = indexes.get(index);
    if (!names) indexes.set(index, (names = readIndex(index)));
    return names;
  };

  return {
    name: 'lenslab-feature-barrels',
    enforce: 'pre',
    // In watch mode an edited index is read again.
    watchChange(id) {
      indexes.delete(id);
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !id.includes(`${sep}web${sep}src${sep}`)) return null;
      let changed = false;
      const rewritten = code.replace(NAMED_FROM, (statement, keyword: string, typeOnly, list: string, from: string) => {
        const index = indexOf(from, id);
        if (!index) return statement;
        changed = true;
        if (typeOnly) return statement.replace(/[^\n]/g, ' ');
        const names = namesOf(index);
        const bySource = new Map<string, string[]>();
        for (const [imported, local] of specifiers(list)) {
          const found = names.get(imported);
          if (!found) throw new Error(`${id} takes ${imported} from ${index}, which does not export it.`);
          const binding = found.imported === local ? local : `${found.imported} as ${local}`;
          bySource.set(found.source, [...(bySource.get(found.source) ?? []), binding]);
        }
        // One line per original line, so the source map of the rest of the file stays right.
        const statements = [...bySource].map(
          ([source, bindings]) => `${keyword} { ${bindings.join(', ')} } from '${specifierOf(source, id)}';`,
        );
        return statements.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      for (const [, from] of rewritten.matchAll(ANY_FROM)) {
        const index = indexOf(from!, id);
        if (index) throw new Error(`${id} imports ${from} in a form the build cannot resolve: use import { … } from.`);
      }
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
