/**
 * `npm run bench:lambda`: every function of the stack (a route's, a scheduled job's, an event consumer's) bundled
 * exactly as the CDK stack bundles it (infra/lambda-bundling.ts), then per function the bundle's minified size
 * and the median time to import it in a fresh Node process, next to an empty module's.
 *
 *   npx tsx bench/lambda-start.ts [--check] [--sizes-only] [--sdk bundled|runtime] [--runs 7] [--only getOrder,...]
 *     [--why getOrder]
 *
 * `--check`: exit 1 when a bundle is over its budget (bench/lambda-budget.ts: 250 KB).
 * `--sizes-only`: no import timing, so a run takes seconds (`npm run budget:lambda` is both).
 * `--sdk runtime` leaves `@aws-sdk/*` out as the Node 22 runtime's own SDK would; the bundles are written below
 * bench/.out/, so their imports resolve to this repository's node_modules, which approximates the runtime's copy.
 * `--why NAME` prints what fills that bundle (esbuild's metafile, by package). Timings depend on the machine and
 * its load: they are printed, never checked.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { TABLES, tableEnvVar, type TableName } from '../core/data/tables';
import {
  bundleFileName,
  esbuildOptionsOf,
  LAMBDA_BUNDLING,
  RUNTIME_AWS_SDK,
  type LambdaBundling,
} from '../infra/lambda-bundling';
import { lambdaEntries, type LambdaEntry } from '../infra/lambda-entries';
import { REPO_ROOT } from '../infra/repo-paths';
import { LAMBDA_BUNDLE_BUDGET_BYTES } from './lambda-budget';

/** The import-time goal on the development machine; printed against, never asserted. */
const IMPORT_GOAL_MS = 25;

/** What a handler module reads at import time, with dummy values: the stack gives every one of these. */
function lambdaEnvironment(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    // The runtime is Node 22; the SDK's warning about this machine's Node 20 would only add noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...Object.fromEntries(Object.keys(TABLES).map((table) => [tableEnvVar(table as TableName), `bench-${table}`])),
    USER_POOL_ID: 'us-east-1_bench',
    USER_POOL_CLIENT_ID: 'bench',
    USER_POOL_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench',
    ATTACHMENTS_BUCKET: 'bench-attachments',
    EMAIL_FROM: 'no-reply@lenslab.example',
    EMAIL_CONFIGURATION_SET: 'bench',
    STAGE: 'bench',
    LOG_LEVEL: 'warn',
    ORIGIN_VERIFY_SECRET: 'bench',
    PAYMENT_GATEWAY: 'fake',
    PORTAL_URL: 'https://portal.lenslab.example',
  };
}

interface Bundle extends LambdaEntry {
  file: string;
  bytes: number;
  metafile: Metafile;
}

async function bundle(fn: LambdaEntry, outDir: string, bundling: LambdaBundling): Promise<Bundle> {
  const file = join(outDir, fn.name.replace(':', '-'), bundleFileName(bundling));
  const result = await build({ ...esbuildOptionsOf(fn.entry, file, bundling), metafile: true, logLevel: 'silent' });
  return { ...fn, file, bytes: statSync(file).size, metafile: result.metafile };
}

/** A function that does not build is reported by name, and the others are still measured. */
async function bundleOrReport(fn: LambdaEntry, outDir: string, bundling: LambdaBundling): Promise<Bundle | Error> {
  try {
    return await bundle(fn, outDir, bundling);
  } catch (error) {
    return new Error(`${fn.name} does not build: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Bundles a few at a time: esbuild is parallel already, and the machine is shared. */
async function bundleAll(fns: LambdaEntry[], outDir: string, bundling: LambdaBundling): Promise<(Bundle | Error)[]> {
  const bundles: (Bundle | Error)[] = [];
  for (let i = 0; i < fns.length; i += 4) {
    bundles.push(...(await Promise.all(fns.slice(i, i + 4).map((fn) => bundleOrReport(fn, outDir, bundling)))));
  }
  return bundles;
}

const IMPORT_PROBE = `const t = process.hrtime.bigint(); await import(process.argv[1]);
process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;

interface ImportTime {
  median: number;
  /** The least disturbed run: on a shared machine the median moves with the load, the fastest much less. */
  fastest: number;
}

/** Milliseconds of `await import(file)` in `runs` fresh Node processes started like the Lambda's. */
function importMs(file: string, runs: number): ImportTime {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', IMPORT_PROBE, pathToFileURL(file).href], {
      env: lambdaEnvironment(),
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`importing ${file} failed:\n${child.stderr}`);
    times.push(Number(child.stdout));
  }
  return { median: median(times), fastest: Math.min(...times) };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const kb = (bytes: number) => bytes / 1000;

/** The inputs that fill a bundle, grouped by package (or by our own folder), largest first. */
function printWhy(b: Bundle): void {
  const output = Object.values(b.metafile.outputs).find((o) => o.entryPoint);
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  console.info(`\nwhat fills ${b.name} (${kb(b.bytes).toFixed(1)} KB):`);
  for (const [pkg, bytes] of [...byPackage].toSorted((x, y) => y[1] - x[1]).slice(0, 20)) {
    console.info(`  ${pkg.padEnd(50)} ${kb(bytes).toFixed(1).padStart(7)} KB`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      'sizes-only': { type: 'boolean', default: false },
      sdk: { type: 'string', default: 'bundled' },
      runs: { type: 'string', default: '7' },
      only: { type: 'string' },
      why: { type: 'string' },
    },
  });
  if (values.sdk !== 'bundled' && values.sdk !== 'runtime') throw new Error('--sdk is bundled or runtime');
  const bundling: LambdaBundling =
    values.sdk === 'runtime' ? { ...LAMBDA_BUNDLING, externalModules: RUNTIME_AWS_SDK } : LAMBDA_BUNDLING;
  const only = values.only?.split(',');
  const fns = lambdaEntries().filter((fn) => !only || only.includes(fn.name) || fn.name === values.why);
  const outDir = join(REPO_ROOT, 'bench', '.out', 'lambda', values.sdk);
  rmSync(outDir, { recursive: true, force: true });

  const started = performance.now();
  const built = await bundleAll(fns, outDir, bundling);
  const bundleSeconds = (performance.now() - started) / 1000;
  const failed = built.filter((b): b is Error => b instanceof Error);
  const bundles = built.filter((b): b is Bundle => !(b instanceof Error));
  const over = bundles.filter((b) => b.bytes > LAMBDA_BUNDLE_BUDGET_BYTES);

  const runs = Number(values.runs);
  const timed = !values['sizes-only'];
  let empty: ImportTime = { median: 0, fastest: 0 };
  if (timed) {
    const emptyFile = join(outDir, 'empty', 'index.mjs');
    mkdirSync(join(outDir, 'empty'), { recursive: true });
    writeFileSync(emptyFile, '');
    empty = importMs(emptyFile, runs);
  }
  const rows = bundles.map((b) => ({ ...b, ms: timed ? importMs(b.file, runs) : empty }));

  console.info(
    `Lambda bundles (${values.sdk === 'runtime' ? 'AWS SDK from the runtime' : 'AWS SDK bundled'}; ` +
      `${rows.length} functions bundled in ${bundleSeconds.toFixed(1)} s; KB = 1,000 bytes; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)\n`,
  );
  console.info(
    `${'function'.padEnd(34)} ${'minified KB'.padStart(12)}${timed ? `${'import ms: median'.padStart(20)}${'fastest'.padStart(9)}` : ''}`,
  );
  for (const r of rows.toSorted((a, b) => b.bytes - a.bytes)) {
    const flag = r.bytes > LAMBDA_BUNDLE_BUDGET_BYTES ? '  over budget' : '';
    console.info(
      `${r.name.padEnd(34)} ${kb(r.bytes).toFixed(1).padStart(12)}${timed ? `${r.ms.median.toFixed(1).padStart(20)}${r.ms.fastest.toFixed(1).padStart(9)}` : ''}${flag}`,
    );
  }
  const sizes = rows.map((r) => kb(r.bytes));
  console.info(
    `\nsize: max ${Math.max(...sizes).toFixed(1)} KB, median ${median(sizes).toFixed(1)} KB; ` +
      `${over.length} of ${rows.length} over budget (${kb(LAMBDA_BUNDLE_BUDGET_BYTES)} KB, bench/lambda-budget.ts)`,
  );
  if (timed) {
    const ms = rows.map((r) => r.ms.median);
    const fastest = rows.map((r) => r.ms.fastest);
    console.info(
      `import (median of ${runs} runs): max ${Math.max(...ms).toFixed(1)} ms, median ${median(ms).toFixed(1)} ms; ` +
        `fastest runs: max ${Math.max(...fastest).toFixed(1)} ms, median ${median(fastest).toFixed(1)} ms ` +
        `(an empty module: ${empty.median.toFixed(1)} / ${empty.fastest.toFixed(1)} ms); ` +
        `${ms.filter((m) => m > IMPORT_GOAL_MS).length} over the ${IMPORT_GOAL_MS} ms goal`,
    );
  }
  const why = rows.find((r) => r.name === values.why);
  if (why) printWhy(why);
  for (const error of failed) console.error(`\n${error.message}`);
  console.info(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  if (values.check) {
    for (const b of over) {
      console.error(`${b.name}: ${kb(b.bytes).toFixed(1)} KB, over the ${kb(LAMBDA_BUNDLE_BUDGET_BYTES)} KB budget`);
    }
  }
  if (failed.length > 0 || (values.check && over.length > 0)) process.exit(1);
}

await main();
