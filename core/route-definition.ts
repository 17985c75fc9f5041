import type * as z from './zod';
import type { Group } from './constants';
import type { TableName } from './data/tables';
import type { MachineScope } from './rules/machine-scopes';
import type { PracticeAbility } from './rules/practice-roles';

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
  /** The parcel-tracking service's keys (EasyPost's secret in Secrets Manager in AWS; the fake carrier locally). */
  parcelTracking?: boolean;
  /**
   * Adds entries to the audit log (PutItem only, never read, change or delete). Implicit on every callable
   * route (core/function-resources.ts), since the handler wrapper records the denied requests of any route.
   */
  audit?: 'append';
  /**
   * Knows who calls: verifies the caller's Cognito token (the pool's issuer and app client; no IAM, the signing
   * keys are public) and trusts the viewer's address only from CloudFront. Implicit on every callable route.
   */
  callerIdentity?: true;
  /**
   * The portal's sender address (EMAIL_FROM) without sending anything: the lab's notification recipients when
   * none are saved. `email` implies it.
   */
  senderAddress?: true;
  /**
   * Records the first sighting of a staff user's authenticator: PutItem on the tokens table, only on items whose
   * key starts `second-factor#` (docs/decisions/0101-staff-second-factor-recorded.md). Implicit where the handler
   * wrapper checks a staff caller's TOTP.
   */
  secondFactorSeen?: true;
}

/**
 * One server operation. Every route is `POST /api/{name}` with `{ data }` in and `{ result }` or
 * `{ error }` out (the spec's callable protocol, spec 7/8).
 */
export interface RouteDefinition<
  I extends z.core.$ZodType = z.core.$ZodType,
  O extends z.core.$ZodType = z.core.$ZodType,
> {
  name: string;
  input: I;
  output: O;
  /**
   * 'public' needs no token; a list of groups: the caller's ID token must name at least one of them; `machine`:
   * only a client-credentials access token granting every one of these scopes (the machine API,
   * docs/decisions/0104-machine-api.md), never a person's token.
   */
  access: RouteAccess;
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
  /**
   * Stands for one of the old portal's separate customer API calls (spec 7: customer info, email, invoice,
   * account request, buying groups). The browser never logs out on their answers (web/src/lib/api-response-rules.ts).
   */
  customerApi?: true;
  /**
   * What a practice user's role in the practice must allow (core/rules/practice-roles.ts): the handler wrapper
   * answers 403 to a practice user none of whose practices grants it, and the use case sees only the practices
   * that do (lambdas/kernel/caller.ts). Lab callers are not held to it. Routes without it are open to every
   * practice role (profile, notifications).
   */
  practice?: PracticeAbility;
}

/** A machine route's access: the scopes a client-credentials token must grant, all of them. */
export interface MachineAccess {
  readonly machine: readonly MachineScope[];
}

export type RouteAccess = 'public' | readonly Group[] | MachineAccess;

/** True for a machine API route (`access: { machine: [...] }`). */
export function isMachineAccess(access: RouteAccess): access is MachineAccess {
  return typeof access === 'object' && 'machine' in access;
}

/** The groups a person's token may be in to call a route: none for public and machine routes. */
export function groupsOf(access: RouteAccess): readonly Group[] {
  return access === 'public' || isMachineAccess(access) ? [] : access;
}

export const API_PREFIX = '/api';
export const routePath = (name: string) => `${API_PREFIX}/${name}`;
