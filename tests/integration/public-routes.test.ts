import './helpers/stack-env';
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSULT_REFERENCE_PATTERN } from '../../core/rules/consult-reference';
import type { AuditEvent } from '../../core/schemas/audit';
import { CONSULT_NOT_FOUND, PUBLIC_CONSULT_LIMITS, PUBLIC_CONSULT_RATE_MESSAGE } from '../../core/schemas/consults';
import { FOREIGN_ORIGIN_MESSAGE, JSON_ONLY_MESSAGE } from '../../lambdas/http/browser-request';
import * as submitPublicConsult from '../../lambdas/handlers/consults/submit-public-consult';
import { callableEvent } from '../support/api-gateway-event';
import { caller } from '../support/api-call';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { getRow } from '../support/dynamo-rows';
import { publicConsultInput } from '../support/consult-fixtures';
import { listEmails, waitForEmail } from '../support/mailbox';

/**
 * The public routes against the emulators (docs/decisions/0081-browser-only-api.md,
 * docs/decisions/0082-random-consult-references.md): through the local gateway, another site's page
 * cannot post a consult (415 for text/plain, 403 for its Origin) and nothing is stored or audited; the honeypot
 * answers with the shape and reference form of a real request; probing a known consult id is limited before
 * it writes anything.
 */
const urls = inject('urls');

/** A raw POST to the local gateway, as another site's page or the portal's own would send it. */
async function post(name: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${urls.api}/api/${name}`, { method: 'POST', headers, body });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

/** A public call from one client address, through the handler (the per-address limit keys on it). */
async function fromAddress(data: unknown, sourceIp: string) {
  const event = callableEvent('submitPublicConsult', { data });
  event.requestContext.http.sourceIp = sourceIp;
  const res = await submitPublicConsult.handler(event);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: res.statusCode ?? 0, body: JSON.parse(res.body ?? '{}') as Record<string, any> };
}
const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

let asSuper: ReturnType<typeof caller>;
beforeAll(async () => {
  asSuper = caller(urls.api, await signIn(await createTestUser(['admin', 'superadmin'])));
}, 120_000);

/** Today's audit entries of one kind of denial (newest first; the table is shared, so callers filter). */
async function deniedToday(action: string): Promise<AuditEvent[]> {
  const res = await asSuper('listAuditEvents', { action, limit: 100 });
  expect(res.status).toBe(200);
  return res.body.result.items as AuditEvent[];
}

describe("another site's page cannot use the public routes", () => {
  it('a consult posted as text/plain is 415 through the gateway, and nothing is stored', async () => {
    const request = publicConsultInput();
    const answer = await post('submitPublicConsult', JSON.stringify({ data: request }), {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({ status: 'unsupported-media-type', message: JSON_ONLY_MESSAGE });
    expect(await getRow('consults', { consultId: request.consultId })).toBeUndefined();
  });

  it('a JSON consult from a foreign Origin is 403: nothing stored, no audit entry', async () => {
    const request = publicConsultInput();
    const correlationId = `it-foreign-${randomUUID()}`;
    const answer = await post('submitPublicConsult', JSON.stringify({ data: request }), {
      'content-type': 'application/json',
      origin: 'https://evil.example',
      'x-correlation-id': correlationId,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({ status: 'permission-denied', message: FOREIGN_ORIGIN_MESSAGE });
    expect(await getRow('consults', { consultId: request.consultId })).toBeUndefined();
    expect((await deniedToday('access.denied')).filter((e) => e.correlationId === correlationId)).toEqual([]);
  });

  it("the same request from the portal's own page (either loopback name) is stored", async () => {
    const webPort = new URL(urls.web).port;
    for (const origin of [`http://127.0.0.1:${webPort}`, `http://localhost:${webPort}`]) {
      const request = publicConsultInput();
      const answer = await post('submitPublicConsult', JSON.stringify({ data: request }), {
        'content-type': 'application/json',
        origin,
        'sec-fetch-site': 'same-origin',
      });
      expect(answer.status, origin).toBe(200);
      expect(answer.body.result.reference).toMatch(CONSULT_REFERENCE_PATTERN);
      expect(await getRow('consults', { consultId: request.consultId })).toBeDefined();
    }
  });

  it("another public route (the troubleshooter's setup) refuses a foreign Origin too", async () => {
    const answer = await post('getConsultantSetup', JSON.stringify({ data: {} }), {
      'content-type': 'application/json',
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(403);
  });
});

describe('the honeypot and the not-found path', () => {
  it("the honeypot's answer has exactly the shape of a person's, with a reference of the same form", async () => {
    const person = await fromAddress(publicConsultInput(), freshIp());
    const bot = await fromAddress(publicConsultInput({ website: 'http://spam.example' }), freshIp());
    expect(bot.status).toBe(person.status);
    expect(Object.keys(bot.body)).toEqual(Object.keys(person.body));
    expect(Object.keys(bot.body.result)).toEqual(Object.keys(person.body.result));
    expect(bot.body.result.reference).toMatch(CONSULT_REFERENCE_PATTERN);
    expect(person.body.result.reference).toMatch(CONSULT_REFERENCE_PATTERN);
  });

  it("the person's request reaches the lab through the outbox; the honeypot's stores no notice, so none arrives", async () => {
    const bot = await fromAddress(publicConsultInput({ website: 'http://spam.example' }), freshIp());
    const person = await fromAddress(publicConsultInput(), freshIp());
    const [lab] = (await asSuper('getLabNotificationSettings', {})).body.result.recipients as string[];
    await waitForEmail(urls.ses, lab!, (m) => m.subject.includes(person.body.result.reference as string));
    const botReference = bot.body.result.reference as string;
    expect((await listEmails(urls.ses)).some((m) => m.subject.includes(botReference))).toBe(false);
  });

  it(`a known consult id repeated 20 times writes at most ${PUBLIC_CONSULT_LIMITS.perAddress.limit} audit entries, then 429s that write nothing`, async () => {
    const owner = publicConsultInput();
    expect((await fromAddress(owner, freshIp())).status).toBe(200);
    const prober = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const probe = await fromAddress(publicConsultInput({ consultId: owner.consultId }), prober);
      answers.push(probe.status ?? 0);
      if (probe.status === 404) expect(probe.body.error.message).toBe(CONSULT_NOT_FOUND);
      if (probe.status === 429) expect(probe.body.error.message).toBe(PUBLIC_CONSULT_RATE_MESSAGE);
    }
    const { limit } = PUBLIC_CONSULT_LIMITS.perAddress;
    expect(answers).toEqual([...Array<number>(limit).fill(404), ...Array<number>(20 - limit).fill(429)]);
    const written = (await deniedToday('access.hidden-not-found')).filter((e) => e.sourceIp === prober);
    expect(written).toHaveLength(limit);
  });
});
