/**
 * The machine API's scopes (docs/decisions/0104-machine-api.md): what the lab's production and accounting software
 * may do with a client-credentials token. One list for the route table, the Cognito resource server (infra), the
 * local token endpoint (local/cognito-bridge) and the super admin's page.
 */

/** The Cognito resource server's identifier: a token's `scope` claim names each scope as `lenslab/{scope}`. */
export const MACHINE_RESOURCE_SERVER = 'lenslab';

export const MACHINE_SCOPES = ['orders.read', 'orders.write-status', 'invoices.write'] as const;
export type MachineScope = (typeof MACHINE_SCOPES)[number];

/** What each scope allows, as the resource server, the OpenAPI document and the super admin's page describe it. */
export const MACHINE_SCOPE_DESCRIPTIONS: Readonly<Record<MachineScope, string>> = {
  'orders.read': 'Pull the approved orders the lab produces',
  'orders.write-status': 'Move orders through production stages and ship them',
  'invoices.write': 'Issue invoices',
};

/** A client-credentials access token lives an hour, as Cognito's default; the client asks for a new one after. */
export const MACHINE_TOKEN_LIFETIME_SECONDS = 3600;

/** `orders.read` -> `lenslab/orders.read`, the scope as Cognito names it in tokens and app clients. */
export const qualifiedScope = (scope: MachineScope) => `${MACHINE_RESOURCE_SERVER}/${scope}`;

const isMachineScope = (value: string): value is MachineScope => (MACHINE_SCOPES as readonly string[]).includes(value);

/**
 * The machine scopes a token's `scope` claim grants (space-separated, each `lenslab/{scope}`); anything else in the
 * claim (another resource server, `aws.cognito.signin.user.admin`) grants nothing here.
 */
export function grantedMachineScopes(scopeClaim: unknown): MachineScope[] {
  if (typeof scopeClaim !== 'string') return [];
  const prefix = `${MACHINE_RESOURCE_SERVER}/`;
  const granted = scopeClaim
    .split(/\s+/)
    .filter((scope) => scope.startsWith(prefix))
    .map((scope) => scope.slice(prefix.length))
    .filter(isMachineScope);
  return [...new Set(granted)];
}

/**
 * Whether a token with `granted` may call a route that needs `required`: every one of them, since a route that
 * needs two (shipping issues the order's invoice) does both things.
 */
export function hasMachineScopes(granted: readonly string[], required: readonly MachineScope[]): boolean {
  return required.length > 0 && required.every((scope) => granted.includes(scope));
}
