import { AppError, type CallableErrorBody, type ErrorStatus, type HttpErrorCode } from '../../core/errors';
import { classifyServiceFailure } from './service-failures';

export interface ErrorAnswer {
  statusCode: number;
  body: CallableErrorBody;
  /** Extra response headers (`retry-after` on 503). */
  headers?: Record<string, string>;
  /**
   * How the wrapper logs the error: `none` for AppErrors (the use case's answer on purpose), `warn` for input a
   * service refused (visible, since a schema bound is missing), `error` for everything else.
   */
  log: 'none' | 'warn' | 'error';
}

export const UNAVAILABLE_MESSAGE =
  'The portal is busy or a service it uses is not answering. Please try again shortly.';

function answer(
  statusCode: HttpErrorCode,
  status: ErrorStatus,
  message: string,
  correlationId: string,
  extra: Partial<Pick<ErrorAnswer, 'headers'>> & Pick<ErrorAnswer, 'log'>,
  details?: CallableErrorBody['error']['details'],
): ErrorAnswer {
  return {
    statusCode,
    body: { error: { status, message, ...(details ? { details } : {}), correlationId } },
    ...(extra.headers ? { headers: extra.headers } : {}),
    log: extra.log,
  };
}

/**
 * The one place errors become answers: AppErrors keep their status and message; a value a service refused is
 * a 400; throttling, timeouts and unavailable services are a 503 with Retry-After (item 12);
 * anything else is a generic 500.
 */
export function errorAnswer(error: unknown, correlationId: string): ErrorAnswer {
  if (error instanceof AppError) {
    return answer(error.httpCode, error.status, error.message, correlationId, { log: 'none' }, error.details);
  }
  const failure = classifyServiceFailure(error);
  if (failure?.kind === 'refused-value') {
    return answer(400, 'invalid-argument', failure.message, correlationId, { log: 'warn' });
  }
  if (failure) {
    return answer(503, 'unavailable', UNAVAILABLE_MESSAGE, correlationId, {
      headers: { 'retry-after': String(failure.retryAfterSeconds) },
      log: 'warn',
    });
  }
  return answer(500, 'internal', `Something went wrong on our side. Reference: ${correlationId}`, correlationId, {
    log: 'error',
  });
}
