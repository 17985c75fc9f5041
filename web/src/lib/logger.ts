/**
 * The browser's one logging path (spec 8: every error is logged). Writes to the console in a shape that
 * is easy to search; never pass tokens, passwords or whole request bodies in `context`.
 */
import { describeError } from '../../../core/describe-error';

export type LogContext = Record<string, string | number | boolean | null | undefined>;

function describe(error: unknown): LogContext {
  if (error === undefined) return {};
  const { name, message } = describeError(error);
  return { errorName: name, errorMessage: message };
}

export function logError(message: string, error?: unknown, context: LogContext = {}): void {
  console.error(`[lenslab] ${message}`, { ...context, ...describe(error) });
}

export function logWarning(message: string, error?: unknown, context: LogContext = {}): void {
  console.warn(`[lenslab] ${message}`, { ...context, ...describe(error) });
}
