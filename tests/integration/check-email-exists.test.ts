import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, uniqueEmail } from '../support/cognito-test-users';

type Handler = typeof import('../../lambdas/handlers/auth/check-email-exists').handler;
let checkEmailExists: Handler;

beforeAll(async () => {
  Object.assign(process.env, inject('env'));
  checkEmailExists = (await import('../../lambdas/handlers/auth/check-email-exists')).handler;
});

/** A fresh caller address per use, so limits counted by earlier tests or runs never spill over. */
const address = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function ask(email: string, ip: string) {
  const event = callableEvent('checkEmailExists', { data: { email } });
  event.requestContext.http.sourceIp = ip;
  const res = await checkEmailExists(event);
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}

describe('checkEmailExists against the emulators (forgot-password form)', () => {
  it('answers whether an account exists, without sign-in', async () => {
    const user = await createTestUser(['customer']);
    const ip = address();
    expect(await ask(user.email, ip)).toEqual({ status: 200, body: { result: { exists: true } } });
    expect(await ask(user.email.toUpperCase(), ip)).toEqual({
      status: 200,
      body: { result: { exists: true } },
    });
    expect((await ask(uniqueEmail('nobody'), ip)).body.result.exists).toBe(false);
  });

  it('is throttled per email: the 6th question in 15 minutes is resource-exhausted (429)', async () => {
    const email = uniqueEmail('probe');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await ask(email, address())).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('is throttled per caller address across emails', async () => {
    const ip = address();
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => ask(uniqueEmail(`spray${i}`), ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});
