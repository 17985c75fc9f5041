import './helpers/stack-env';
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONSULT_NOT_FOUND,
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  PUBLIC_CONSULT_LIMITS,
  PUBLIC_CONSULT_RATE_MESSAGE,
} from '../../core/schemas/consult';
import { CONSULT_REFERENCE_PATTERN } from '../../core/rules/consult-reference';
import { CONSULT_NOT_ORDERABLE } from '../../lambdas/use-cases/orders/submit-order';
import { callableEvent } from '../support/api-gateway-event';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { AMPLEYE_PARAMETERS, AMPLEYE_VALUES, publicConsultInput } from '../support/consult-fixtures';
import { getRow, putLensDesign, putRow, userRow } from '../support/dynamo-rows';
import { handlerCaller } from '../support/handler-caller';
import { testDesign } from '../support/order-fakes';
import { labUser, practiceUser } from '../support/stack-users';
import * as getConsult from '../../lambdas/handlers/consults/get-consult';
import * as getConsultantSetup from '../../lambdas/handlers/consults/get-consultant-setup';
import * as getLabConsult from '../../lambdas/handlers/consults/get-lab-consult';
import * as linkConsultToAccount from '../../lambdas/handlers/consults/link-consult-to-account';
import * as listAccountConsults from '../../lambdas/handlers/consults/list-account-consults';
import * as listConsults from '../../lambdas/handlers/consults/list-consults';
import * as replyToConsult from '../../lambdas/handlers/consults/reply-to-consult';
import * as submitConsult from '../../lambdas/handlers/consults/submit-consult';
import * as submitPublicConsult from '../../lambdas/handlers/consults/submit-public-consult';
import * as updateConsultantSettings from '../../lambdas/handlers/consults/update-consultant-settings';
import * as getOrder from '../../lambdas/handlers/orders/get-order';
import * as submitOrder from '../../lambdas/handlers/orders/submit-order';

/**
 * The consult request lifecycle end to end through the handlers against the emulators: a practice asks, the
 * lab works its queue oldest first and answers with a proposal, the practice reads the answer and orders it
 * ("Order this"), which marks the consult ordered in the order's transaction. Visitors: a lead, the honeypot,
 * the per-email and per-address limits, and bad input that is never a 5xx.
 */
const call = handlerCaller({
  getConsultantSetup: getConsultantSetup.handler,
  updateConsultantSettings: updateConsultantSettings.handler,
  submitConsult: submitConsult.handler,
  listAccountConsults: listAccountConsults.handler,
  getConsult: getConsult.handler,
  listConsults: listConsults.handler,
  getLabConsult: getLabConsult.handler,
  replyToConsult: replyToConsult.handler,
  linkConsultToAccount: linkConsultToAccount.handler,
  submitOrder: submitOrder.handler,
  getOrder: getOrder.handler,
});

/** A public call from one client address (the per-address limit keys on it). */
async function publicCall(data: unknown, sourceIp: string) {
  const event = callableEvent('submitPublicConsult', { data });
  event.requestContext.http.sourceIp = sourceIp;
  const res = await submitPublicConsult.handler(event);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') as Record<string, any> };
}
/** A client address no other test uses. */
const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const LENS_ID = `it-ampleye-${randomUUID().slice(0, 8)}`;
const OBSERVATIONS = { lens: { lensId: LENS_ID, landing: 'toric' }, minutesOnEye: 60, centralClearanceUm: 500 };

const account = () => `IT-${randomUUID().slice(0, 8)}`.toUpperCase();

const consultInput = (accountNumber: string, overrides: Record<string, unknown> = {}) => ({
  consultId: randomUUID(),
  accountNumber,
  patientReference: 'PT-1042',
  eye: 'OD',
  currentLens: { designName: 'Ampleye', lensId: LENS_ID, parameters: AMPLEYE_VALUES },
  observations: OBSERVATIONS,
  question: 'Clearance looks high after an hour. What would you change?',
  ...overrides,
});

const orderFields = (consultId?: string) => ({
  patient: 'PT-1042',
  lines: [{ eye: 'OD', lensId: LENS_ID, parameters: { ...AMPLEYE_VALUES, sagittalDepth: 4150 }, quantity: 1 }],
  shipping: { method: 'standard', address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
  ...(consultId ? { consultId } : {}),
});

/** Every consult of one status, following the cursors (the queue is shared with other tests). */
async function wholeQueue(admin: string, status: string) {
  const items: { consultId: string; createdAt: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('listConsults', admin, { status, limit: 100, ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    items.push(...page.body.result.items);
    cursor = page.body.result.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

let admin: string;
beforeAll(async () => {
  await putLensDesign(
    testDesign({
      lensId: LENS_ID,
      name: 'Ampleye IT',
      parameters: AMPLEYE_PARAMETERS,
    }),
  );
  admin = await labUser();
});

describe('consult requests against the emulators', () => {
  it('practice asks -> lab queue oldest first -> reply -> practice reads -> order this -> consult ordered', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);

    const first = await call('submitConsult', token, consultInput(accountNumber));
    expect(first.status).toBe(200);
    const asked = first.body.result;
    expect(asked).toMatchObject({ status: 'new', source: 'practice', accountNumber, version: 0 });
    expect(asked.reference).toMatch(CONSULT_REFERENCE_PATTERN);
    // The server's own suggestions: 500 µm after an hour is far above the target, so take sag off.
    expect(
      asked.suggestions.some(
        (s: { area: string; kind: string }) => s.area === 'central-clearance' && s.kind === 'change',
      ),
    ).toBe(true);
    const retried = await call('submitConsult', token, { ...consultInput(accountNumber), consultId: asked.consultId });
    expect(retried.body.result.reference).toBe(asked.reference);

    const second = await call('submitConsult', token, consultInput(accountNumber, { eye: 'OS' }));
    expect(second.status).toBe(200);
    const mine = [asked.consultId, second.body.result.consultId];
    const queue = (await wholeQueue(admin, 'new')).filter((c) => mine.includes(c.consultId));
    expect(queue.map((c) => c.consultId)).toEqual(mine);

    const lab = await call('getLabConsult', admin, { consultId: asked.consultId });
    expect(lab.body.result.requester.userId).toBeTruthy();
    const replied = await call('replyToConsult', admin, {
      consultId: asked.consultId,
      version: lab.body.result.version,
      text: 'Take 150 µm of sag off.',
      proposal: { lensId: LENS_ID, parameters: { ...AMPLEYE_VALUES, sagittalDepth: 4150 } },
    });
    expect(replied.status).toBe(200);
    expect(replied.body.result).toMatchObject({
      status: 'answered',
      version: 1,
      reply: { proposal: { lensId: LENS_ID, lensName: 'Ampleye IT' }, by: { name: 'Lara User' } },
    });

    const read = await call('getConsult', token, { consultId: asked.consultId });
    expect(read.status).toBe(200);
    expect(read.body.result.reply.by).toEqual({ name: 'Lara User' });
    const listed = await call('listAccountConsults', token, { accountNumber });
    expect(listed.body.result.items.map((c: { consultId: string }) => c.consultId)).toEqual([...mine].reverse());

    const orderId = randomUUID();
    const placed = await call('submitOrder', token, { orderId, accountNumber, order: orderFields(asked.consultId) });
    expect(placed.status).toBe(200);
    expect(placed.body.result.consultId).toBe(asked.consultId);
    const ordered = await call('getConsult', token, { consultId: asked.consultId });
    expect(ordered.body.result).toMatchObject({ status: 'ordered', orderIds: [orderId], version: 2 });

    // A second pair from the same answer: the consult keeps its first ordered time.
    const secondOrderId = randomUUID();
    expect(
      (await call('submitOrder', token, { orderId: secondOrderId, accountNumber, order: orderFields(asked.consultId) }))
        .status,
    ).toBe(200);
    const twice = await call('getConsult', token, { consultId: asked.consultId });
    expect(twice.body.result).toMatchObject({
      orderIds: [orderId, secondOrderId],
      statusAt: ordered.body.result.statusAt,
    });

    // The answer can no longer change once ordered.
    const late = await call('replyToConsult', admin, {
      consultId: asked.consultId,
      version: twice.body.result.version,
      text: 'Changed my mind',
      proposal: { lensId: LENS_ID, parameters: AMPLEYE_VALUES },
    });
    expect(late.status).toBe(409);
  });

  it('an order naming a consult that is not answered is 400 on consultId, and nothing is written', async () => {
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const waiting = (await call('submitConsult', token, consultInput(accountNumber))).body.result;
    const orderId = randomUUID();
    const refused = await call('submitOrder', token, { orderId, accountNumber, order: orderFields(waiting.consultId) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fieldErrors).toEqual({ consultId: [CONSULT_NOT_ORDERABLE] });
    expect(await getRow('orders', { orderId })).toBeUndefined();
    expect(await getRow('consults', { consultId: waiting.consultId })).toMatchObject({ status: 'new', version: 0 });
  });

  it("another practice gets the same not-found for a consult as for an unknown id; the lab's routes are 403", async () => {
    const accountA = account();
    const accountB = account();
    const { token: tokenA } = await practiceUser(accountA);
    const { token: tokenB } = await practiceUser(accountB);
    const theirs = (await call('submitConsult', tokenA, consultInput(accountA))).body.result;
    for (const consultId of [theirs.consultId, randomUUID()]) {
      const answer = await call('getConsult', tokenB, { consultId });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(CONSULT_NOT_FOUND);
    }
    expect((await call('listAccountConsults', tokenB, { accountNumber: accountA })).status).toBe(404);
    expect((await call('listConsults', tokenB, {})).status).toBe(403);
  });

  it('a visitor asks: a lead without an account; the lab links it to a practice, which then sees it', async () => {
    const input = publicConsultInput();
    const sent = await publicCall(input, freshIp());
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.body.result)).toEqual(['reference']);
    const lead = await call('getLabConsult', admin, { consultId: input.consultId });
    expect(lead.body.result).toMatchObject({ source: 'public', patient: 'JD', reference: sent.body.result.reference });
    expect(lead.body.result).not.toHaveProperty('accountNumber');

    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    expect((await call('getConsult', token, { consultId: input.consultId })).status).toBe(404);
    const linked = await call('linkConsultToAccount', admin, { consultId: input.consultId, version: 0, accountNumber });
    expect(linked.status).toBe(200);
    const seen = await call('listAccountConsults', token, { accountNumber });
    expect(seen.body.result.items.map((c: { consultId: string }) => c.consultId)).toEqual([input.consultId]);
    const noPractice = await call('linkConsultToAccount', admin, {
      consultId: input.consultId,
      version: 1,
      accountNumber: account(),
    });
    expect(noPractice.status).toBe(400);
  });

  it('the honeypot answers like a real request and stores nothing', async () => {
    const input = publicConsultInput({ website: 'http://spam.example' });
    const answer = await publicCall(input, freshIp());
    expect(answer.status).toBe(200);
    expect(answer.body.result.reference).toMatch(CONSULT_REFERENCE_PATTERN);
    expect(await getRow('consults', { consultId: input.consultId })).toBeUndefined();
  });

  it(`one email may send ${PUBLIC_CONSULT_LIMITS.perEmail.limit} a day from any address, then 429`, async () => {
    const email = `busy-${randomUUID().slice(0, 8)}@lakeside.test`;
    for (let i = 0; i < PUBLIC_CONSULT_LIMITS.perEmail.limit; i++)
      expect((await publicCall(publicConsultInput({ email }), freshIp())).status).toBe(200);
    const refused = await publicCall(publicConsultInput({ email: email.toUpperCase() }), freshIp());
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(PUBLIC_CONSULT_RATE_MESSAGE);
  });

  it(`one address may send ${PUBLIC_CONSULT_LIMITS.perAddress.limit} an hour, then 429; nothing more is stored`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PUBLIC_CONSULT_LIMITS.perAddress.limit; i++)
      expect((await publicCall(publicConsultInput(), ip)).status).toBe(200);
    const input = publicConsultInput();
    const refused = await publicCall(input, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(PUBLIC_CONSULT_RATE_MESSAGE);
    expect(await getRow('consults', { consultId: input.consultId })).toBeUndefined();
  });

  it('bad input is a 400 with a field message, never a 5xx, and stores nothing', async () => {
    const ip = freshIp();
    const bad = [
      publicConsultInput({ patientInitials: 'John Smith' }),
      publicConsultInput({ email: 'not-an-email' }),
      publicConsultInput({ licenceNumber: '<script>' }),
      publicConsultInput({ observations: { lens: { landing: 'flat' }, minutesOnEye: -1 } }),
      publicConsultInput({ eye: 'both' }),
      { ...publicConsultInput(), extra: true },
    ];
    for (const input of bad) {
      const answer = await publicCall(input, ip);
      expect(answer.status).toBe(400);
      expect(answer.body.error.status).toBe('invalid-argument');
      expect(await getRow('consults', { consultId: input.consultId })).toBeUndefined();
    }
    const accountNumber = account();
    const { token } = await practiceUser(accountNumber);
    const answer = await call('submitConsult', token, consultInput(accountNumber, { currentLens: { designName: '' } }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.fieldErrors).toHaveProperty(['currentLens.designName']);
  });

  it('the public setup answers the settings and the designs they name; a super admin changes them', async () => {
    const setup = await call('getConsultantSetup', '', undefined);
    expect(setup.status).toBe(200);
    const before = setup.body.result.settings;
    const superAdmin = await createTestUser(['admin', 'superadmin']);
    await putRow('users', userRow(superAdmin, { firstName: 'Sam' }));
    const superToken = await signIn(superAdmin);
    const { version, updatedAt: _u, updatedBy: _b, ...fields } = before;
    const saved = await call('updateConsultantSettings', superToken, {
      version,
      settings: { ...fields, designIds: [...DEFAULT_TROUBLESHOOTER_SETTINGS.designIds, LENS_ID] },
    });
    expect(saved.status).toBe(200);
    const after = await call('getConsultantSetup', '', undefined);
    expect(after.body.result.settings.version).toBe(version + 1);
    expect(after.body.result.designs.find((d: { lensId: string }) => d.lensId === LENS_ID)).toMatchObject({
      name: 'Ampleye IT',
      sagUm: { min: 3000, max: 6000, step: 10 },
      landingTypes: ['spherical', 'toric'],
    });
    expect(JSON.stringify(after.body)).not.toContain('priceCents');
    // Who saved them is the lab's to know: a visitor gets no staff id or email, the super admin does.
    expect(after.body.result.settings.updatedBy).toBeNull();
    const asStaff = await call('getConsultantSetup', superToken, undefined);
    expect(asStaff.body.result.settings.updatedBy).toEqual({ userId: superAdmin.userId, name: superAdmin.email });
    // A save on the version read before is refused; the designs go back to the defaults.
    expect((await call('updateConsultantSettings', superToken, { version, settings: fields })).status).toBe(409);
    const restored = await call('updateConsultantSettings', superToken, { version: version + 1, settings: fields });
    expect(restored.status).toBe(200);
    // An admin who is not a super admin may not change them.
    expect((await call('updateConsultantSettings', admin, { version: version + 2, settings: fields })).status).toBe(
      403,
    );
  });
});
