import type { BuildOptions } from 'esbuild';

/**
 * How every portal function's code is bundled: the stack (infra/function-bundles.ts), `npm run bench:lambda` and
 * scripts/resolve-stack.ts all hand these to esbuild, so the measured bundles are the deployed ones.
 */
export interface LambdaBundling {
  /** esbuild `--target`: the Lambda runtime's Node version. */
  target: string;
  format: 'esm' | 'cjs';
  mainFields: readonly string[];
  banner: string;
  minify: boolean;
  sourceMap: boolean;
  /**
   * Whether the source map carries the sources' text. Mapping a stack trace needs only the mappings
   * (scripts/resolve-stack.ts), so the text would only make every function's package larger.
   */
  sourcesContent: boolean;
  /** Packages left out of the bundle for the runtime to provide; empty bundles everything, AWS SDK included. */
  externalModules: readonly string[];
}

// ESM output; some bundled CommonJS dependencies still call require(), which ESM lacks.
const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/** The AWS SDK as the Node 22 runtime ships it (the alternative measured in docs/decisions/0073-lambda-bundles.md). */
export const RUNTIME_AWS_SDK = ['@aws-sdk/*'] as const;

export const LAMBDA_BUNDLING: LambdaBundling = {
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The SDK versions the tests ran against, not whatever the runtime ships (docs/decisions/0073-lambda-bundles.md).
  externalModules: [],
};

const bundleExtension = (bundling: LambdaBundling) => (bundling.format === 'esm' ? '.mjs' : '.js');

/** A function's bundle file in its package (its handler is `index.handler`). */
export const bundleFileName = (bundling: LambdaBundling = LAMBDA_BUNDLING) => `index${bundleExtension(bundling)}`;

/**
 * The esbuild options every function is bundled with, whatever its entry and output: what NodejsFunction's
 * esbuild command line amounted to (`--bundle --platform=node --target --format --minify --sourcemap
 * --sources-content --external:* --banner:js --main-fields`), which the stack used before it bundled all
 * functions in one esbuild pass (docs/decisions/0073-lambda-bundles.md).
 */
function sharedEsbuildOptions(bundling: LambdaBundling) {
  return {
    bundle: true,
    platform: 'node',
    target: bundling.target,
    format: bundling.format,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    external: [...bundling.externalModules],
    banner: { js: bundling.banner },
    mainFields: [...bundling.mainFields],
    logLevel: 'warning',
  } satisfies BuildOptions;
}

/** One function's bundle in `outfile` (the bench and scripts/resolve-stack.ts build them one at a time). */
export function esbuildOptionsOf(entry: string, outfile: string, bundling: LambdaBundling = LAMBDA_BUNDLING) {
  return { ...sharedEsbuildOptions(bundling), entryPoints: [entry], outfile } satisfies BuildOptions;
}

/**
 * Many functions' bundles in one esbuild pass: `entries` maps an output folder (relative to `outdir`) to its
 * entry file, and each folder gets its own `index.mjs` (bundleFileName) with its map. One pass parses each
 * shared module once instead of once per function. Splitting stays off, so every file is self-contained and
 * byte for byte what esbuildOptionsOf makes of its entry alone.
 */
export function esbuildOptionsOfMany(
  entries: Readonly<Record<string, string>>,
  outdir: string,
  bundling: LambdaBundling = LAMBDA_BUNDLING,
) {
  return {
    ...sharedEsbuildOptions(bundling),
    entryPoints: Object.fromEntries(Object.entries(entries).map(([folder, entry]) => [`${folder}/index`, entry])),
    outdir,
    outExtension: { '.js': bundleExtension(bundling) },
    splitting: false,
  } satisfies BuildOptions;
}
