/**
 * Timeouts and retries every AWS call of the lambdas shares (aws/aws-request.ts). Without them a call waits
 * on a stuck connection until the Lambda's 29 s timeout and the caller gets API Gateway's bare 503; with
 * them a stuck call fails in seconds, is retried a bounded number of times (the SDK's standard retry mode:
 * exponential backoff with jitter, throttling included), and the handler answers 503 `unavailable` with a
 * Retry-After (lambdas/http/service-failures.ts).
 *
 * Budget: 3 attempts x 6 s plus backoff stays under the 29 s Lambda timeout for one call that keeps failing.
 */
export const AWS_CLIENT_LIMITS = {
  /** Time the whole call may take, connecting included (fetch has no separate connect timeout). */
  requestTimeoutMs: 6_000,
  /** First try plus two retries. */
  maxAttempts: 3,
} as const;
