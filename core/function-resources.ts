/**
 * What a function (a route's or a job's Lambda) may touch, and the environment that follows from it: the one
 * place the CDK grants (infra/grant-route-resources.ts), the function environment (infra/constructs/functions.ts)
 * and the tests that load each handler with exactly that environment all read. A function gets only what its
 * entry declares plus the implicit resources below (docs/security.md "A function gets only its route's
 * resources").
 */
import { tableEnvVar, type TableName } from './data/tables';
import { isMachineAccess, type RouteDefinition, type RouteResources } from './route-definition';
import { routeChecksStaffMfa, STAFF_MFA_COGNITO_ACTION } from './rules/staff-mfa';

/** A route-table entry or a scheduled job (core/jobs.ts): jobs have no `access`, since nobody calls them. */
export type FunctionEntry = Pick<RouteDefinition, 'name' | 'resources'> &
  Partial<Pick<RouteDefinition, 'access' | 'kind' | 'allowBeforeTerms' | 'allowWhenIdle' | 'practice'>>;

type TableMode = 'read' | 'write' | 'readWrite';

/**
 * What the handler wrapper checks about the session on a route, from its flags: `idle` reads the caller's
 * userActivity record, `customerState` the customer's users record (terms) and token (email verified).
 */
export function sessionChecksOf(
  route: Pick<RouteDefinition, 'access' | 'kind' | 'allowBeforeTerms' | 'allowWhenIdle'>,
): { idle: boolean; customerState: boolean } {
  // A machine client has no session: no sign-out, idle time or terms (docs/decisions/0104-machine-api.md).
  if (route.access === 'public' || isMachineAccess(route.access) || route.kind === 'webhook')
    return { idle: false, customerState: false };
  return {
    idle: !route.allowWhenIdle,
    customerState: route.access.includes('customer') && !route.allowBeforeTerms,
  };
}

/**
 * Every function's implicit resources: what shared code touches whatever the entry names.
 * - The handler wrapper (lambdas/http/create-handler.ts) on every callable route: it verifies a caller's token
 *   and trusts the viewer address only from CloudFront (`callerIdentity`), refuses revoked sessions (tokens),
 *   applies the session rules of the route's flags (userActivity, users), checks a practice user's role where
 *   the route names a `practice` ability (users), records denied requests (audit) and
 *   checks a staff caller's TOTP on routes open to staff (Cognito AdminGetUser; it records a set-up it sees first,
 *   `secondFactorSeen`).
 * - The email sender, wherever `email` is named: it leaves out the suppressed addresses (emailSuppressions).
 * A webhook is not wrapped (its handler checks the gateway's signature itself) and a job has no caller.
 */
export function implicitResourcesOf(entry: FunctionEntry): RouteResources {
  const tables: Partial<Record<TableName, TableMode>> = {};
  if (entry.resources.email) tables.emailSuppressions = 'read';
  if (entry.access === undefined || entry.kind === 'webhook') return entry.resources.email ? { tables } : {};
  const access = entry.access;
  // A machine route's wrapper verifies the client's token and records denials; no session tables to read.
  if (isMachineAccess(access))
    return { ...(entry.resources.email && { tables }), audit: 'append', callerIdentity: true };
  const checks = sessionChecksOf({ ...entry, access });
  tables.tokens = 'read';
  if (checks.idle) tables.userActivity = 'read';
  // The practice role check reads the caller's roles from their users record.
  if (checks.customerState || entry.practice) tables.users = 'read';
  return {
    tables,
    audit: 'append',
    callerIdentity: true,
    ...(routeChecksStaffMfa({ name: entry.name, access }) && {
      userPool: [STAFF_MFA_COGNITO_ACTION],
      secondFactorSeen: true as const,
    }),
  };
}

const widerMode = (a: TableMode | undefined, b: TableMode): TableMode => (a === undefined || a === b ? b : 'readWrite');
const widerFiles = <M extends string>(a: M | undefined, b: M | undefined): M | 'readWrite' | undefined =>
  a === undefined ? b : b === undefined || a === b ? a : 'readWrite';

/** Both sets of resources: a table named in both gets the wider mode, Cognito actions the union. */
export function mergeResources(a: RouteResources, b: RouteResources): RouteResources {
  const tables = { ...a.tables };
  for (const [name, mode] of Object.entries(b.tables ?? {}) as [TableName, TableMode][]) {
    tables[name] = widerMode(tables[name], mode);
  }
  const userPool = [...new Set([...(a.userPool ?? []), ...(b.userPool ?? [])])];
  const attachments = widerFiles(a.attachments, b.attachments);
  const consultFiles = widerFiles(a.consultFiles, b.consultFiles);
  const documents = widerFiles(a.documents, b.documents);
  return {
    ...(Object.keys(tables).length > 0 && { tables }),
    ...(attachments && { attachments }),
    ...(consultFiles && { consultFiles }),
    ...((a.email || b.email) && { email: true }),
    ...(userPool.length > 0 && { userPool }),
    ...(documents && { documents }),
    ...((a.paymentGateway || b.paymentGateway) && { paymentGateway: true }),
    ...((a.parcelTracking || b.parcelTracking) && { parcelTracking: true }),
    ...((a.audit || b.audit) && { audit: 'append' as const }),
    ...((a.callerIdentity || b.callerIdentity) && { callerIdentity: true }),
    ...((a.senderAddress || b.senderAddress) && { senderAddress: true }),
    ...((a.secondFactorSeen || b.secondFactorSeen) && { secondFactorSeen: true }),
  };
}

/** Everything a function may touch: what its entry names plus its implicit resources. */
export function functionResourcesOf(entry: FunctionEntry): RouteResources {
  return mergeResources(entry.resources, implicitResourcesOf(entry));
}

/** The stage's values behind the variables (CloudFormation tokens in the CDK stack, plain strings locally). */
export interface FunctionEnvironmentValues {
  stage: string;
  logLevel: string;
  /** Physical table names. */
  tables: Record<TableName, string>;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  /** What CloudFront sends as `x-origin-verify`. */
  originVerifySecret: string;
  /**
   * The portal's origins, comma-separated, that browser requests must come from (lambdas/http/browser-request.ts),
   * where they are known before the distribution: an own domain, the local web server. Unset: CloudFront's
   * viewer host decides.
   */
  portalOrigins?: string | undefined;
  attachmentsBucket: string;
  emailFrom: string;
  emailConfigurationSet: string;
  /** The card gateway's variables (infra/payment-gateway-setup.ts; the fake gateway's locally). */
  paymentGateway: Record<string, string>;
  /** The parcel-tracking service's variables (infra/parcel-tracking-setup.ts; the fake carrier's locally). */
  parcelTracking: Record<string, string>;
  /** The portal's origin for links in emails, where the function can know it (the jobs: see functions.ts). */
  portalUrl?: string | undefined;
}

/**
 * The environment of a function: STAGE and LOG_LEVEL, and for each resource it may touch the variables through
 * which the code finds it (lambdas/env.ts `requireEnv`); nothing else, so a handler that reaches for a resource
 * its entry does not name fails at once (tests/integration/handler-resources.test.ts).
 */
export function functionEnvironment(entry: FunctionEntry, values: FunctionEnvironmentValues): Record<string, string> {
  const resources = functionResourcesOf(entry);
  const environment: Record<string, string> = { STAGE: values.stage, LOG_LEVEL: values.logLevel };
  const tables = Object.keys(resources.tables ?? {}) as TableName[];
  if (resources.audit) tables.push('auditLog');
  for (const table of tables) environment[tableEnvVar(table)] = values.tables[table];
  if (resources.callerIdentity) {
    environment.USER_POOL_ISSUER = values.issuer;
    environment.USER_POOL_CLIENT_ID = values.userPoolClientId;
    environment.ORIGIN_VERIFY_SECRET = values.originVerifySecret;
    if (values.portalOrigins) environment.PORTAL_ORIGINS = values.portalOrigins;
  }
  if (resources.userPool?.length) environment.USER_POOL_ID = values.userPoolId;
  if (resources.attachments || resources.consultFiles || resources.documents) {
    environment.ATTACHMENTS_BUCKET = values.attachmentsBucket;
  }
  if (resources.email || resources.senderAddress) environment.EMAIL_FROM = values.emailFrom;
  if (resources.email) environment.EMAIL_CONFIGURATION_SET = values.emailConfigurationSet;
  // A job that composes an email for the outbox (the notification digest) links to the portal as a sender does.
  if ((resources.email || resources.tables?.outbox) && values.portalUrl) environment.PORTAL_URL = values.portalUrl;
  if (resources.paymentGateway) Object.assign(environment, values.paymentGateway);
  if (resources.parcelTracking) Object.assign(environment, values.parcelTracking);
  return environment;
}
