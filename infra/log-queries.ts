/**
 * The five questions on-call gets, and the CloudWatch Logs Insights query that answers each
 * (docs/runbook.md "The five questions"). The stack saves them in CloudWatch as query definitions
 * (`lenslab-{stage}/1 ...`), so they are one click away in the Logs Insights console. Run them over the stage's
 * log groups: every name starts with the stack name, `LenslabPortal-{stage}-`.
 *
 * The fields are those of lambdas/http/logger.ts and lambdas/http/log-context.ts; `reads` lists them, and
 * tests/unit/lambdas/request-log-context.test.ts checks a request's lines carry each one.
 */
export interface OnCallQuery {
  /** Short, for the saved query's name. */
  name: string;
  question: string;
  /** What to replace before running it. */
  placeholders: string[];
  query: string;
  /** The log fields the query reads (besides Logs Insights' own @timestamp and @log). */
  reads: string[];
}

export const ON_CALL_QUERIES: readonly OnCallQuery[] = [
  {
    name: 'order',
    question: 'What happened to order LL-000123?',
    placeholders: [
      'LL-000123: the order number',
      'ORDER-ID: the order id the first run shows, to add the order’s failed requests and its emails',
    ],
    query: [
      'fields @timestamp, route, msg, status, userId, correlationId, orderId',
      '| filter orderNumber = "LL-000123" or orderId = "ORDER-ID"',
      '| sort @timestamp asc',
    ].join('\n'),
    reads: ['route', 'msg', 'status', 'userId', 'correlationId', 'orderId', 'orderNumber'],
  },
  {
    name: 'user-error',
    question: 'A user got an error: what was it?',
    placeholders: [
      'USER-ID: the user’s id (Users page), or REFERENCE: the correlation id from the answer or the browser console',
    ],
    query: [
      'fields @timestamp, route, status, msg, correlationId, error.name, error.message',
      '| filter userId = "USER-ID" or correlationId = "REFERENCE"',
      '| filter status >= 400 or level in ["warn", "error"]',
      '| sort @timestamp desc',
    ].join('\n'),
    reads: ['route', 'status', 'msg', 'correlationId', 'error.name', 'error.message', 'userId', 'level'],
  },
  {
    name: 'failing-now',
    question: 'What is failing right now?',
    placeholders: [],
    query: [
      'filter level = "error" or status >= 500',
      '| stats count(*) as failures by route, status, error.name',
      '| sort failures desc',
    ].join('\n'),
    reads: ['level', 'status', 'route', 'error.name'],
  },
  {
    name: 'slow-routes',
    question: 'Which routes are slow?',
    placeholders: [],
    query: [
      'filter msg = "request"',
      '| stats count(*) as requests, avg(ms) as avgMs, pct(ms, 99) as p99Ms, max(ms) as maxMs by route',
      '| sort p99Ms desc',
    ].join('\n'),
    reads: ['msg', 'ms', 'route'],
  },
  {
    name: 'emails',
    question: 'Which emails did not go out, and for which order or practice?',
    placeholders: [],
    query: [
      'fields @timestamp, msg, kind, orderId, accountNumber, correlationId, error.name, error.message',
      '| filter msg like /email/ and level in ["warn", "error"]',
      '| sort @timestamp desc',
    ].join('\n'),
    reads: ['msg', 'kind', 'orderId', 'accountNumber', 'correlationId', 'error.name', 'error.message', 'level'],
  },
];

/** The saved query's name in CloudWatch: `lenslab-prod/1 order`. */
export const queryDefinitionName = (stage: string, index: number, query: OnCallQuery) =>
  `lenslab-${stage}/${index + 1} ${query.name}`;
