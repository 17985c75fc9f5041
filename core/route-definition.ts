import type { z } from 'zod';
import type { Group } from './constants';
import type { TableName } from './data/tables';

/** What a route's Lambda may touch; the CDK stack turns this into least-privilege grants. */
export interface RouteResources {
  tables?: Partial<Record<TableName, 'read' | 'write' | 'readWrite'>>;
  attachments?: 'read' | 'write' | 'readWrite';
  email?: boolean;
  /** Cognito admin API actions, e.g. 'AdminGetUser'. */
  userPool?: readonly string[];
}

/**
 * One server operation. Every route is `POST /api/{name}` with `{ data }` in and `{ result }` or
 * `{ error }` out (the spec's callable protocol, spec 7/8).
 */
export interface RouteDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  input: I;
  output: O;
  /** 'public' needs no token; otherwise the caller must be in at least one of these groups. */
  access: 'public' | readonly Group[];
  /** Handler module below `lambdas/handlers/`, without extension; it exports `handler`. */
  handler: string;
  resources: RouteResources;
  /** Requests per second for this route's API Gateway throttle (stage config sets the default). */
  rateLimit?: number;
}

export function defineRoute<I extends z.ZodType, O extends z.ZodType>(
  route: RouteDefinition<I, O>,
): RouteDefinition<I, O> {
  return route;
}

export const API_PREFIX = '/api';
export const routePath = (name: string) => `${API_PREFIX}/${name}`;
