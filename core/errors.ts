/**
 * The callable error protocol (spec 8): every server error has a status name that maps to one HTTP code.
 * Web and lambdas both use this table, so the mapping exists in one place only.
 */
export const ERROR_STATUS_BY_HTTP = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  // Not in spec 8: a body that is not application/json (docs/decisions/0081-browser-only-api.md).
  415: 'unsupported-media-type',
  429: 'resource-exhausted',
  500: 'internal',
  503: 'unavailable',
  504: 'deadline-exceeded',
} as const;

export type HttpErrorCode = keyof typeof ERROR_STATUS_BY_HTTP;
export type ErrorStatus = (typeof ERROR_STATUS_BY_HTTP)[HttpErrorCode];

const HTTP_BY_STATUS = Object.fromEntries(
  Object.entries(ERROR_STATUS_BY_HTTP).map(([code, status]) => [status, Number(code)]),
) as Record<ErrorStatus, HttpErrorCode>;

/** HTTP code for a callable status name. */
export function httpCodeFor(status: ErrorStatus): HttpErrorCode {
  return HTTP_BY_STATUS[status];
}

/** Callable status name for an HTTP code; unknown codes are 'internal' (spec 8 lists only these). */
export function statusForHttp(code: number): ErrorStatus {
  return (ERROR_STATUS_BY_HTTP as Record<number, ErrorStatus | undefined>)[code] ?? 'internal';
}

/** Field errors keyed by dotted path, as the forms show them beside each field. */
export type FieldErrors = Record<string, string[]>;

/**
 * What an error answer may carry besides its message. `callerGone` marks the one not-found that means the
 * caller's own users record is gone, the only not-found after which the web app logs out (a missing order or
 * invoice is shown in the page instead; docs/decisions/0014-which-answers-log-out.md).
 */
export interface ErrorDetails {
  fieldErrors?: FieldErrors;
  callerGone?: true;
}

/** The wire shape of an error answer: `{ error: { status, message, details?, correlationId? } }`. */
export interface CallableErrorBody {
  error: {
    status: ErrorStatus;
    message: string;
    details?: ErrorDetails | undefined;
    correlationId?: string | undefined;
  };
}

/**
 * A failure a handler or use case raises on purpose. 4xx messages reach the user as written;
 * 5xx messages are replaced by a generic text plus the correlation id.
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpCode(): HttpErrorCode {
    return httpCodeFor(this.status);
  }
}

export const invalidArgument = (message: string, fieldErrors?: FieldErrors) =>
  new AppError('invalid-argument', message, fieldErrors ? { fieldErrors } : undefined);
export const unauthenticated = (message = 'Not signed in') => new AppError('unauthenticated', message);
export const permissionDenied = (message = 'You do not have access to this operation') =>
  new AppError('permission-denied', message);
export const notFound = (message = 'Not found') => new AppError('not-found', message);
/** The caller's own users record no longer exists: their session cannot go on (the web app logs out). */
export const callerGone = (message: string) => new AppError('not-found', message, { callerGone: true });
export const aborted = (message: string) => new AppError('aborted', message);
export const resourceExhausted = (message = 'Too many requests, please wait and try again') =>
  new AppError('resource-exhausted', message);
