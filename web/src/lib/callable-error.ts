import { statusForHttp, type ErrorStatus, type FieldErrors } from '../../../core/errors';

/**
 * A failed call to a portal route (spec 8): the callable status name, the message the server chose for the
 * user (4xx) or a generic one (5xx), field errors for forms, and the correlation id support can look up.
 */
export class CallableError extends Error {
  readonly status: ErrorStatus;
  /** HTTP status of the answer; 0 when none arrived (offline, timeout). */
  readonly httpStatus: number;
  readonly fieldErrors: FieldErrors;
  readonly correlationId: string | undefined;
  readonly route: string;

  constructor(init: {
    route: string;
    httpStatus: number;
    message: string;
    status?: ErrorStatus;
    fieldErrors?: FieldErrors;
    correlationId?: string;
  }) {
    super(init.message);
    this.name = 'CallableError';
    this.route = init.route;
    this.httpStatus = init.httpStatus;
    this.status = init.status ?? statusForHttp(init.httpStatus);
    this.fieldErrors = init.fieldErrors ?? {};
    this.correlationId = init.correlationId;
  }

  /** The first message for a form field (dotted path), if the server sent one. */
  fieldError(path: string): string | undefined {
    return this.fieldErrors[path]?.[0];
  }
}

export const isCallableError = (error: unknown): error is CallableError => error instanceof CallableError;
