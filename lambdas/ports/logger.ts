/**
 * Where use cases, adapters and handlers write what happened. The JSON implementation, with its masking of
 * credentials and personal data, is `createLogger` in lambdas/http/logger.ts.
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}
