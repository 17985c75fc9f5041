import { describeError } from '../core/describe-error';
import type { JobDefinition } from '../core/jobs';

/**
 * The local stand-in for the EventBridge schedules of core/jobs.ts: each job runs once shortly after the
 * stack starts (so `npm start` shows what it does without waiting for 07:00), then every 24 hours (or its
 * `localEveryMs`), in this
 * process with the environment the handlers have (as the gateway runs route handlers). The timers are
 * unref'd (they never keep Node alive) and stop() clears them and waits for a run in progress, so the
 * emulators are not stopped under a running job.
 */

export type JobHandler = (event?: unknown) => Promise<unknown>;

export interface JobTimersOptions {
  jobs: readonly Pick<JobDefinition, 'name' | 'handler' | 'localEveryMs'>[];
  /** Loads a job's handler; the default imports `lambdas/jobs/{job.handler}.ts`. */
  load?: (job: Pick<JobDefinition, 'name' | 'handler'>) => Promise<JobHandler>;
  firstRunMs?: number;
  everyMs?: number;
  /** Where a failed run is reported (the stack's console by default). */
  onError?: (job: string, error: unknown) => void;
}

export interface JobTimers {
  stop(): Promise<void>;
}

export const FIRST_RUN_MS = 5_000;
export const EVERY_MS = 24 * 60 * 60 * 1000;

const JOBS_DIR = new URL('../lambdas/jobs/', import.meta.url);

const defaultLoader = async (job: Pick<JobDefinition, 'handler'>): Promise<JobHandler> => {
  const file = new URL(`${job.handler}.ts`, JOBS_DIR).href;
  const module = (await import(/* @vite-ignore */ file)) as { handler: JobHandler };
  return module.handler;
};

/** What EventBridge sends a scheduled target, as far as a job may look at it. */
const scheduledEvent = (job: string) => ({
  version: '0',
  source: 'aws.events',
  'detail-type': 'Scheduled Event',
  time: new Date().toISOString(),
  resources: [`local:rule/${job}`],
  detail: {},
});

export function startJobTimers(options: JobTimersOptions): JobTimers {
  const load = options.load ?? defaultLoader;
  const onError =
    options.onError ??
    ((job: string, error: unknown) => console.error(`Job ${job} failed:`, describeError(error).message));
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  for (const job of options.jobs) {
    let busy = false;
    const run = () => {
      // A run still going when the next is due (or after stop) is not doubled up.
      if (stopped || busy) return;
      busy = true;
      const done = load(job)
        .then((handler) => handler(scheduledEvent(job.name)))
        .then(
          () => undefined,
          (error: unknown) => onError(job.name, error),
        )
        .finally(() => {
          busy = false;
          running.delete(done);
        });
      running.add(done);
    };
    // A job that runs every few seconds locally (the outbox sweep) starts on its own beat, not after the banner.
    const everyMs = job.localEveryMs ?? options.everyMs ?? EVERY_MS;
    const first = setTimeout(
      () => {
        run();
        const every = setInterval(run, everyMs);
        every.unref();
        timers.push(every);
      },
      job.localEveryMs ?? options.firstRunMs ?? FIRST_RUN_MS,
    );
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers.splice(0)) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}
