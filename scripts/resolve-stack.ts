/**
 * Turns a stack trace from a Lambda's log into TypeScript positions.
 *
 *   npx tsx scripts/resolve-stack.ts getOrder < trace.txt
 *   npx tsx scripts/resolve-stack.ts --map cdk.out/asset.<hash>/index.mjs.map < trace.txt
 *
 * The functions run without --enable-source-maps (reading the map cost about 5 ms of every cold start), so their
 * logged stacks point into the minified bundle: `index.mjs:62:11600`. With a function's name the script bundles
 * that function as the stack does (infra/lambda-bundling.ts; check out the deployed commit first, since esbuild
 * gives the same bundle for the same sources and lockfile); with `--map` it reads the map that was deployed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { lambdaEntries } from '../infra/lambda-entries';
import { bundleFileName, esbuildOptionsOf, LAMBDA_BUNDLING } from '../infra/lambda-bundling';

/**
 * A position in the bundle as V8 prints it: 1-based line and column. The Lambda runtime's own frames
 * (/var/runtime/index.mjs) are not the bundle's and are left alone.
 */
const BUNDLE_POSITION = /(?:file:\/\/)?(?![^\s()]*\/var\/runtime\/)[^\s()]*index\.m?js:(\d+):(\d+)/g;

/**
 * A map's source path as a path in this repository. The map names sources relative to where the bundle was
 * written, which for a deployed map was the CDK's bundling folder, so the path is cut at the first top folder.
 */
function repositoryPath(source: string): string {
  const path = source.replace(/^file:\/\//, '');
  const top = /(?:^|\/)((?:core|lambdas|node_modules)\/.*)$/.exec(path);
  return top ? top[1]! : path;
}

/** Rewrites every bundle position in `trace` to the source position the map gives, keeping the rest as is. */
export function resolveStack(trace: string, payload: SourceMapPayload): string {
  const map = new SourceMap(payload);
  return trace.replace(BUNDLE_POSITION, (position, line: string, column: string) => {
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    // findEntry answers the nearest earlier mapping even for a line the map does not have: not this position's.
    if (!('originalSource' in entry) || !entry.originalSource || entry.generatedLine !== Number(line) - 1) {
      return position;
    }
    return `${repositoryPath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** The source map of the named function, bundled now exactly as the stack bundles it. */
async function mapOfFunction(name: string): Promise<SourceMapPayload> {
  const fn = lambdaEntries().find((entry) => entry.name === name);
  if (!fn) throw new Error(`No function named ${name} (a route name, job:NAME or event:NAME)`);
  const dir = mkdtempSync(join(tmpdir(), 'resolve-stack-'));
  try {
    const file = join(dir, bundleFileName());
    await build({ ...esbuildOptionsOf(fn.entry, file, LAMBDA_BUNDLING), logLevel: 'silent' });
    return JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { map: { type: 'string' } }, allowPositionals: true });
  const [name] = positionals;
  if (!values.map && !name) throw new Error('Name the function (e.g. getOrder) or pass --map <index.mjs.map>');
  const payload = values.map
    ? (JSON.parse(readFileSync(values.map, 'utf8')) as SourceMapPayload)
    : await mapOfFunction(name!);
  process.stdout.write(resolveStack(readFileSync(0, 'utf8'), payload));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
