import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { METRICS_PER_ALARM } from './alarm-thresholds';

/** A function the alarms watch, with the route or job name it serves (named in the alarm's description). */
export interface WatchedFunction {
  name: string;
  fn: lambda.Function;
}

/**
 * Up to METRICS_PER_ALARM functions of one nested stack with one timeout: one alarm per metric watches them
 * all, and the alarm's description names their routes (the logs name the function). CloudWatch takes at most
 * METRICS_PER_ALARM metrics per alarm, and bills per metric read either way.
 */
export interface FunctionChunk {
  /** The nested stack of the functions (their handler folder, or the jobs); the alarms go there too. */
  stack: Stack;
  /** `orders-routes-1`: the stack's construct id in kebab case and the chunk's number within it. */
  label: string;
  /** `OrdersRoutes1`: the start of the alarms' construct ids, unique across the app's stacks. */
  idPrefix: string;
  functions: WatchedFunction[];
  timeout: Duration;
}

// Lambda's default when a function sets none; every portal function sets one.
const LAMBDA_DEFAULT_TIMEOUT = Duration.seconds(3);
const PERIOD = Duration.minutes(5);

const kebab = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * The functions in chunks: by nested stack, then by timeout, then at most METRICS_PER_ALARM at a time, in the
 * order given (the route table's), so a new route joins the last chunk of its folder.
 */
export function functionChunks(functions: readonly WatchedFunction[]): FunctionChunk[] {
  const groups = new Map<string, { stack: Stack; timeout: Duration; functions: WatchedFunction[] }>();
  for (const watched of functions) {
    const stack = Stack.of(watched.fn);
    const timeout = watched.fn.timeout ?? LAMBDA_DEFAULT_TIMEOUT;
    const key = `${stack.node.path}#${timeout.toSeconds()}`;
    const group = groups.get(key) ?? { stack, timeout, functions: [] };
    group.functions.push(watched);
    groups.set(key, group);
  }
  const numbered = new Map<Stack, number>();
  const chunks: FunctionChunk[] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.functions.length; start += METRICS_PER_ALARM) {
      const n = (numbered.get(group.stack) ?? 0) + 1;
      numbered.set(group.stack, n);
      const id = group.stack.node.id;
      chunks.push({
        stack: group.stack,
        label: `${kebab(id)}-${n}`,
        idPrefix: `${id}${n}`,
        functions: group.functions.slice(start, start + METRICS_PER_ALARM),
        timeout: group.timeout,
      });
    }
  }
  return chunks;
}

// Metric ids are unique per chunk: a dashboard graph shows every chunk's expression side by side.
const metricId = (chunk: FunctionChunk, i: number) => `${chunk.idPrefix.toLowerCase()}_f${i + 1}`;
const usingEach = (chunk: FunctionChunk, metric: (fn: lambda.Function) => cloudwatch.IMetric) =>
  Object.fromEntries(chunk.functions.map(({ fn }, i) => [metricId(chunk, i), metric(fn)]));
const idList = (chunk: FunctionChunk) => chunk.functions.map((_, i) => metricId(chunk, i)).join(', ');

/** Invocations of the chunk's functions that ended in an error, summed per period. */
export function chunkErrors(chunk: FunctionChunk): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `SUM([${idList(chunk)}])`,
    usingMetrics: usingEach(chunk, (fn) => fn.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM })),
    label: chunk.label,
    period: PERIOD,
  });
}

/** The slowest invocation of any of the chunk's functions in a period, as a percentage of their timeout. */
export function chunkDurationPercent(chunk: FunctionChunk): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `100 * MAX([${idList(chunk)}]) / ${chunk.timeout.toMilliseconds()}`,
    usingMetrics: usingEach(chunk, (fn) => fn.metricDuration({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM })),
    label: chunk.label,
    period: PERIOD,
  });
}
