import type { BuildOptions } from 'esbuild';

/**
 * How every portal function's code is bundled: `Functions` hands these to NodejsFunction, and
 * `npm run bench:lambda` hands the same values to esbuild directly, so the measured bundles are the deployed ones.
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

/** The file NodejsFunction writes (its handler is `index.handler`). */
export const bundleFileName = (bundling: LambdaBundling = LAMBDA_BUNDLING) =>
  bundling.format === 'esm' ? 'index.mjs' : 'index.js';

/**
 * The esbuild options that NodejsFunction's esbuild command line amounts to for `bundling`
 * (aws-cdk-lib/aws-lambda-nodejs: `--bundle --platform=node --target --format --outfile --minify --sourcemap
 * --sources-content --external:* --banner:js --main-fields`).
 */
export function esbuildOptionsOf(entry: string, outfile: string, bundling: LambdaBundling = LAMBDA_BUNDLING) {
  return {
    entryPoints: [entry],
    outfile,
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
