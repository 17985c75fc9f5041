/**
 * `npm test`: every test layer, cheapest first, with timings and one closing line "N passed, N failed" across
 * all runners. Stops after the first phase with a failing step.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrerequisites } from './ensure-prerequisites';
import { AUDIT_NOT_RUN_EXIT } from './npm-audit';

const REPORTS = join(process.cwd(), 'test-results', 'reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads passed/failed counts from the runner's JSON report. */
  counts?: () => { passed: number; failed: number };
  /**
   * The exit status meaning "could not run here" (not passed, not failed): reported loudly in the summary, and a
   * failure where REQUIRE_NPM_AUDIT is set (a CI whose registry answers audits). This project's own machines
   * reach a registry mirror that refuses the audit request (405), so there it cannot be required.
   */
  notRunExit?: number;
}

const vitestCounts = (file: string) => () => {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
};
/**
 * Vitest's default on two cores is one worker (CPUs - 1), which leaves a core idle while a phase runs alone;
 * `maxWorkers` 2 fills both. The steps beside the browser lane keep the default.
 */
const vitest = (name: string, projects: string[], maxWorkers?: number): Step => {
  const file = join(REPORTS, `${name}.json`);
  return {
    name,
    command: 'npx',
    args: [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...(maxWorkers ? [`--maxWorkers=${maxWorkers}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    counts: vitestCounts(file),
  };
};
const playwrightFile = join(REPORTS, 'e2e.json');

/**
 * The run in phases, cheapest first so a broken rule shows in seconds. A phase's lanes run side by side (each
 * lane's steps in order); the next phase starts when every lane has passed. Lanes pair work that waits (the
 * emulators, the browser) with work that computes, which is what keeps the run under ten minutes on two cores.
 */
const PHASES: Step[][][] = [
  // Production dependencies with a high or critical advisory fail the run (scripts/npm-audit.ts).
  [
    [
      {
        name: 'dependencies (npm audit)',
        command: 'npx',
        args: ['tsx', 'scripts/npm-audit.ts'],
        notRunExit: AUDIT_NOT_RUN_EXIT,
      },
    ],
  ],
  [
    [{ name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] }],
    [{ name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] }],
    [{ name: 'typecheck (node)', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] }],
    [{ name: 'typecheck (web)', command: 'npx', args: ['tsc', '-p', 'web/tsconfig.json'] }],
    // Built here, beside the other static checks, so the browser lane later starts with the stack at once and
    // an over-budget page fails in the first minute.
    [
      { name: 'build web', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] },
      { name: 'bundle budget', command: 'npx', args: ['tsx', 'scripts/bundle-budget.ts'] },
    ],
  ],
  [[vitest('unit and web', ['unit', 'web'], 2)]],
  [
    // The Lambda size budget and the infra synths share a lane with the integration tests: the browser lane is
    // the longer one, and in its last minutes the browser alone leaves a core free.
    [
      {
        name: 'Lambda size budget',
        command: 'npx',
        args: ['tsx', 'bench/lambda-start.ts', '--check', '--sizes-only'],
      },
      vitest('integration, security and faults', ['integration', 'faults']),
      vitest('infra', ['infra']),
    ],
    [
      {
        name: 'browser (Playwright, Chromium)',
        command: 'npx',
        args: ['playwright', 'test', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile },
        counts: () => {
          const report = JSON.parse(readFileSync(playwrightFile, 'utf8')) as {
            stats: { expected: number; unexpected: number; flaky: number };
          };
          return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
        },
      },
    ],
  ],
];

interface StepResult {
  step: Step;
  status: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
}

/**
 * Runs one step. Alone in its phase it writes straight to the terminal; beside others its output is kept and
 * printed whole when it ends, so two runners' lines never interleave.
 */
function runStep(step: Step, alone: boolean): Promise<StepResult> {
  const t0 = Date.now();
  if (alone) console.info(`\n=== ${step.name} ===`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (status, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      if (!alone) {
        console.info(`\n=== ${step.name} (ran beside other steps, ${seconds.toFixed(1)} s) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, status, signal, seconds });
    });
  });
}

/** A lane's steps in order; it stops at its first failure (later steps depend on earlier ones). */
async function runLane(lane: Step[], alone: boolean): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of lane) {
    const result = await runStep(step, alone && lane.length === 1);
    results.push(result);
    if (result.status !== 0 && result.status !== step.notRunExit) break;
  }
  return results;
}

async function main(): Promise<void> {
  const started = Date.now();
  ensurePrerequisites(['java', 'chromium']);
  const timings: string[] = [];
  let passed = 0;
  let failed = 0;
  const notRun: string[] = [];
  for (const phase of PHASES) {
    const lanes = await Promise.all(phase.map((lane) => runLane(lane, phase.length === 1)));
    const failures: string[] = [];
    for (const { step, status, signal, seconds } of lanes.flat()) {
      const beside = phase.length > 1 ? ' (parallel)' : '';
      timings.push(`${(step.name + beside).padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
      let counted = false;
      if (step.counts) {
        try {
          const c = step.counts();
          passed += c.passed;
          failed += c.failed;
          counted = c.failed > 0;
        } catch {
          // No report: the runner died before writing one; its exit status decides below.
        }
      }
      if (step.notRunExit !== undefined && status === step.notRunExit) {
        notRun.push(step.name);
        if (process.env['REQUIRE_NPM_AUDIT'])
          failures.push(`step "${step.name}" could not run, and REQUIRE_NPM_AUDIT is set`);
        continue;
      }
      if (status !== 0) {
        if (step.counts && !counted) failed += 1;
        failures.push(`step "${step.name}" failed (exit ${status ?? signal})`);
      }
    }
    if (failures.length > 0) {
      if (failed === 0) failed = failures.length;
      finish(timings, started, passed, failed, failures.join('\n'), notRun);
      process.exit(1);
    }
  }
  finish(timings, started, passed, failed, undefined, notRun);
}

function finish(
  timings: string[],
  started: number,
  passed: number,
  failed: number,
  failure?: string,
  notRun: string[] = [],
): void {
  console.info('\n=== summary ===');
  for (const line of timings) console.info(line);
  console.info(`${'total'.padEnd(44)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  if (failure) console.error(failure);
  // Said last and loudly: a check that could not run is not a pass.
  for (const name of notRun) console.error(`NOT RUN: ${name} (see its output above); nothing was checked by it.`);
  // The closing line stays exactly "N passed, N failed" (what CI reads); steps not run are listed just above it.
  console.info(`${passed} passed, ${failed} failed`);
}

if (!existsSync('package.json')) throw new Error('Run from the repository root');
void main();
