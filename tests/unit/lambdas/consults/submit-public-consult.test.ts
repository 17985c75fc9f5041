import { describe, expect, it } from 'vitest';
import { CONSULT_REFERENCE_PATTERN } from '../../../../core/rules/consult-reference';
import {
  CONSULT_NOT_FOUND,
  PUBLIC_CONSULT_LIMITS,
  PUBLIC_CONSULT_RATE_MESSAGE,
  submitPublicConsultInputSchema,
} from '../../../../core/schemas/consults';
import {
  publicConsultLimitKeys,
  submitPublicConsult,
} from '../../../../lambdas/use-cases/consults/submit-public-consult';
import { consultFixtureEachTest, HIGH_CLEARANCE, refusal, storedConsult, uuid } from './consult-fixture';

const f = consultFixtureEachTest();

let next = 0;
const input = (overrides: Record<string, unknown> = {}) =>
  submitPublicConsultInputSchema.parse({
    consultId: uuid(1000 + ++next),
    practiceName: 'Lakeside Optometry',
    contactName: 'Dr Lee',
    email: 'Lee@Lakeside.test',
    phone: '555-0101',
    licenceNumber: 'OD-12345',
    patientInitials: 'jd',
    eye: 'OS',
    currentLens: { designName: 'Another scleral', parameters: { sagittalDepth: 4400 } },
    observations: HIGH_CLEARANCE,
    question: 'Is this too much clearance?',
    ...overrides,
  });

const IP = '203.0.113.9';

describe('submitPublicConsult: a visitor asks the lab', () => {
  it("stores a lead without an account: initials upper-cased, the visitor as requester, the lab's notice with it", async () => {
    const answer = await submitPublicConsult(input({ consultId: uuid(1) }), IP, f.deps);
    expect(Object.keys(answer)).toEqual(['reference']);
    expect(answer.reference).toMatch(CONSULT_REFERENCE_PATTERN);
    const stored = await f.deps.consults.get(uuid(1));
    expect(stored).toMatchObject({
      reference: answer.reference,
      source: 'public',
      status: 'new',
      patient: 'JD',
      requester: {
        name: 'Dr Lee',
        email: 'lee@lakeside.test',
        practiceName: 'Lakeside Optometry',
        licenceNumber: 'OD-12345',
        phone: '555-0101',
      },
    });
    expect(stored).not.toHaveProperty('accountNumber');
    expect(stored!.suggestions.length).toBeGreaterThan(0);
    expect(f.notices()).toEqual([{ kind: 'consult-received', consult: stored }]);
  });

  it('a filled honeypot is answered like a person (same shape, a reference of the same form, counted); no consult or notice is stored, and only the event is logged', async () => {
    const person = await submitPublicConsult(input({ email: 'person@x.test' }), '198.51.100.1', f.deps);
    const answer = await submitPublicConsult(
      input({ website: 'http://spam.example', question: 'BUY-SECRET-PAYLOAD' }),
      IP,
      f.deps,
    );
    expect(Object.keys(answer)).toEqual(Object.keys(person));
    expect(answer.reference).toMatch(CONSULT_REFERENCE_PATTERN);
    expect(answer.reference).not.toBe(person.reference);
    expect(f.deps.consults.rows.size).toBe(1);
    expect(f.deps.consults.created).toBe(1);
    expect(f.deps.limiter.keys).toEqual(
      expect.arrayContaining(Object.values(publicConsultLimitKeys(IP, 'Lee@Lakeside.test'))),
    );
    expect(f.notices()).toHaveLength(1);
    const logged = f.logLines.join('\n');
    expect(logged).toContain('honeypot');
    for (const secret of ['BUY-SECRET-PAYLOAD', 'spam.example', 'lakeside', 'Dr Lee'])
      expect(logged).not.toContain(secret);
  });

  it('the honeypot answers a repeat of one request with the same reference, as a real retry is', async () => {
    const bot = input({ website: 'http://spam.example' });
    const first = await submitPublicConsult(bot, IP, f.deps);
    expect(await submitPublicConsult(bot, IP, f.deps)).toEqual(first);
    expect((await submitPublicConsult(input({ website: 'x' }), IP, f.deps)).reference).not.toBe(first.reference);
  });

  it('the honeypot is held back by the same limits as a person, with the same 429', async () => {
    for (let i = 0; i < PUBLIC_CONSULT_LIMITS.perAddress.limit; i++)
      await submitPublicConsult(input({ email: `bot${i}@x.test`, website: 'x' }), IP, f.deps);
    expect(await refusal(submitPublicConsult(input({ email: 'more@x.test', website: 'x' }), IP, f.deps))).toEqual({
      status: 'resource-exhausted',
      message: PUBLIC_CONSULT_RATE_MESSAGE,
    });
    expect(f.deps.consults.rows.size).toBe(0);
  });

  it("probing someone else's consult id is counted against the address before the not-found, then 429", async () => {
    await storedConsult(f, { consultId: uuid(2) });
    const probe = () => submitPublicConsult(input({ consultId: uuid(2) }), IP, f.deps);
    for (let i = 0; i < PUBLIC_CONSULT_LIMITS.perAddress.limit; i++)
      expect(await refusal(probe())).toEqual({ status: 'not-found', message: CONSULT_NOT_FOUND });
    expect(await refusal(probe())).toEqual({ status: 'resource-exhausted', message: PUBLIC_CONSULT_RATE_MESSAGE });
    // The visitor's own retry is still answered, without counting.
    const own = await submitPublicConsult(input({ consultId: uuid(3) }), '198.51.100.2', f.deps);
    expect(await submitPublicConsult(input({ consultId: uuid(3) }), IP, f.deps)).toEqual(own);
  });

  it('every address of one IPv6 /64 shares one per-address limit', async () => {
    const { limit } = PUBLIC_CONSULT_LIMITS.perAddress;
    for (let i = 0; i < limit; i++)
      await submitPublicConsult(input({ email: `v6-${i}@x.test` }), `2001:db8:5:6::${(i + 1).toString(16)}`, f.deps);
    expect(
      await refusal(submitPublicConsult(input({ email: 'v6-new@x.test' }), '2001:db8:5:6:ffff::1', f.deps)),
    ).toEqual({ status: 'resource-exhausted', message: PUBLIC_CONSULT_RATE_MESSAGE });
    // The next /64 is another client.
    await submitPublicConsult(input({ email: 'v6-next@x.test' }), '2001:db8:5:7::1', f.deps);
    expect(f.deps.consults.rows.size).toBe(limit + 1);
  });

  it('a blank honeypot (spaces) is a person', async () => {
    await submitPublicConsult(input({ website: '   ' }), IP, f.deps);
    expect(f.deps.consults.rows.size).toBe(1);
  });

  it(`one address may send ${PUBLIC_CONSULT_LIMITS.perAddress.limit} per hour, whatever the emails; then 429 with the message`, async () => {
    for (let i = 0; i < PUBLIC_CONSULT_LIMITS.perAddress.limit; i++)
      await submitPublicConsult(input({ email: `v${i}@x.test` }), IP, f.deps);
    expect(await refusal(submitPublicConsult(input({ email: 'new@x.test' }), IP, f.deps))).toEqual({
      status: 'resource-exhausted',
      message: PUBLIC_CONSULT_RATE_MESSAGE,
    });
    expect(f.deps.consults.rows.size).toBe(PUBLIC_CONSULT_LIMITS.perAddress.limit);
    // Another address is not held back, and the next hour is a new window.
    await submitPublicConsult(input({ email: 'new@x.test' }), '198.51.100.7', f.deps);
    f.clock.now = new Date(f.clock.now.getTime() + 60 * 60 * 1000);
    await submitPublicConsult(input({ email: 'later@x.test' }), IP, f.deps);
  });

  it(`one email may send ${PUBLIC_CONSULT_LIMITS.perEmail.limit} per day from any address, in any letter case`, async () => {
    const { limit } = PUBLIC_CONSULT_LIMITS.perEmail;
    for (let i = 0; i < limit; i++)
      await submitPublicConsult(
        input({ email: i % 2 ? 'LEE@lakeside.test' : 'lee@lakeside.test' }),
        `10.0.0.${i}`,
        f.deps,
      );
    expect(await refusal(submitPublicConsult(input(), '10.0.0.99', f.deps))).toEqual({
      status: 'resource-exhausted',
      message: PUBLIC_CONSULT_RATE_MESSAGE,
    });
    expect(f.deps.limiter.keys).toContain(publicConsultLimitKeys('10.0.0.99', 'LEE@lakeside.test').email);
    expect(f.deps.consults.rows.size).toBe(limit);
  });

  it('a retry of the same request answers the stored reference without counting against the limits', async () => {
    const first = await submitPublicConsult(input({ consultId: uuid(1) }), IP, f.deps);
    const counted = f.deps.limiter.keys.length;
    const again = await submitPublicConsult(input({ consultId: uuid(1) }), IP, f.deps);
    expect(again).toEqual(first);
    expect(f.deps.limiter.keys).toHaveLength(counted);
    expect(f.deps.consults.rows.size).toBe(1);
    expect(f.notices()).toHaveLength(1);
  });

  it("the id of a practice's consult or another visitor's is not-found: its reference is never answered", async () => {
    await storedConsult(f, { consultId: uuid(2) });
    await submitPublicConsult(input({ consultId: uuid(3), email: 'other@x.test' }), IP, f.deps);
    for (const id of [uuid(2), uuid(3)])
      expect(await refusal(submitPublicConsult(input({ consultId: id }), IP, f.deps))).toEqual({
        status: 'not-found',
        message: CONSULT_NOT_FOUND,
      });
  });
});
