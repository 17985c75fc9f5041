import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const REPO_ROOT = join(__dirname, '../..');

/** The TypeScript sources under the given repository folders, as repository-relative paths. */
export function sourceFiles(dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path);
      return /\.tsx?$/.test(name) ? [relative(REPO_ROOT, path)] : [];
    });
  return dirs.flatMap((dir) => walk(join(REPO_ROOT, dir)));
}

/** Comment lines may quote anything; only code counts. */
const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line);

/** `file:line: code` for each code line of the sources that `matches`. */
export function codeLinesMatching(files: readonly string[], matches: (line: string) => boolean): string[] {
  return files.flatMap((file) =>
    readFileSync(join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (!isComment(line) && matches(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}
