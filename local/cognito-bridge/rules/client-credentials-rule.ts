import { createSign, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { MACHINE_TOKEN_LIFETIME_SECONDS } from '../../../core/rules/machine-scopes';
import { cognitoLocalSigningKey } from './token-family-rule';

/**
 * Cognito's token endpoint for the client-credentials grant (`POST /oauth2/token`), which cognito-local does not
 * have (docs/decisions/0104-machine-api.md). The machine clients are ordinary app clients of the emulated pool
 * (CreateUserPoolClient with a secret, AllowedOAuthFlows ['client_credentials'] and the scopes), so the bridge reads
 * the client, checks its secret and scopes as Cognito does, and signs an access token with cognito-local's key,
 * with the claims Cognito's have: the API verifies it against the same JWKS as every other token.
 */
export interface AppClient {
  ClientId?: string;
  ClientSecret?: string;
  AllowedOAuthFlows?: string[];
  AllowedOAuthScopes?: string[];
}

export interface TokenRequest {
  /** The `Authorization` header (HTTP Basic `client_id:client_secret`). */
  authorization: string | undefined;
  /** The form-encoded body. */
  body: string;
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface ClientCredentialsDeps {
  issuer: string;
  /** The pool's app client, or null when there is none of that id. */
  describeClient(clientId: string): Promise<AppClient | null>;
  now?: () => number;
  key?: KeyObject;
}

const refusal = (error: string, status = 400): TokenAnswer => ({ status, body: { error } });

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Answers one token request as Cognito's endpoint does: the token, or an OAuth error (`invalid_client`, ...). */
export function createClientCredentialsGrant(deps: ClientCredentialsDeps) {
  const now = deps.now ?? Date.now;
  let key = deps.key;
  const sign = (claims: Record<string, unknown>) => {
    key ??= cognitoLocalSigningKey();
    const header = Buffer.from(JSON.stringify({ kid: 'CognitoLocal', alg: 'RS256' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key).toString('base64url');
    return `${header}.${payload}.${signature}`;
  };

  return async function token(request: TokenRequest): Promise<TokenAnswer> {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') return refusal('unsupported_grant_type');
    const credentials =
      basicCredentials(request.authorization) ??
      (form.get('client_id') && form.get('client_secret')
        ? { id: form.get('client_id')!, secret: form.get('client_secret')! }
        : null);
    if (!credentials) return refusal('invalid_client');
    const client = await deps.describeClient(credentials.id);
    if (!client?.ClientSecret || !sameSecret(client.ClientSecret, credentials.secret)) return refusal('invalid_client');
    if (!client.AllowedOAuthFlows?.includes('client_credentials')) return refusal('unauthorized_client');
    const allowed = client.AllowedOAuthScopes ?? [];
    const asked = form.get('scope')?.split(/\s+/).filter(Boolean);
    if (asked && asked.some((scope) => !allowed.includes(scope))) return refusal('invalid_scope');
    const scopes = asked ?? allowed;
    if (scopes.length === 0) return refusal('invalid_scope');
    const issuedAt = Math.floor(now() / 1000);
    const accessToken = sign({
      sub: credentials.id,
      token_use: 'access',
      scope: scopes.join(' '),
      auth_time: issuedAt,
      iss: deps.issuer,
      exp: issuedAt + MACHINE_TOKEN_LIFETIME_SECONDS,
      iat: issuedAt,
      version: 2,
      jti: randomUUID(),
      client_id: credentials.id,
    });
    return {
      status: 200,
      body: { access_token: accessToken, expires_in: MACHINE_TOKEN_LIFETIME_SECONDS, token_type: 'Bearer' },
    };
  };
}
