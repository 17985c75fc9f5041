import { NodeHttpHandler } from '@smithy/node-http-handler';

/**
 * Timeouts and retries every AWS client of the lambdas shares. Without them the SDK waits
 * on a stuck connection until the Lambda's 29 s timeout and the caller gets API Gateway's bare 503; with
 * them a stuck call fails in seconds, is retried a bounded number of times (the SDK's standard retry mode:
 * exponential backoff with jitter, throttling included), and the handler answers 503 `unavailable` with a
 * Retry-After (lambdas/http/service-failures.ts).
 *
 * Budget: 3 attempts x 6 s plus backoff stays under the 29 s Lambda timeout for one call that keeps failing.
 */
export const AWS_CLIENT_LIMITS = {
  /** Time to open the TCP (and TLS) connection. */
  connectionTimeoutMs: 2_000,
  /** Time the whole request and its answer may take. */
  requestTimeoutMs: 6_000,
  /** First try plus two retries. */
  maxAttempts: 3,
} as const;

export interface AwsClientOptions {
  maxAttempts: number;
  requestHandler: NodeHttpHandler;
}

/** Options for `new XxxClient({ ...awsClientOptions(), ... })`; a fresh handler per client. */
export function awsClientOptions(
  limits: Partial<Record<keyof typeof AWS_CLIENT_LIMITS, number>> = {},
): AwsClientOptions {
  const { connectionTimeoutMs, requestTimeoutMs, maxAttempts } = { ...AWS_CLIENT_LIMITS, ...limits };
  return {
    maxAttempts,
    requestHandler: new NodeHttpHandler({
      connectionTimeout: connectionTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Without this the handler only logs a warning when requestTimeout passes and keeps waiting.
      throwOnRequestTimeout: true,
    }),
  };
}
