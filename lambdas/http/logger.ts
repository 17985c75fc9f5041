/** Structured JSON logs. Keys that can carry credentials are masked before anything is written. */
const SECRET_KEY = /token|password|authorization|secret|cookie|jwt/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
  }
  return out;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** A logger writing one JSON object per line to stdout (CloudWatch in AWS, the terminal locally). */
export function createLogger(
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const min = ORDER[(process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? ORDER.info;
  const log =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < min) return;
      const entry = redact({ ...base, ...fields }) as Record<string, unknown>;
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
