import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { JobDefinition } from '../../core/jobs';

export interface SchedulesProps {
  jobs: readonly JobDefinition[];
  /** The job functions the Functions construct built, by job name. */
  functions: ReadonlyMap<string, lambda.IFunction>;
}

/** Construct id of a job's rule: `warrantyReminders` -> `WarrantyRemindersSchedule`. */
export const scheduleId = (jobName: string) => `${jobName[0]?.toUpperCase()}${jobName.slice(1)}Schedule`;

/**
 * One EventBridge rule per scheduled job (core/jobs.ts), invoking the job's function on its schedule. The
 * target retries a failed invocation twice (EventBridge's default, written out): each job is safe to re-run.
 */
export class Schedules extends Construct {
  readonly byJob = new Map<string, events.Rule>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const fn = props.functions.get(job.name);
      if (!fn) throw new Error(`No function was created for job "${job.name}"`);
      const rule = new events.Rule(this, scheduleId(job.name), {
        description: job.description,
        schedule: events.Schedule.expression(job.schedule),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
      });
      this.byJob.set(job.name, rule);
    }
  }
}
