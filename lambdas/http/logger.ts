import type { Logger } from '../ports/logger';
import { logContext } from './log-context';

/**
 * Structured JSON logs. Keys that can carry credentials, or personal data beyond ids (a patient, an address, an
 * email address, a phone number, a person's or a practice's name), are masked before anything is written: a log line names what happened to
 * which order, never whose eyes.
 */
const SECRET_KEY = /token|password|authorization|secret|cookie|jwt/i;
const PERSONAL_KEY = /patient|e-?mail|phone|address|birth|firstName|lastName/i;
/**
 * People's and practices' names, by exact key: a design's or a file's name (`designName`, `fileName`) is not
 * personal and stays readable.
 */
const NAME_KEY =
  /^(?:name|fullName|displayName|contactName|requesterName|payerName|company|companyName|practiceName)$/i;
/** An error's `name` (describeError, always logged as `error`) is its class, which on-call searches for. */
const ERROR_KEY = 'error';

const masked = (key: string, parent: string | undefined) =>
  SECRET_KEY.test(key) || PERSONAL_KEY.test(key) || (NAME_KEY.test(key) && !(key === 'name' && parent === ERROR_KEY));

function redact(value: unknown, depth = 0, parent?: string): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, parent));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = masked(key, parent) ? '[redacted]' : redact(v, depth + 1, key);
  }
  return out;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * A logger writing one JSON object per line to stdout (CloudWatch in AWS, the terminal locally). Inside a
 * request every line also carries the request's context (lambdas/http/log-context.ts).
 */
export function createLogger(
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const min = ORDER[(process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? ORDER.info;
  const log =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < min) return;
      // The request's context first: a logger's own fields and the line's win where they name the same key.
      const entry = redact({ ...logContext(), ...base, ...fields }) as Record<string, unknown>;
      write(JSON.stringify({ level, time: new Date().toISOString(), msg, ...entry }));
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger({ ...base, ...fields }, write),
  };
}

export { redact as redactForLog };
