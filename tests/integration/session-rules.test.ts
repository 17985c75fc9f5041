import './helpers/stack-env';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { SESSION_RULE_MESSAGES } from '../../lambdas/auth/session-rules';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { putRow, userRow } from '../support/dynamo-rows';
import { callApi } from './helpers/call-api';
import { activityReport } from '../support/activity-report';

/**
 * The server's session rules through the local gateway (JWT authorizer + handler wrapper, as in AWS): the spec 4/6
 * rules the browser applies are refused on the server too, for a caller who skips the browser.
 */

/** A token signed with cognito-local's own key (it ships in the package): a real user, an old sign-in. */
async function forgeIdToken(claims: Record<string, unknown>): Promise<string> {
  const keys = join(dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')), 'lib/keys');
  const { jwk } = JSON.parse(readFileSync(join(keys, 'cognitoLocal.private.json'), 'utf8')) as { jwk: JWK };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
}

const MINUTE = 60_000;
const account = () => `SR-${randomUUID().slice(0, 8).toUpperCase()}`;

async function linkedCustomer(termsAccepted: boolean) {
  const accountNumber = account();
  const user = await createTestUser(['customer']);
  await putRow('users', userRow(user, { accountNumber, termsAccepted }));
  return { user, accountNumber, token: await signIn(user) };
}

function activityRow(userId: string, email: string, lastActivity: number, status: 'active' | 'idle') {
  return {
    userId,
    userEmail: email,
    userRole: 'customer',
    lastSync: Date.now(),
    ...activityReport(lastActivity, { deviceId: 'device-session-rules', sessionId: 'session-session-rules', status }),
  };
}

describe('terms not accepted (spec 4, 6): refused by the server, not only the browser', () => {
  it('a customer with terms not accepted gets 403 on listAccountOrders but can acceptTerms, and then gets in', async () => {
    const { token, accountNumber } = await linkedCustomer(false);
    const refused = await callApi('listAccountOrders', { data: { accountNumber } }, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      status: 'permission-denied',
      message: SESSION_RULE_MESSAGES.termsNotAccepted,
    });
    expect((await callApi('getMyProfile', { data: {} }, token)).status).toBe(200);

    const accepted = await callApi('acceptTerms', { data: {} }, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.termsAccepted).toBe(true);

    const listed = await callApi('listAccountOrders', { data: { accountNumber } }, token);
    expect(listed.status).toBe(200);
    expect(listed.body.result.items).toEqual([]);
  });

  it('a customer whose users record is missing is refused too (nothing proves the terms were accepted)', async () => {
    const user = await createTestUser(['customer']);
    const res = await callApi('listLensDesigns', { data: {} }, await signIn(user));
    expect(res.status).toBe(403);
  });
});

describe('the 60-minute idle rule (spec 4) on the server', () => {
  it('an idle session gets 401; the same token with recent activity is answered', async () => {
    const { user, accountNumber, token } = await linkedCustomer(true);
    // The same user's token, signed in two hours ago (auth_time), still within its hour of validity.
    const now = Math.floor(Date.now() / 1000);
    const oldSession = await forgeIdToken({
      ...decodeJwt(token),
      auth_time: now - 7200,
      iat: now - 60,
      exp: now + 3000,
    });

    await putRow('userActivity', activityRow(user.userId, user.email, Date.now() - 61 * MINUTE, 'idle'));
    const idle = await callApi('listAccountOrders', { data: { accountNumber } }, oldSession);
    expect(idle.status).toBe(401);
    expect(idle.body.error).toMatchObject({ status: 'unauthenticated', message: SESSION_RULE_MESSAGES.idle });
    expect((await callApi('getMyProfile', { data: {} }, oldSession)).status).toBe(401);
    // Ending the session is still allowed.
    expect((await callApi('getMyActivity', { data: {} }, oldSession)).status).toBe(200);

    await putRow('userActivity', activityRow(user.userId, user.email, Date.now() - MINUTE, 'idle'));
    // The wrapper confirms an idle answer against the table, so the new record counts at once.
    expect((await callApi('listAccountOrders', { data: { accountNumber } }, oldSession)).status).toBe(200);
  });

  it('a freshly signed-in session passes before the browser has written any activity', async () => {
    const { accountNumber, token } = await linkedCustomer(true);
    expect((await callApi('listAccountOrders', { data: { accountNumber } }, token)).status).toBe(200);
  });
});
