import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Stage } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { buildSync } from 'esbuild';
import { esbuildOptionsOfMany, LAMBDA_BUNDLING } from './lambda-bundling';
import type { LambdaEntry } from './lambda-entries';

/**
 * How a function's bundle folder in the cloud assembly starts: `function-bundle-getOrder/index.mjs` with its map.
 * Inside the assembly, so a function's asset path stays valid when the CDK does not copy assets (staging
 * disabled) and goes away with the assembly. Directly in it, beside the `asset.*` folders the CDK copies them to,
 * so the map's relative source paths are the same in both, and the same as when each function had its own esbuild
 * run in a `bundling-temp-*` folder: the packages and their hashes did not change when the bundling did. No dot in
 * the name: the CDK would take what follows it for a file extension and add it to the staged folder's name.
 */
export const FUNCTION_BUNDLE_PREFIX = 'function-bundle-';

/** Per cloud assembly: a bundled entry file (resolved path) and its function's folder. */
const bundlesByOutdir = new Map<string, Map<string, string>>();

/** A function's folder: `job:warrantyReminders` -> `function-bundle-job-warrantyReminders` (no colon in a file name). */
const folderName = (name: string) => `${FUNCTION_BUNDLE_PREFIX}${name.replaceAll(':', '-')}`;

function assemblyDirOf(scope: IConstruct): string {
  // The app itself (a Stage) has no stage above it: its own assembly is the one.
  const stage = Stage.isStage(scope) ? scope : Stage.of(scope);
  if (!stage)
    throw new Error(`${scope.node.path} is in no CDK app or stage: there is no cloud assembly to bundle into`);
  return stage.outdir;
}

/**
 * Bundles the functions of `entries` with one esbuild build: each shared module (zod, core/, the adapters) is
 * parsed once instead of once per function, which was most of a bundled synth's time. Once per cloud assembly:
 * a later call bundles only entries not bundled yet. An entry that two functions run (the sign-in audit's trigger
 * and consumer) is bundled once, under its first name.
 */
export function bundleFunctions(scope: IConstruct, entries: readonly LambdaEntry[]): void {
  const outdir = assemblyDirOf(scope);
  let bundled = bundlesByOutdir.get(outdir);
  if (!bundled) {
    // Left by an earlier synth into the same cdk.out: its functions may no longer exist.
    for (const stale of existsSync(outdir) ? readdirSync(outdir) : []) {
      if (stale.startsWith(FUNCTION_BUNDLE_PREFIX)) rmSync(join(outdir, stale), { recursive: true, force: true });
    }
    bundled = new Map();
    bundlesByOutdir.set(outdir, bundled);
  }
  const taken = new Set(bundled.values());
  const toBuild: Record<string, string> = {};
  for (const { name, entry } of entries) {
    const file = resolve(entry);
    if (bundled.has(file) || Object.values(toBuild).includes(file)) continue;
    const folder = folderName(name);
    if (taken.has(join(outdir, folder)) || folder in toBuild) {
      throw new Error(`Two function entries share the bundle name "${folder}" (infra/lambda-entries.ts): ${entry}`);
    }
    toBuild[folder] = file;
  }
  if (Object.keys(toBuild).length === 0) return;
  // Synchronous, as construct code is; a failed build throws with esbuild's messages.
  buildSync(esbuildOptionsOfMany(toBuild, outdir, LAMBDA_BUNDLING));
  for (const [folder, file] of Object.entries(toBuild)) bundled.set(file, join(outdir, folder));
}

/**
 * The folder holding the bundle of `entry` (`index.mjs` and its map), for `Code.fromAsset`. Only entries that
 * bundleFunctions bundled for this app have one: every function the stack deploys is listed in
 * infra/lambda-entries.ts, so the bench measures it too.
 */
export function functionBundleDir(scope: IConstruct, entry: string): string {
  const dir = bundlesByOutdir.get(assemblyDirOf(scope))?.get(resolve(entry));
  if (!dir) {
    throw new Error(
      `The function entry ${entry} was not bundled: list it in infra/lambda-entries.ts (lambdaEntries), which ` +
        'the stack bundles and the bench measures.',
    );
  }
  return dir;
}
