import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { listenOnLoopback } from '../process/listen-on-loopback';
import { guardRequests, originFormUrl } from '../process/request-guard';
import { CognitoError } from './cognito-error';
import { emailOf, emulatorUsers, findUser, subOf } from './emulator-users';
import type { SendMail } from './mail-sender';
import type { AuditLog } from '../../lambdas/ports/audit-log';
import { createBridgeAuthAudit } from './rules/auth-audit-rule';
import type { AuthOutcome } from '../../lambdas/audit/auth-events';
import type { CodeDelivery } from './rules/code-delivery';
import { emailVerifiedUpdateAfterConfirm } from './rules/confirm-sign-up-rule';
import { corsHeaders } from './rules/cors-rule';
import { refuseDisabledUser } from './rules/disabled-user-rule';
import { requireStackSignature, type StackCredentials } from './rules/iam-signature';
import { refuseSelfSignUp } from './rules/self-sign-up-rule';
import { enforcePasswordPolicy } from './rules/password-policy-rule';
import { initiateAuthAnswerAsRefreshAnswer, refreshRequestAsInitiateAuth } from './rules/refresh-token-rule';
import { pendingConfirmation, resendAnswer } from './rules/resend-code-rule';
import { createTokenFamilies } from './rules/token-family-rule';
import { createClientCredentialsGrant, type AppClient } from './rules/client-credentials-rule';
import { createTotpMfa } from './rules/totp-mfa-rule';
import { forgotPasswordAsCognitoDoes } from './rules/user-existence-rule';
import { wrongPasswordAsCognitoDoes } from './rules/wrong-password-rule';
import { fileTotpStore } from './totp-store';
import { PURPOSE_BY_OPERATION, verificationEmail, type CodePurpose } from './rules/verification-email';

export interface BridgeOptions {
  port: number;
  /** cognito-local's base URL. */
  upstream: string;
  /** The issuer its tokens name, when not the upstream's own origin (the stack publishes another port). */
  issuer?: string;
  /** Folder holding cognito-local's `.cognito/`. */
  dataDir: string;
  userPoolId: string;
  /** Origins the browser may call from (the portal). */
  allowedOrigins: string[];
  sendMail: SendMail;
  /** The audit log the sign-in events go to; without one, none are recorded. */
  auditLog?: () => AuditLog;
  /**
   * The stack's credentials (a secret made on each start): IAM-authorized operations (Admin*, ListUsers, ...)
   * must be signed with them, as IAM allows only the functions' roles in AWS.
   */
  stackCredentials: StackCredentials;
  log?: (message: string) => void;
}

export interface CognitoBridge {
  url: string;
  /** Called with each code cognito-local prints: emails it as Cognito would. */
  deliverCode(delivery: CodeDelivery): Promise<void>;
  /**
   * Gives a user (by email) an authenticator app with this TOTP secret, turned on, unless they already have one
   * (the seeded lab staff). Returns the user's `sub` when they have an authenticator turned on afterwards.
   */
  enrollTotp(username: string, secret: string): string | undefined;
  close(): Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The local-only layer in front of cognito-local (docs/local-stack.md): adds CORS, and bridges the gaps
 * that matter to the portal — token refresh, resend code, disabled users, password policy, codes
 * delivered as emails, and authenticator apps (TOTP). Everything else passes through unchanged.
 */
export async function startCognitoBridge(options: BridgeOptions): Promise<CognitoBridge> {
  const purposes = new Map<string, CodePurpose>();
  const users = () => emulatorUsers(options.dataDir, options.userPoolId);
  const log = options.log ?? (() => {});
  const upstreamPool = `${new URL(options.upstream).origin}/${options.userPoolId}`;
  const issuer = options.issuer ?? upstreamPool;
  const jwks = createRemoteJWKSet(new URL(`${upstreamPool}/.well-known/jwks.json`));
  const authAudit = options.auditLog && createBridgeAuthAudit({ store: options.auditLog, users, log });
  const families = createTokenFamilies();
  const clientCredentials = createClientCredentialsGrant({
    issuer,
    async describeClient(clientId) {
      const answer = await forward('DescribeUserPoolClient', { UserPoolId: options.userPoolId, ClientId: clientId });
      if (answer.status !== 200) return null;
      return (JSON.parse(answer.text) as { UserPoolClient?: AppClient }).UserPoolClient ?? null;
    },
  });
  const totp = createTotpMfa({
    store: fileTotpStore(options.dataDir, options.userPoolId),
    users,
    // Calls made with an access token are the user's own: only a valid one of this pool counts.
    async accessTokenSub(token) {
      try {
        if (typeof token !== 'string') throw new Error('no token');
        const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
        if (payload['token_use'] !== 'access' || typeof payload.sub !== 'string')
          throw new Error('not an access token');
        return payload.sub;
      } catch {
        throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
      }
    },
    async reissue(refreshToken, clientId) {
      const answer = await forward('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
      if (answer.status !== 200) return null;
      return ((JSON.parse(answer.text) as Record<string, unknown>)['AuthenticationResult'] ?? null) as Record<
        string,
        unknown
      > | null;
    },
  });

  async function forward(operation: string, body: Record<string, unknown>) {
    const res = await fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET_PREFIX + operation },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, headers: res.headers };
  }

  async function handle(operation: string, body: Record<string, unknown>) {
    refuseSelfSignUp(operation);
    enforcePasswordPolicy(operation, body);
    refuseDisabledUser(operation, body, users);
    const purpose = PURPOSE_BY_OPERATION[operation];
    const username = body['Username'];
    if (purpose && typeof username === 'string') purposes.set(username.toLowerCase(), purpose);

    if (operation === 'GetTokensFromRefreshToken') {
      const answer = await forward('InitiateAuth', refreshRequestAsInitiateAuth(body));
      if (answer.status !== 200) return answer;
      const refreshed = initiateAuthAnswerAsRefreshAnswer(JSON.parse(answer.text));
      return { ...answer, text: JSON.stringify(families.withFamily(operation, body, refreshed)) };
    }
    if (operation === 'ResendConfirmationCode') {
      return { status: 200, text: JSON.stringify(await resendCode(String(username ?? ''))) };
    }
    const own = await totp.answer(operation, body);
    if (own) return { status: 200, text: JSON.stringify(families.withFamily(operation, body, own)) };
    const answer = withFamily(operation, body, await withTotp(operation, body, await forward(operation, body)));
    const replaced = wrongPasswordAsCognitoDoes(operation, errorTypeOf(answer));
    if (replaced) throw replaced;
    const unknownUser = forgotPasswordAsCognitoDoes(operation, errorTypeOf(answer), String(username ?? ''));
    if (unknownUser) return { status: 200, text: JSON.stringify(unknownUser) };
    const verify =
      answer.status === 200 &&
      emailVerifiedUpdateAfterConfirm(operation, body, options.userPoolId, (name) => {
        const user = findUser(users(), name);
        return user && emailOf(user);
      });
    if (verify) await forward('AdminUpdateUserAttributes', verify);
    if (operation === 'ForgotPassword' && answer.status === 200) await sendResetCode(String(username ?? ''));
    return answer;
  }

  /**
   * The reset email, from the code the emulator stored before it answered. Not from its printed delivery box:
   * under load its log output arrived seconds late or not before it stopped, and the email with it.
   */
  async function sendResetCode(username: string) {
    const user = findUser(users(), username);
    const email = user && emailOf(user);
    if (!email || !user.ConfirmationCode) return;
    const mail = verificationEmail('forgot-password', user.ConfirmationCode);
    await options.sendMail(email, mail.subject, mail.body);
  }

  /** A user with an authenticator is asked for its code before the tokens; GetUser answers name the factor. */
  async function withTotp(
    operation: string,
    body: Record<string, unknown>,
    answer: Awaited<ReturnType<typeof forward>>,
  ) {
    if (answer.status !== 200 || !answer.text.startsWith('{')) return answer;
    const json = JSON.parse(answer.text) as Record<string, unknown>;
    const changed = totp.withMfaSettings(operation, totp.afterSignIn(operation, body, json));
    return changed === json ? answer : { ...answer, text: JSON.stringify(changed) };
  }

  /** Token answers carry Cognito's origin_jti and keep the sign-in's auth_time (rules/token-family-rule.ts). */
  function withFamily(operation: string, body: Record<string, unknown>, answer: Awaited<ReturnType<typeof forward>>) {
    if (answer.status !== 200 || !answer.text.startsWith('{')) return answer;
    const json = JSON.parse(answer.text) as Record<string, unknown>;
    const changed = families.withFamily(operation, body, json);
    return changed === json ? answer : { ...answer, text: JSON.stringify(changed) };
  }

  async function resendCode(username: string) {
    const pending = pendingConfirmation(users(), username);
    if (pending) {
      const mail = verificationEmail('sign-up', pending.code);
      await options.sendMail(pending.email, mail.subject, mail.body);
    }
    return resendAnswer(username);
  }

  const server: Server = createServer(
    guardRequests('cognito bridge', serve, {
      log,
      fail: (req, res) =>
        send(res, req, 500, JSON.stringify({ __type: 'InternalErrorException', message: 'Bridge error' })),
    }),
  );

  async function serve(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'OPTIONS') return send(res, req, 204, '');
    if (req.method !== 'POST') {
      // JWKS and OpenID configuration pass straight through, to cognito-local only: the path is appended to
      // its origin, never resolved against it (`//host/x` or `http://host/x` would name another host).
      const url = originFormUrl(req.url);
      if (!url) return send(res, req, 400, JSON.stringify({ message: 'Bad Request' }), 'application/json');
      const upstream = await fetch(`${new URL(options.upstream).origin}${url.pathname}${url.search}`);
      return send(res, req, upstream.status, await upstream.text(), upstream.headers.get('content-type') ?? undefined);
    }
    if (originFormUrl(req.url)?.pathname === '/oauth2/token') {
      const answer = await clientCredentials({ authorization: req.headers.authorization, body: await readBody(req) });
      return send(res, req, answer.status, JSON.stringify(answer.body), 'application/json');
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return sendError(res, req, new CognitoError('SerializationException', 'Body is not JSON'));
    }
    const sourceIp = req.socket.remoteAddress ?? '';
    try {
      requireStackSignature(
        operation,
        { method: req.method ?? 'POST', target: req.url ?? '/', headers: req.headers, body: raw },
        options.stackCredentials,
      );
      const answer = await handle(operation, body);
      const errorType = 'headers' in answer ? answer.headers.get('x-amzn-errortype') : null;
      await authAudit?.observe(operation, body, outcomeOf(answer.status, answer.text, errorType), sourceIp);
      send(res, req, answer.status, answer.text, 'application/x-amz-json-1.1', errorType ?? undefined);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      await authAudit?.observe(operation, body, { ok: false, errorType: error.type }, sourceIp);
      return sendError(res, req, error);
    }
  }

  function send(
    res: ServerResponse,
    req: IncomingMessage,
    status: number,
    text: string,
    type?: string,
    errorType?: string,
  ) {
    const headers = corsHeaders(req.headers.origin, options.allowedOrigins);
    if (type) headers['content-type'] = type;
    if (errorType) headers['x-amzn-errortype'] = errorType;
    res.writeHead(status, headers).end(text);
  }

  function sendError(res: ServerResponse, req: IncomingMessage, error: CognitoError) {
    send(
      res,
      req,
      error.statusCode,
      JSON.stringify({ __type: error.type, message: error.message }),
      'application/x-amz-json-1.1',
      `${error.type}:`,
    );
  }

  const listening = await listenOnLoopback(server, options.port);

  return {
    url: listening.url,
    async deliverCode(delivery) {
      const user = findUser(users(), delivery.username) ?? findUser(users(), delivery.destination);
      const email = (user && emailOf(user)) ?? delivery.destination;
      const purpose = purposes.get(email.toLowerCase()) ?? 'sign-up';
      if (purpose === 'forgot-password') return; // sent by sendResetCode when the call succeeded
      const mail = verificationEmail(purpose, delivery.code);
      await options.sendMail(email, mail.subject, mail.body);
    },
    enrollTotp(username, secret) {
      totp.enrollIfAbsent(username, secret);
      const sub = subOfUser(users(), username);
      return sub && totp.isOn(sub) ? sub : undefined;
    },
    close: listening.close,
  };
}

function subOfUser(users: ReturnType<typeof emulatorUsers>, username: string): string | undefined {
  const user = findUser(users, username);
  return user && subOf(user);
}

/** A Cognito answer as the audit mapping reads it: the JSON answer, or the error type. */
function outcomeOf(status: number, text: string, errorType: string | null): AuthOutcome {
  if (status >= 400)
    return { ok: false, errorType: errorType ?? errorTypeOf({ status, text, headers: new Headers() }) ?? 'unknown' };
  try {
    const answer = JSON.parse(text) as unknown;
    return { ok: true, answer: answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {} };
  } catch {
    return { ok: true, answer: {} };
  }
}

/** The error type of an upstream answer, from the header or the JSON body's `__type`. */
function errorTypeOf(answer: { status: number; text: string; headers: Headers }): string | null {
  if (answer.status < 400) return null;
  const header = answer.headers.get('x-amzn-errortype');
  if (header) return header;
  try {
    return (JSON.parse(answer.text) as { __type?: string }).__type ?? null;
  } catch {
    return null;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
