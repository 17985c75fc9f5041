import { describe, expect, it } from 'vitest';
import {
  commandPlan,
  describeStep,
  execute,
  parseDeployArgs,
  UsageError,
  type DeployOptions,
  type Step,
} from '../../../scripts/deploy';

const options = (overrides: Partial<DeployOptions> = {}): DeployOptions => ({
  mode: 'deploy',
  stage: 'staging',
  dryRun: false,
  sesPending: false,
  ci: false,
  ...overrides,
});

describe('deploy and diff arguments (npm run deploy -- --stage <s>, npm run diff -- --stage <s>)', () => {
  it('reads the mode, the stage and the flags', () => {
    expect(parseDeployArgs(['deploy', '--stage', 'prod'])).toEqual(options({ stage: 'prod' }));
    expect(parseDeployArgs(['deploy', '--stage=staging', '--dry-run', '--ses-pending', '--ci'])).toEqual(
      options({ dryRun: true, sesPending: true, ci: true }),
    );
    expect(parseDeployArgs(['diff', '--stage', 'prod'])).toEqual(options({ mode: 'diff', stage: 'prod' }));
  });

  it.each([
    [['deploy'], '--stage must be one of staging, prod'],
    [['deploy', '--stage'], '--stage must be one of staging, prod'],
    [['deploy', '--stage', 'local'], '("local" runs with npm start)'],
    [['deploy', '--stage', 'qa'], '--stage must be one of staging, prod'],
    [['deploy', '--stage', 'prod', '--force'], 'Unknown argument "--force"'],
    [['diff', '--stage', 'prod', '--ci'], '--ci is for deploy'],
    [['--stage', 'prod'], 'The first argument is "deploy" or "diff"'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseDeployArgs(argv)).toThrow(UsageError);
    expect(() => parseDeployArgs(argv)).toThrow(message);
  });
});

describe('the command plan', () => {
  it('deploy: builds the SPA, synthesizes the stage, runs the infra tests, then deploys what was tested', () => {
    expect(commandPlan(options({ stage: 'prod' })).map(describeStep)).toEqual([
      'vite build --logLevel warn',
      'cdk synth --quiet --output cdk.out -c stage=prod',
      'vitest run --project infra',
      'cdk deploy --app cdk.out --all --outputs-file cdk.out/outputs-prod.json',
    ]);
  });

  it('diff: builds and synthesizes the same way, then diffs both stacks of the stage and deploys nothing', () => {
    const plan = commandPlan(options({ mode: 'diff', stage: 'prod' })).map(describeStep);
    expect(plan).toEqual([
      'vite build --logLevel warn',
      'cdk synth --quiet --output cdk.out -c stage=prod',
      'cdk diff --app cdk.out --all',
    ]);
    expect(plan.join(' ')).not.toContain('deploy');
  });

  it("a stage's first deployment passes sesPending to the synth; CI deploys without the approval prompt", () => {
    const plan = commandPlan(options({ sesPending: true, ci: true })).map(describeStep);
    expect(plan[1]).toBe('cdk synth --quiet --output cdk.out -c stage=staging -c sesPending=true');
    expect(plan[3]).toBe(
      'cdk deploy --app cdk.out --all --outputs-file cdk.out/outputs-staging.json --require-approval never --ci',
    );
    expect(commandPlan(options()).map(describeStep)[3]).not.toContain('--require-approval');
  });
});

describe('running the plan', () => {
  it('--dry-run prints every command and runs none', () => {
    const ran: Step[] = [];
    const log: string[] = [];
    const status = execute(
      options({ dryRun: true }),
      (step) => (ran.push(step), 0),
      (line) => log.push(line),
    );
    expect(status).toBe(0);
    expect(ran).toEqual([]);
    expect(log).toEqual([
      'Dry run: the deploy of staging would run:',
      '  1. vite build --logLevel warn',
      '  2. cdk synth --quiet --output cdk.out -c stage=staging',
      '  3. vitest run --project infra',
      '  4. cdk deploy --app cdk.out --all --outputs-file cdk.out/outputs-staging.json',
    ]);
  });

  it('runs the steps in order and stops at the first failure: a failed test deploys nothing', () => {
    const ran: string[] = [];
    const log: string[] = [];
    const status = execute(
      options(),
      (step) => {
        ran.push(step.bin);
        return step.bin === 'vitest' ? 3 : 0;
      },
      (line) => log.push(line),
    );
    expect(status).toBe(3);
    expect(ran).toEqual(['vite', 'cdk', 'vitest']);
    expect(log.at(-1)).toBe('Stopped: "infra tests" failed (exit 3); nothing after it ran.');
  });

  it('returns 0 when every step passes', () => {
    const ran: string[] = [];
    expect(
      execute(
        options(),
        (step) => (ran.push(step.args[0]!), 0),
        () => undefined,
      ),
    ).toBe(0);
    expect(ran).toEqual(['build', 'synth', 'run', 'deploy']);
  });
});
