import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONSULT_NOT_FOUND,
  PUBLIC_CONSULT_LIMITS,
  PUBLIC_CONSULT_RATE_MESSAGE,
  submitPublicConsultInputSchema,
} from '../../../../core/schemas/consult';
import {
  publicConsultLimitKeys,
  submitPublicConsult,
} from '../../../../lambdas/use-cases/consults/submit-public-consult';
import { consultFixture, HIGH_CLEARANCE, refusal, storedConsult, uuid, type ConsultFixture } from './consult-fixture';

let f: ConsultFixture;
beforeEach(() => {
  f = consultFixture();
});

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
  it('stores a lead without an account: initials upper-cased, the visitor as requester, emails the lab', async () => {
    const answer = await submitPublicConsult(input({ consultId: uuid(1) }), IP, f.deps);
    expect(answer).toEqual({ reference: 'AVC-000001' });
    const stored = await f.deps.consults.get(uuid(1));
    expect(stored).toMatchObject({
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
    expect(f.deps.notifier.of('consult-received')).toHaveLength(1);
  });

  it('a filled honeypot gets a reference-shaped answer; nothing is stored, counted or sent, and only the event is logged', async () => {
    const answer = await submitPublicConsult(
      input({ website: 'http://spam.example', question: 'BUY-SECRET-PAYLOAD' }),
      IP,
      f.deps,
    );
    expect(answer.reference).toMatch(/^AVC-\d{6}$/);
    expect(f.deps.consults.rows.size).toBe(0);
    expect(f.deps.consults.sequence).toBe(0);
    expect(f.deps.limiter.keys).toEqual([]);
    expect(f.deps.notifier.sent).toEqual([]);
    const logged = f.logLines.join('\n');
    expect(logged).toContain('honeypot');
    for (const secret of ['BUY-SECRET-PAYLOAD', 'spam.example', 'lakeside', 'Dr Lee'])
      expect(logged).not.toContain(secret);
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
    expect(f.deps.notifier.sent).toHaveLength(1);
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
