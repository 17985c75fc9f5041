import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CognitoError } from '../cognito-error';

/**
 * The Cognito operations a client calls for itself, unauthenticated or with its own access token (Cognito's API
 * reference, "Using the Amazon Cognito user pools API": "Unauthenticated" and "token-authorized" operations).
 * Every other operation (the Admin* ones, ListUsers, the pool's settings) is IAM-authorized in AWS: only a
 * caller signing with credentials allowed by IAM may use it.
 */
export const CLIENT_OPERATIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export interface StackCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** Path and query as received (`/`, `/?a=b`). */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** How far a signature's time may be from the bridge's clock, as AWS allows (then "Signature expired"). */
const MAX_SKEW_MS = 15 * 60 * 1000;

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves `!'()*` alone). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string): string {
  return [...new URLSearchParams(search)]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

/**
 * The local stack's stand-in for IAM (docs/local-stack.md "Security of the local stack"): an IAM-authorized
 * operation must be signed (SigV4) with the stack's credentials, whose secret is made anew on every start and
 * given only to the Lambdas' environment (and the stack's own tests). The signature is checked as AWS checks
 * it: the same canonical request, string to sign and derived key, within 15 minutes. Client operations pass.
 * Throws Cognito's own refusals.
 */
export function requireStackSignature(
  operation: string,
  request: SignedRequest,
  credentials: StackCredentials,
  now: number = Date.now(),
): void {
  if (CLIENT_OPERATIONS.has(operation)) return;
  const authorization = headerValue(request.headers['authorization']);
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
  const [, keyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== credentials.accessKeyId) {
    throw new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  }
  const amzDate = headerValue(request.headers['x-amz-date']);
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  const at = time ? Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!, +time[6]!) : NaN;
  if (!time || amzDate.slice(0, 8) !== day || Math.abs(now - at) > MAX_SKEW_MS) {
    throw new CognitoError('InvalidSignatureException', 'Signature expired or its date is malformed.');
  }
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) throw new CognitoError('InvalidSignatureException', 'Host must be signed.');
  const [path = '/', search = ''] = request.target.split('?', 2);
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    canonicalQuery(search),
    names.map((name) => `${name}:${headerValue(request.headers[name])}\n`).join(''),
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day!), region!), service!), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    throw new CognitoError(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}
