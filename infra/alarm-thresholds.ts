/**
 * When each alarm of a stage fires (infra/constructs/monitoring.ts, infra/edge-monitoring-stack.ts). One home for
 * the numbers: the constructs, the tests and docs/runbook.md all read them from here. Every alarm looks at
 * five-minute periods unless it says otherwise, and treats "no data" (no traffic) as fine.
 */
export const ALARM_THRESHOLDS = {
  /** Share of API requests answered 5xx, in two periods in a row; a period with fewer requests is ignored. */
  api5xxPercent: 5,
  /** p99 of the API's latency (CloudFront to Lambda and back), in three periods in a row. */
  apiP99LatencyMs: 5_000,
  /** CloudFront's 5xx error rate (its own and the origins'), in two periods in a row, same request floor. */
  cloudFront5xxPercent: 5,
  /** Below this many requests in a period a rate says little (one failure in two requests is 50%). */
  minimumRequests: 5,
  /** Invocations a route function ended in an error (crash, timeout, out of memory) in one period. */
  lambdaErrors: 3,
  /** Any throttled invocation in the account: its concurrency ran out and a request was refused. */
  lambdaThrottles: 1,
  /** The slowest invocation in a period (a route's, as the API waited for it; a job's), as a percentage of its timeout. */
  lambdaDurationPercentOfTimeout: 80,
  /** Throttled requests plus system errors of one table in one period. */
  dynamoDbThrottlesAndErrors: 1,
  /**
   * SES account reputation, measured by SES over its recent sending. AWS reviews an account at 5% bounces or
   * 0.1% complaints and may pause sending at 10% or 0.5%, so these fire a step before a review.
   */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /**
   * Account credit granted in one day (goodwill, overpayments, claims), in cents: the lab grants a few hundred
   * dollars on a busy day, so $5,000 is worth a look the same day
   * (docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md).
   */
  dailyCreditCents: 500_000,
  /**
   * Any notice parked in the outbox's dead-letter store (its email did not go out after every try), and any batch
   * the outbox's stream consumer gave up on: each needs a look (docs/runbook.md "Outbox dead letters").
   */
  outboxNoticesParked: 1,
  outboxStreamDeadLetters: 1,
  /** Any webhook delivery failed after its last try (docs/runbook.md "Webhook deliveries failed"). */
  webhookDeliveriesFailed: 1,
} as const;

/**
 * How often Lambda tries an asynchronous (scheduled) invocation that throws: once and twice more (its default
 * MaximumRetryAttempts of 2, which infra/constructs/functions.ts leaves alone). A job has failed once every
 * attempt has.
 */
export const JOB_ATTEMPTS = 3;

/** CloudWatch refuses an alarm whose metric math reads more than this many metrics. */
export const METRICS_PER_ALARM = 10;
