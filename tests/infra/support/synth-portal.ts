import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { defineRoute, type RouteDefinition, type RouteResources } from '../../../core/route-definition';
import { emptyInputSchema } from '../../../core/schemas/common';
import type { FunctionCodeMode } from '../../../infra/constructs/functions';
import { PortalStack, portalStackName } from '../../../infra/portal-stack';
import { REPO_ROOT } from '../../../infra/repo-paths';
import { parseStageConfig, stageDefinitions, type StageConfigInput } from '../../../infra/stage-config';
import { flattenedTemplate, stackTemplates, type StackTemplate } from './stack-templates';

export interface SynthOptions {
  stage: 'staging' | 'prod';
  /** Only for tests that assert wiring, not code (see FunctionCodeMode). */
  functionCode?: FunctionCodeMode;
  /** CDK context beside cdk.json's, as `-c key=value` gives it (e.g. `sesPending`). */
  context?: Record<string, string>;
  /** Changes to the stage definition before validation, e.g. an own domain. */
  override?: (definition: StageConfigInput) => StageConfigInput;
  routes?: readonly RouteDefinition[];
  webDistDir?: string;
  /** Runs on the app before it is synthesized, e.g. to add cdk-nag's rule packs as aspects. */
  beforeSynth?: (app: App) => void;
}

export interface SynthResult {
  /**
   * The parent stack and all its nested stacks as one template, cross-stack references resolved
   * (support/stack-templates.ts): what the stage deploys, whichever stack a resource lives in.
   */
  template: Template;
  /** Each stack's own template (parent first), for assertions about the layout and per-stack limits. */
  stacks: StackTemplate[];
  stack: PortalStack;
  /** Cloud assembly directory: staged assets (bundles, config.json) live here. */
  assemblyDir: string;
}

// Bundled synths stage tens of MB of assets: every folder made here is removed when the test worker ends.
// (The infra project shares one module cache per worker, vitest.config.ts, so a per-file afterAll would
// fire once, in the first file, and delete the folders of the shared synths below.)
const tempDirs: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
process.once('exit', () => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The stock placeholder synth of each stage, made once per test worker: most infra files assert against
 * exactly these two, and each synth costs seconds. Results are read-only to the tests (assertions only), so
 * sharing them cannot leak one file's state into another.
 */
const stockSynths = new Map<SynthOptions['stage'], SynthResult>();
const isStockPlaceholder = (options: SynthOptions) =>
  options.functionCode === 'placeholder' && Object.keys(options).length === 2;

/** The feature flags of cdk.json, so tests synthesize exactly what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object };
  return { ...cdkJson.context };
}

/**
 * Synthesizes one stage the way bin/app.ts does, without AWS credentials or environment (an
 * environment-agnostic stack; the web dist defaults to an empty folder so tests never depend on a build).
 */
export function synthPortal(options: SynthOptions): SynthResult {
  if (!isStockPlaceholder(options)) return synthFresh(options);
  const cached = stockSynths.get(options.stage) ?? synthFresh(options);
  stockSynths.set(options.stage, cached);
  return cached;
}

/** A customer route that only declares resources, for synths about the grants they give (no handler is built). */
export const placeholderRoute = (name: string, resources: RouteResources): RouteDefinition =>
  defineRoute({
    name,
    input: emptyInputSchema,
    output: emptyInputSchema,
    access: ['customer'],
    handler: 'unused/in-placeholder-mode',
    resources,
  });

/** An own domain for the stage (portal.lenslab.example with its us-east-1 certificate), placeholder code. */
export function synthWithOwnDomain(stage: SynthOptions['stage']): SynthResult {
  return synthPortal({
    stage,
    functionCode: 'placeholder',
    override: (definition) => ({
      ...definition,
      domain: {
        name: 'portal.lenslab.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    }),
  });
}

function synthFresh(options: SynthOptions): SynthResult {
  const outdir = tempDir('lenslab-cdk-');
  const app = new App({ context: { ...cdkJsonContext(), ...options.context }, outdir });
  const definition = stageDefinitions({})[options.stage];
  if (!definition) throw new Error(`no stage ${options.stage}`);
  const config = parseStageConfig(options.override ? options.override(definition) : definition);
  const stack = new PortalStack(app, portalStackName(config.stage), {
    config,
    webDistDir: options.webDistDir ?? tempDir('lenslab-no-dist-'),
    ...(options.functionCode && { functionCode: options.functionCode }),
    ...(options.routes && { routes: options.routes }),
  });
  options.beforeSynth?.(app);
  // One synth for every template (Template.fromStack would synthesize the app again per stack).
  const assembly = app.synth();
  const stacks = stackTemplates(stack, assembly.directory);
  return { template: flattenedTemplate(stack, stacks), stacks, stack, assemblyDir: outdir };
}
