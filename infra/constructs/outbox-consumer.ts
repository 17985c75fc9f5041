import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { JOBS, type JobDefinition } from '../../core/jobs';
import { FUNCTION_NAG_SUPPRESSIONS, LOG_GROUP_NAG_SUPPRESSIONS } from '../nag-suppressions';
import { eventEntry } from '../repo-paths';
import type { Functions } from './functions';

/**
 * The job whose work the stream consumer does: its entry (core/jobs.ts) is the one home of what delivering a
 * notice touches, so the consumer's grants and environment are that job's.
 */
export const OUTBOX_JOB: JobDefinition = JOBS.find((job) => job.name === 'deliverNotices')!;

export interface OutboxConsumerProps {
  /** Builds the consumer as the deliverNotices job's function is built (bundling, log group, runtime, grants). */
  functions: Functions;
  /** The outbox table (core/data/tables.ts `outbox`), with its stream. */
  outbox: dynamodb.ITable;
}

/**
 * The outbox's stream consumer (lambdas/events/outbox-stream.ts): each new message is delivered within a second
 * of the change that wrote it, where the deliverNotices sweep would take up to a minute. Lambda reads the
 * stream from its newest record, ten at a time; a batch that throws (the outbox could not be reached) is split
 * in halves and retried three times, for an hour at most, and then its description (shard and sequence numbers,
 * not the notices) goes to an SQS dead-letter queue. The messages themselves stay pending in the table, so the
 * sweep still delivers them: the queue is on-call's evidence that the stream consumer failed (its alarm:
 * infra/constructs/monitoring.ts).
 */
export class OutboxConsumer extends Construct {
  readonly consumer: lambda.Function;
  readonly deadLetterQueue: sqs.Queue;
  readonly mapping: lambda.EventSourceMapping;

  constructor(scope: Construct, id: string, props: OutboxConsumerProps) {
    super(scope, id);
    const { outbox } = props;
    const streamArn = outbox.tableStreamArn;
    if (!streamArn) throw new Error('OutboxConsumer: the outbox table has no stream (core/data/tables.ts `stream`)');

    this.consumer = props.functions.jobEntryFunction(this, 'OutboxStreamFunction', OUTBOX_JOB, {
      description: "The outbox's stream: delivers each new notice at once (the deliverNotices job retries)",
      entry: () => eventEntry('outbox-stream'),
      // A batch is ten messages sent four at a time: seconds. A stuck batch holds its shard no longer than this.
      timeout: Duration.minutes(1),
    });
    // Written out rather than `grantStreamRead`, which adds ListStreams on every resource ("*").
    this.consumer.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'dynamodb:ListStreams',
        ],
        resources: [streamArn],
      }),
    );

    // What it holds points at stream records, which DynamoDB keeps 24 hours: evidence to read, nothing to restore.
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.mapping = new lambda.EventSourceMapping(this, 'StreamMapping', {
      target: this.consumer,
      eventSourceArn: streamArn,
      startingPosition: lambda.StartingPosition.LATEST,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: 3,
      maxRecordAge: Duration.hours(1),
      onFailure: new SqsDlq(this.deadLetterQueue),
      // Only new messages wake the consumer: every claim, send and settle of a message modifies its item, and
      // TTL removes it; those records would start invocations that find nothing to do.
      filters: [lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.isEqual('INSERT') })],
    });

    const streamDeadLetters =
      "Invoked by its stream's event source mapping, whose failed batches go to the mapping's on-failure queue (OutboxConsumer DeadLetters); a function dead-letter queue only catches asynchronous invocations.";
    NagSuppressions.addResourceSuppressions(
      this.consumer,
      [
        ...FUNCTION_NAG_SUPPRESSIONS.filter((s) => s.id !== 'HIPAA.Security-LambdaDLQ'),
        { id: 'HIPAA.Security-LambdaDLQ', reason: streamDeadLetters },
      ],
      true,
    );
    NagSuppressions.addResourceSuppressions(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself a dead-letter queue: the on-failure destination of the outbox stream's event source mapping, which SQS does not count as a redrive source.",
      },
    ]);
    NagSuppressions.addResourceSuppressions(this, LOG_GROUP_NAG_SUPPRESSIONS, true);
  }
}
