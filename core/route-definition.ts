import type { z } from 'zod';
import type { Group } from './constants';
import type { TableName } from './data/tables';

/** What a route's Lambda may touch; the CDK stack turns this into least-privilege grants. */
export interface RouteResources {
  tables?: Partial<Record<TableName, 'read' | 'write' | 'readWrite'>>;
  /** Order files (orders/ and, to change them, the uploads below incoming/). */
  attachments?: 'read' | 'write' | 'readWrite';
  /** A consult's files (consults/ and, to change them, incoming/consults/): never an order's. */
  consultFiles?: 'read' | 'readWrite';
  email?: boolean;
  /** Cognito admin API actions, e.g. 'AdminGetUser'. */
  userPool?: readonly string[];
  /** Generated PDFs (invoices, receipts) below the documents prefix of the files bucket. */
  documents?: 'read' | 'readWrite';
  /** The card gateway's secret keys (Secrets Manager in AWS; the fake gateway locally). */
  paymentGateway?: boolean;
  /**
   * Adds entries to the audit log (PutItem only, never read, change or delete). `defineRoute` gives it to every
   * callable route, since the handler wrapper records the denied requests of any route (issue 10 item 13).
   */
  audit?: 'append';
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
  /**
   * 'callable' (the default): `{ data }` in, `{ result }` or `{ error }` out, through createHandler.
   * 'webhook': a third party's signed POST (the card gateway's events); the handler reads the raw body and
   * headers itself (lambdas/http/create-webhook-handler.ts), and `input` describes nothing.
   */
  kind?: 'callable' | 'webhook';
  /**
   * Customers may call this route before they have accepted the terms or verified their email (spec 4, 6): the
   * routes the browser needs to reach those states. Every other route open to customers answers such a
   * customer 403 from the handler wrapper (lambdas/auth/session-rules.ts). Lab staff are never held back.
   */
  allowBeforeTerms?: true;
  /**
   * Answered even when the caller's session has been idle 60 minutes or more (spec 4); every other signed-in
   * route answers that 401 from the handler wrapper (lambdas/auth/session-rules.ts).
   */
  allowWhenIdle?: true;
}

/**
 * What the handler wrapper checks about the session on a route, from its flags: `idle` reads the caller's
 * userActivity record, `customerState` the customer's users record (terms) and token (email verified).
 */
export function sessionChecksOf(
  route: Pick<RouteDefinition, 'access' | 'kind' | 'allowBeforeTerms' | 'allowWhenIdle'>,
): { idle: boolean; customerState: boolean } {
  if (route.access === 'public' || route.kind === 'webhook') return { idle: false, customerState: false };
  return {
    idle: !route.allowWhenIdle,
    customerState: route.access.includes('customer') && !route.allowBeforeTerms,
  };
}

/** The tables the wrapper's session checks read, merged into what the route names (they drive IAM). */
function withSessionCheckTables<R extends RouteDefinition>(route: R): R {
  const checks = sessionChecksOf(route);
  const reads: TableName[] = [
    ...(checks.idle ? ['userActivity' as const] : []),
    ...(checks.customerState ? ['users' as const] : []),
  ];
  if (reads.length === 0) return route;
  const tables = { ...route.resources.tables };
  for (const name of reads) {
    const mode = tables[name];
    tables[name] = mode === undefined || mode === 'read' ? 'read' : 'readWrite';
  }
  return { ...route, resources: { ...route.resources, tables } };
}

export function defineRoute<I extends z.ZodType, O extends z.ZodType>(
  declared: RouteDefinition<I, O>,
): RouteDefinition<I, O> {
  const route = withSessionCheckTables(declared);
  // A webhook is not wrapped by createHandler (it records nothing), so it gets no audit grant.
  if (route.kind === 'webhook' || route.resources.audit) return route;
  return { ...route, resources: { ...route.resources, audit: 'append' } };
}

export const API_PREFIX = '/api';
export const routePath = (name: string) => `${API_PREFIX}/${name}`;
