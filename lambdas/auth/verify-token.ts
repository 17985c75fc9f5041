import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { GROUPS, type Group } from '../../core/constants';
import { unauthenticated } from '../../core/errors';
import { grantedMachineScopes, type MachineScope } from '../../core/rules/machine-scopes';

/** The caller as the verified ID token describes them; nothing here comes from the request body. */
export interface Identity {
  userId: string;
  email: string;
  emailVerified: boolean;
  groups: Group[];
  /** Seconds since epoch when the user signed in; sessions revoked after it are refused. */
  authTime: number;
  issuedAt: number;
  /**
   * The session: Cognito's `origin_jti`, the same in every ID and access token minted from one refresh token
   * (one sign-in on one device). Log Out ends exactly this session (docs/decisions/0019-sign-out-per-device.md).
   */
  sessionId?: string;
  /**
   * Set only for a machine client (a client-credentials access token; docs/decisions/0104-machine-api.md): the
   * app client and the scopes its token grants. Such an identity has no groups, so no group route admits it.
   */
  machine?: { clientId: string; scopes: MachineScope[] };
  /**
   * Set by the handler wrapper on a route with a `practice` ability, for a practice user: the linked practices
   * whose roles allow it (lambdas/auth/practice-role-check.ts). The account checks of lambdas/kernel/caller.ts see
   * only these.
   */
  practiceAccounts?: string[];
}

export interface TokenVerifierConfig {
  /** `https://cognito-idp.{region}.amazonaws.com/{poolId}` in AWS, `http://127.0.0.1:{port}/{poolId}` locally. */
  issuer: string;
  clientId: string;
}

/**
 * Verifies a Cognito ID token: RS256 signature against the pool's JWKS, expiry, issuer, audience (the
 * web client id) and `token_use: id`. Works for real Cognito and cognito-local alike, which is why it
 * uses jose rather than aws-jwt-verify (that one rejects local pool ids).
 */
export function createTokenVerifier(config: TokenVerifierConfig) {
  const jwks = createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`), {
    cacheMaxAge: 10 * 60 * 1000,
  });
  return async function verify(token: string): Promise<Identity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: config.issuer,
        audience: config.clientId,
        algorithms: ['RS256'],
        clockTolerance: 5,
      }));
    } catch {
      throw unauthenticated('Invalid or expired token');
    }
    if (payload['token_use'] !== 'id') throw unauthenticated('An ID token is required');
    return identityFromClaims(payload);
  };
}

/** The user id a machine client acts under in audit entries and records: never a Cognito user's `sub` shape. */
export const machineActorId = (clientId: string) => `machine-client:${clientId}`;

/**
 * Verifies a Cognito access token of the client-credentials grant: RS256 against the pool's JWKS, expiry,
 * issuer, `token_use: access`, a `client_id`, and no `cognito:groups` or `username` (a person's access token has
 * them). Cognito access tokens carry no `aud`; which client may hold which scope is the pool's app-client
 * setting, so the scopes in the signed `scope` claim are what the route checks.
 */
export function createMachineTokenVerifier(config: Pick<TokenVerifierConfig, 'issuer'>) {
  const jwks = createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`), {
    cacheMaxAge: 10 * 60 * 1000,
  });
  return async function verify(token: string): Promise<Identity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer: config.issuer, algorithms: ['RS256'], clockTolerance: 5 }));
    } catch {
      throw unauthenticated('Invalid or expired token');
    }
    return machineIdentityFromClaims(payload);
  };
}

/** A machine client's identity from verified access-token claims; a person's token is refused. */
export function machineIdentityFromClaims(claims: Record<string, unknown>): Identity {
  const clientId = claims['client_id'];
  if (claims['token_use'] !== 'access' || typeof clientId !== 'string' || !clientId)
    throw unauthenticated('A client-credentials access token is required');
  if (claims['cognito:groups'] !== undefined || claims['username'] !== undefined)
    throw unauthenticated('A client-credentials access token is required');
  const issuedAt = Number(claims['iat'] ?? 0);
  return {
    userId: machineActorId(clientId),
    email: `Machine client ${clientId}`,
    emailVerified: false,
    groups: [],
    authTime: Number(claims['auth_time'] ?? issuedAt),
    issuedAt,
    machine: { clientId, scopes: grantedMachineScopes(claims['scope']) },
  };
}

/** Maps verified claims to an Identity; unknown groups are dropped so they can never grant access. */
export function identityFromClaims(claims: Record<string, unknown>): Identity {
  const sub = claims['sub'];
  const email = claims['email'];
  if (typeof sub !== 'string' || typeof email !== 'string') throw unauthenticated('Token lacks subject');
  const rawGroups = claims['cognito:groups'];
  const groupList = Array.isArray(rawGroups)
    ? rawGroups
    : typeof rawGroups === 'string'
      ? rawGroups.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  const groups = groupList.filter((g): g is Group => (GROUPS as readonly string[]).includes(g));
  const emailVerified = claims['email_verified'] === true || claims['email_verified'] === 'true';
  const originJti = claims['origin_jti'];
  return {
    userId: sub,
    email,
    emailVerified,
    groups,
    authTime: Number(claims['auth_time'] ?? claims['iat'] ?? 0),
    issuedAt: Number(claims['iat'] ?? 0),
    ...(typeof originJti === 'string' && originJti ? { sessionId: originJti } : {}),
  };
}
