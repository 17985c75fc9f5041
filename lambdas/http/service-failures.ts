/**
 * What an unexpected error from an AWS service (or its SDK) means for the caller, read from the error's name,
 * code and metadata only, so this module imports no SDK (adapters stay the only code that does). It walks the
 * `cause` chain too: adapters wrap SDK errors (DirectoryError) and keep the original as the cause.
 *
 * - `refused-value`: DynamoDB refused or the marshaller could not convert a value the request carried (a number
 *   out of range or too precise, an item over 400 KB, a key attribute left empty). The input schemas bound
 *   every value so this should not happen; it is answered 400, never 500, if a gap remains.
 * - `busy`: the service throttled the call (the SDK's retries are spent): 503 with a short Retry-After.
 * - `unavailable`: a timeout, a dropped connection or the service's own 5xx: 503 with a longer Retry-After.
 */
export type ServiceFailure =
  | { kind: 'refused-value'; message: string }
  | { kind: 'busy'; retryAfterSeconds: number }
  | { kind: 'unavailable'; retryAfterSeconds: number };

const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'LimitExceededException',
]);

const UNAVAILABLE = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalServerErrorException',
  'InternalFailure',
  'InternalErrorException',
  'TransactionInProgressException',
]);

/** Socket-level failures Node reports as `code` (connection refused or reset, DNS, timeouts). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** DynamoDB's reasons inside a TransactionCanceledException. */
const TRANSIENT_CANCEL_CODES = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'TransactionConflict']);

/** The lib-dynamodb marshaller's own errors for numbers it cannot store exactly (util-dynamodb convertToAttr). */
const UNSTORABLE_NUMBER =
  /(greater than Number\.MAX_SAFE_INTEGER|lesser than Number\.MIN_SAFE_INTEGER|Special numeric value .* is not allowed|NumberValue should not be initialized with an imprecise number)/;

export const RETRY_AFTER_BUSY_SECONDS = 2;
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

export const VALUE_REFUSED_MESSAGES = {
  tooLarge: 'This is too large to save. Shorten the longest texts or remove something, then try again.',
  number: 'A number is too large, too small or has too many decimals to be saved. Check the numbers you entered.',
  other: 'A value could not be saved as it is. Check what you entered and try again.',
} as const;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  CancellationReasons?: Array<{ Code?: unknown }>;
}

function classifyOne(error: ErrorShape): ServiceFailure | null {
  const name = typeof error.name === 'string' ? error.name : '';
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';

  if (THROTTLING.has(name) || THROTTLING.has(code))
    return { kind: 'busy', retryAfterSeconds: RETRY_AFTER_BUSY_SECONDS };
  if (UNAVAILABLE.has(name) || UNAVAILABLE.has(code) || NETWORK_CODES.has(code))
    return { kind: 'unavailable', retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS };

  if (name === 'TransactionCanceledException') {
    const codes = (error.CancellationReasons ?? [])
      .map((r) => r?.Code)
      .filter((c): c is string => typeof c === 'string');
    if (codes.includes('ValidationError')) return { kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.other };
    if (codes.some((c) => TRANSIENT_CANCEL_CODES.has(c)))
      return { kind: 'busy', retryAfterSeconds: RETRY_AFTER_BUSY_SECONDS };
    return null;
  }

  if (name === 'ValidationException') {
    if (/size/i.test(message) && /(exceed|too large|maximum)/i.test(message))
      return { kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.tooLarge };
    if (/number|numeric|overflow|underflow|precision|digits/i.test(message))
      return { kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.number };
    return { kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.other };
  }
  if (UNSTORABLE_NUMBER.test(message)) return { kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.number };

  // An AWS service's own 5xx that has no name we know (a gateway in front of it, a regional outage).
  const status = error.$metadata?.httpStatusCode;
  if (error.$fault === 'server' && (status === 502 || status === 503 || status === 504))
    return { kind: 'unavailable', retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS };
  return null;
}

/** The failure's meaning for the caller, or null when it is none of the above (a bug: 500). */
export function classifyServiceFailure(error: unknown): ServiceFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const found = classifyOne(current as ErrorShape);
    if (found) return found;
    current = (current as ErrorShape).cause;
  }
  return null;
}
