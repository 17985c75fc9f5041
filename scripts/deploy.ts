/**
 * One command per stage (issue item "One deploy command per stage"):
 *
 *   npm run deploy -- --stage staging     build the SPA, synthesize, run the infra tests, deploy the stacks
 *   npm run diff -- --stage prod          build the SPA, synthesize, show what a deploy would change
 *
 * Options: --dry-run prints the commands and runs none; --ses-pending is a stage's first deployment before its
 * SES identity is verified (docs/deploy.md "Email (SES)"); --ci deploys without the CLI's approval prompt (CI's
 * environment approval has already asked). AWS credentials come from the environment (AWS_PROFILE, or the
 * OIDC role in CI): the profile's region is where the portal stack goes.
 *
 * What is deployed is the assembly the tests ran against: the deploy reads cdk.out (`--app`) instead of
 * synthesizing a second time.
 *
 * Exit status: 0 done; the failing step's own status otherwise; 2 bad arguments.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SES_PENDING_CONTEXT } from '../infra/constructs/auth';
import { stageDefinitions } from '../infra/stage-config';

export const USAGE_EXIT = 2;
/** Where the synthesized assembly goes, and where the deploy and diff read it from. */
export const ASSEMBLY_DIR = 'cdk.out';

export type Mode = 'deploy' | 'diff';

export class UsageError extends Error {}

export interface DeployOptions {
  mode: Mode;
  stage: string;
  dryRun: boolean;
  sesPending: boolean;
  ci: boolean;
}

export interface Step {
  title: string;
  /** A binary of node_modules/.bin: the versions of package-lock.json, never a global install. */
  bin: 'vite' | 'cdk' | 'vitest';
  args: string[];
}

const deployedStages = () => Object.keys(stageDefinitions({})).filter((stage) => stage !== 'local');

export function parseDeployArgs(argv: readonly string[]): DeployOptions {
  const [mode, ...rest] = argv;
  if (mode !== 'deploy' && mode !== 'diff') throw new UsageError('The first argument is "deploy" or "diff"');
  let stage: string | undefined;
  const flags = new Set<string>();
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--stage') {
      stage = rest[i + 1];
      i += 1;
    } else if (arg.startsWith('--stage=')) {
      stage = arg.slice('--stage='.length);
    } else if (['--dry-run', '--ses-pending', '--ci'].includes(arg)) {
      flags.add(arg);
    } else {
      throw new UsageError(`Unknown argument "${arg}"`);
    }
  }
  if (!stage || !deployedStages().includes(stage)) {
    throw new UsageError(`--stage must be one of ${deployedStages().join(', ')} ("local" runs with npm start)`);
  }
  if (mode === 'diff' && flags.has('--ci')) throw new UsageError('--ci is for deploy: a diff asks nothing');
  return {
    mode,
    stage,
    dryRun: flags.has('--dry-run'),
    sesPending: flags.has('--ses-pending'),
    ci: flags.has('--ci'),
  };
}

/** The commands, in order. Any failing step stops the rest: nothing is deployed after a failed test. */
export function commandPlan(options: DeployOptions): Step[] {
  const context = [
    '-c',
    `stage=${options.stage}`,
    ...(options.sesPending ? ['-c', `${SES_PENDING_CONTEXT}=true`] : []),
  ];
  // The assembly holds only this stage's stacks: the portal and its us-east-1 firewall and alarm stacks (bin/app.ts).
  const stacks = ['--all'];
  const steps: Step[] = [
    // The SPA first: synth publishes web/dist, and without it only config.json would be deployed.
    { title: 'build the web app', bin: 'vite', args: ['build', '--logLevel', 'warn'] },
    {
      title: `synthesize ${options.stage}`,
      bin: 'cdk',
      args: ['synth', '--quiet', '--output', ASSEMBLY_DIR, ...context],
    },
  ];
  if (options.mode === 'diff') {
    steps.push({ title: `diff ${options.stage}`, bin: 'cdk', args: ['diff', '--app', ASSEMBLY_DIR, ...stacks] });
    return steps;
  }
  steps.push(
    { title: 'infra tests', bin: 'vitest', args: ['run', '--project', 'infra'] },
    {
      title: `deploy ${options.stage}`,
      bin: 'cdk',
      args: [
        'deploy',
        '--app',
        ASSEMBLY_DIR,
        ...stacks,
        '--outputs-file',
        join(ASSEMBLY_DIR, `outputs-${options.stage}.json`),
        ...(options.ci ? ['--require-approval', 'never', '--ci'] : []),
      ],
    },
  );
  return steps;
}

/** How a step reads in the terminal (and in --dry-run). */
export const describeStep = (step: Step) => `${step.bin} ${step.args.join(' ')}`;

export type Runner = (step: Step) => number;

const runWithLocalBinary: Runner = (step) => {
  const bin = join(process.cwd(), 'node_modules', '.bin', step.bin);
  const run = spawnSync(bin, step.args, { stdio: 'inherit' });
  if (run.error) {
    console.error(`${step.bin} could not start (${run.error.message}); run npm ci first.`);
    return 1;
  }
  return run.status ?? 1;
};

/** Runs the plan (or prints it); the exit status of the first failing step, else 0. */
export function execute(
  options: DeployOptions,
  run: Runner = runWithLocalBinary,
  log: (line: string) => void = (line) => console.info(line),
): number {
  const steps = commandPlan(options);
  if (options.dryRun) {
    log(`Dry run: the ${options.mode} of ${options.stage} would run:`);
    steps.forEach((step, i) => log(`  ${i + 1}. ${describeStep(step)}`));
    return 0;
  }
  for (const [i, step] of steps.entries()) {
    log(`\n=== ${i + 1}/${steps.length} ${step.title}: ${describeStep(step)}`);
    const status = run(step);
    if (status !== 0) {
      log(`Stopped: "${step.title}" failed (exit ${status}); nothing after it ran.`);
      return status;
    }
  }
  return 0;
}

function main(): void {
  let options: DeployOptions;
  try {
    options = parseDeployArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${error.message}\n\nUsage: npm run deploy -- --stage <staging|prod> [--dry-run] [--ses-pending] [--ci]\n       npm run diff -- --stage <staging|prod> [--dry-run]`,
    );
    process.exit(USAGE_EXIT);
  }
  process.exit(execute(options));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
