import { AwsClient } from 'aws4fetch';
import { AWS_CLIENT_LIMITS } from '../aws-client-options';
import { AwsServiceError, readAwsError } from './aws-errors';
import { systemClock } from '../../kernel/clock';

/**
 * Signed HTTP calls to AWS services, the Lambdas' only way to reach them: SigV4 signing from `aws4fetch`, Node's
 * own `fetch`, and the retry and timeout rules the SDK's clients had (aws-client-options.ts). The SDK's clients
 * made every bundle 230 KB larger and every cold start several times slower (docs/decisions/0073-lambda-bundles.md);
 * what a function sends is the same JSON or XML the SDK sent, to the same endpoints.
 *
 * The local stack and the scripts keep the SDK: only code bundled into a Lambda goes through here.
 */
export interface AwsService {
  /** The SigV4 signing name: `dynamodb`, `cognito-idp`, `ses`, `s3`, `secretsmanager`. */
  signingName: string;
  /** The SDK's endpoint variable suffix: `AWS_ENDPOINT_URL_<suffix>` points the service at an emulator. */
  endpointEnv: string;
  /** The regional endpoint when no override is set. */
  defaultEndpoint: (region: string) => string;
}

export interface AwsRequest {
  method?: string;
  /** Appended to the endpoint: `/`, `/v2/email/outbound-emails`, `/bucket/key`. */
  path?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Sent without a signature: operations the SDK sends unauthenticated (Cognito's SignUp). */
  unsigned?: boolean;
  /** The caller gives up (the SDK's `abortSignal`): the call stops at once and is not retried. */
  signal?: AbortSignal | undefined;
}

export function awsRegion(): string {
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('No AWS region in the environment (AWS_REGION)');
  return region;
}

/** An empty variable counts as unset, so a stage can blank an inherited override. */
const endpointOverride = (service: AwsService) =>
  process.env[`AWS_ENDPOINT_URL_${service.endpointEnv}`] || process.env.AWS_ENDPOINT_URL || undefined;

/**
 * The service's base URL: its own endpoint variable (an emulator, LocalStack), then the global one, then the
 * regional default, the same order the SDK reads them.
 */
export function serviceEndpoint(service: AwsService): string {
  const url = endpointOverride(service) ?? service.defaultEndpoint(awsRegion());
  return url.replace(/\/+$/, '');
}

/** True when the endpoint is an override (emulators want path-style S3 addresses). */
export function hasEndpointOverride(service: AwsService): boolean {
  return endpointOverride(service) !== undefined;
}

/**
 * SigV4's signing keys, derived once per secret, day, region and service (aws4fetch keys its cache by all four)
 * and shared by every call. Without it each call derived its key again: four more HMACs through WebCrypto, which
 * made a signed call cost 1.8 ms of CPU on the function's one thread instead of 1.1 ms. A role's keys rotate every
 * few hours, so the map stays small; it is emptied before it could grow with them.
 */
const signingKeys = new Map<string, ArrayBuffer>();
const MAX_SIGNING_KEYS = 64;

/**
 * The function's credentials: a Lambda's are its execution role's keys in its environment, and the local stack
 * puts the emulators' keys there too. Read per call, so a test that changes them is honoured.
 */
export function signer(service: AwsService): AwsClient {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
  return new AwsClient({
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    service: service.signingName,
    region: awsRegion(),
    cache: signingKeys,
    retries: 0,
  });
}

/** Names that mean "slow down": retried with a longer backoff, as the SDK's standard mode does. */
const THROTTLED = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'RequestThrottled',
]);

function isRetryable(error: unknown): { retry: boolean; throttled: boolean } {
  if (error instanceof AwsServiceError) {
    const throttled = THROTTLED.has(error.name) || error.$metadata.httpStatusCode === 429;
    return { retry: throttled || error.$metadata.httpStatusCode >= 500, throttled };
  }
  // fetch's own failures: a timeout (TimeoutError) or a network error (TypeError with a socket code as cause).
  const name = (error as { name?: unknown } | null)?.name;
  return { retry: name === 'TimeoutError' || name === 'TypeError', throttled: false };
}

/** Full jitter on an exponential base, capped at 20 s (the SDK's standard mode; throttling starts at 500 ms). */
function transportBackoffMs(attempt: number, throttled: boolean): number {
  const base = throttled ? 500 : 100;
  return Math.random() * Math.min(20_000, base * 2 ** attempt);
}

/**
 * Sends one signed request and answers the successful response; a refusal becomes an `AwsServiceError` named
 * as the SDK named it. Up to `maxAttempts` tries for throttling, 5xx, timeouts and dropped connections; every
 * call the Lambdas make is idempotent or conditional, so a retry cannot apply a change twice.
 */
export async function awsFetch(
  service: AwsService,
  request: AwsRequest,
  limits: Partial<Record<keyof typeof AWS_CLIENT_LIMITS, number>> = {},
): Promise<Response> {
  const { maxAttempts, requestTimeoutMs } = { ...AWS_CLIENT_LIMITS, ...limits };
  const url = `${serviceEndpoint(service)}${request.path ?? '/'}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const init = {
        method: request.method ?? 'POST',
        headers: request.headers ?? {},
        ...(request.body !== undefined ? { body: request.body } : {}),
      };
      const signed = request.unsigned ? new Request(url, init) : await signer(service).sign(url, init);
      const timeout = AbortSignal.timeout(requestTimeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      const response = await fetch(signed, { signal });
      if (response.ok) return response;
      throw await readAwsError(response);
    } catch (error) {
      const { retry, throttled } = isRetryable(error);
      if (!retry || attempt + 1 >= maxAttempts || request.signal?.aborted) throw error;
      await systemClock.sleep(transportBackoffMs(attempt, throttled));
    }
  }
}

/**
 * A call to a JSON-protocol service (DynamoDB 1.0, Cognito and Secrets Manager 1.1): one POST whose target
 * header names the operation.
 */
export async function awsJsonCall<T>(
  service: AwsService & { targetPrefix: string; jsonVersion: '1.0' | '1.1' },
  operation: string,
  input: unknown,
  { unsigned = false, signal }: { unsigned?: boolean; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  const response = await awsFetch(service, {
    headers: {
      'content-type': `application/x-amz-json-${service.jsonVersion}`,
      'x-amz-target': `${service.targetPrefix}.${operation}`,
    },
    body: JSON.stringify(input),
    unsigned,
    signal,
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}
