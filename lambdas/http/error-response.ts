import { AppError, type CallableErrorBody } from '../../core/errors';

export interface ErrorAnswer {
  statusCode: number;
  body: CallableErrorBody;
}

/** The one place errors become answers: 4xx keep their message, anything else is a generic 500. */
export function errorAnswer(error: unknown, correlationId: string): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      statusCode: error.httpCode,
      body: {
        error: {
          status: error.status,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
          correlationId,
        },
      },
    };
  }
  return {
    statusCode: 500,
    body: {
      error: {
        status: 'internal',
        message: `Something went wrong on our side. Reference: ${correlationId}`,
        correlationId,
      },
    },
  };
}
