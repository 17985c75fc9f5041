import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import type { RouteDefinition } from '../../../core/route-definition';
import type { FunctionCodeMode } from '../../../infra/constructs/functions';
import { PortalStack, portalStackName } from '../../../infra/portal-stack';
import { REPO_ROOT } from '../../../infra/repo-paths';
import { parseStageConfig, stageDefinitions, type StageConfigInput } from '../../../infra/stage-config';

export interface SynthOptions {
  stage: 'staging' | 'prod';
  /** Only for tests that assert wiring, not code (see FunctionCodeMode). */
  functionCode?: FunctionCodeMode;
  /** Changes to the stage definition before validation, e.g. an own domain. */
  override?: (definition: StageConfigInput) => StageConfigInput;
  routes?: readonly RouteDefinition[];
  webDistDir?: string;
}

export interface SynthResult {
  template: Template;
  stack: PortalStack;
  /** Cloud assembly directory: staged assets (bundles, config.json) live here. */
  assemblyDir: string;
}

// Bundled synths stage tens of MB of assets; each test file removes the folders it made.
const tempDirs: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The feature flags of cdk.json, so tests synthesize exactly what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object };
  return { ...cdkJson.context };
}

/**
 * Synthesizes one stage the way bin/app.ts does, without AWS credentials or environment (an
 * environment-agnostic stack; the web dist defaults to an empty folder so tests never depend on a build).
 */
export function synthPortal(options: SynthOptions): SynthResult {
  const outdir = tempDir('lenslab-cdk-');
  const app = new App({ context: cdkJsonContext(), outdir });
  const definition = stageDefinitions({})[options.stage];
  if (!definition) throw new Error(`no stage ${options.stage}`);
  const config = parseStageConfig(options.override ? options.override(definition) : definition);
  const stack = new PortalStack(app, portalStackName(config.stage), {
    config,
    webDistDir: options.webDistDir ?? tempDir('lenslab-no-dist-'),
    ...(options.functionCode && { functionCode: options.functionCode }),
    ...(options.routes && { routes: options.routes }),
  });
  const template = Template.fromStack(stack);
  return { template, stack, assemblyDir: outdir };
}
