import { describe, expect, it } from 'vitest';
import { CONSULT_REFERENCE_PATTERN } from '../../../../core/rules/consult-reference';
import { troubleshoot } from '../../../../core/rules/scleral-troubleshooter';
import {
  CONSULT_NOT_FOUND,
  DEFAULT_TROUBLESHOOTER_SETTINGS,
  submitConsultInputSchema,
  troubleshooterInputSchema,
} from '../../../../core/schemas/consults';
import { consultRefusals } from '../../../../lambdas/ports/consult-store';
import { CONSULTS_BUSY } from '../../../../lambdas/use-cases/consults/consult-writes';
import {
  FROM_ORDER_NOT_FOUND,
  MAX_WAITING_CONSULTS_PER_ACCOUNT,
  MAX_WAITING_CONSULTS_PER_USER,
  submitConsult,
  TOO_MANY_CONSULTS_OF_ACCOUNT,
  TOO_MANY_CONSULTS_OF_USER,
} from '../../../../lambdas/use-cases/consults/submit-consult';
import {
  A,
  AMPLEYE_VALUES,
  B,
  colleague,
  consultFixtureEachTest,
  HIGH_CLEARANCE,
  outsider,
  practice,
  refusal,
  uuid,
} from './consult-fixture';

const f = consultFixtureEachTest();

const input = (overrides: Record<string, unknown> = {}) =>
  submitConsultInputSchema.parse({
    consultId: uuid(1),
    accountNumber: A,
    patientReference: 'PT-1042',
    eye: 'OD',
    currentLens: { designName: 'Ampleye', lensId: 'ampleye', parameters: AMPLEYE_VALUES },
    observations: HIGH_CLEARANCE,
    question: 'Clearance looks high after an hour. What would you change?',
    ...overrides,
  });

describe('submitConsult: a practice asks the lab', () => {
  it("stores a new consult with a random reference, the requester and the practice, and the lab's notice with it", async () => {
    const consult = await submitConsult(practice, input(), f.deps);
    expect(consult).toMatchObject({
      consultId: uuid(1),
      reference: expect.stringMatching(CONSULT_REFERENCE_PATTERN),
      source: 'practice',
      status: 'new',
      accountNumber: A,
      patient: 'PT-1042',
      requester: { userId: 'u-ann', name: 'Ann Test', email: 'ann@a.test', practiceName: 'Brightview Eye Care' },
      orderIds: [],
      createdAt: '2026-03-02T15:00:00.000Z',
      statusAt: '2026-03-02T15:00:00.000Z',
      version: 0,
    });
    expect(f.notices()).toEqual([{ kind: 'consult-received', consult }]);
  });

  it("the suggestions stored are the server's own, worked out with the stored settings, not the browser's", async () => {
    f.deps.settings.stored = { ...DEFAULT_TROUBLESHOOTER_SETTINGS, targetClearanceUm: 300, version: 1 };
    // The browser cannot send suggestions at all: the input schema is strict.
    expect(() => input({ suggestions: [{ ruleId: 'forged' }] })).toThrow();
    const consult = await submitConsult(practice, input(), f.deps);
    const expected = troubleshoot(troubleshooterInputSchema.parse(HIGH_CLEARANCE), f.deps.settings.stored);
    expect(consult.suggestions).toEqual(expected.suggestions);
    expect(consult.suggestions.some((s) => s.area === 'central-clearance' && s.kind === 'change')).toBe(true);
    // With the default target the advice differs: the settings of the moment were used.
    const withDefaults = troubleshoot(troubleshooterInputSchema.parse(HIGH_CLEARANCE), DEFAULT_TROUBLESHOOTER_SETTINGS);
    expect(consult.suggestions).not.toEqual(withDefaults.suggestions);
  });

  it('without observations there are no suggestions (a question only)', async () => {
    const { observations: _none, ...rest } = input();
    const consult = await submitConsult(practice, rest, f.deps);
    expect(consult.suggestions).toEqual([]);
    expect(consult).not.toHaveProperty('observations');
  });

  it('an account the caller is not linked to is "Account not found"; nothing is stored or sent', async () => {
    expect(await refusal(submitConsult(practice, input({ accountNumber: B }), f.deps))).toEqual({
      status: 'not-found',
      message: 'Account not found',
    });
    expect(f.deps.consults.rows.size).toBe(0);
    expect(f.notices()).toEqual([]);
  });

  it('the account may be typed in any case; it is stored as linked', async () => {
    const consult = await submitConsult(practice, input({ accountNumber: A.toLowerCase() }), f.deps);
    expect(consult.accountNumber).toBe(A);
  });

  it("the current lens may come from one of the account's placed orders", async () => {
    f.order(7);
    const consult = await submitConsult(
      practice,
      input({ currentLens: { fromOrderId: uuid(7), designName: 'Ampleye', parameters: AMPLEYE_VALUES } }),
      f.deps,
    );
    expect(consult.currentLens.fromOrderId).toBe(uuid(7));
  });

  it("another practice's order, a draft or an unknown order is a field error on currentLens.fromOrderId", async () => {
    f.order(7, { accountNumber: B });
    f.order(8, { status: 'draft', orderNumber: null });
    for (const n of [7, 8, 9]) {
      const error = await submitConsult(
        practice,
        input({ consultId: uuid(100 + n), currentLens: { fromOrderId: uuid(n), designName: 'Ampleye' } }),
        f.deps,
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 'invalid-argument',
        message: FROM_ORDER_NOT_FOUND,
        details: { fieldErrors: { 'currentLens.fromOrderId': [FROM_ORDER_NOT_FOUND] } },
      });
    }
    expect(f.deps.consults.rows.size).toBe(0);
  });

  it('a retry by the same user answers the stored consult, stores nothing new and emails the lab once', async () => {
    const first = await submitConsult(practice, input(), f.deps);
    const again = await submitConsult(practice, input({ question: 'changed' }), f.deps);
    expect(again).toEqual(first);
    expect(f.deps.consults.rows.size).toBe(1);
    expect(f.deps.consults.created).toBe(1);
    expect(f.notices()).toHaveLength(1);
  });

  it("the id of someone else's consult is not-found, for a colleague and for another practice alike", async () => {
    await submitConsult(practice, input(), f.deps);
    expect(await refusal(submitConsult(colleague, input(), f.deps))).toEqual({
      status: 'not-found',
      message: CONSULT_NOT_FOUND,
    });
    expect(await refusal(submitConsult(outsider, input({ accountNumber: B }), f.deps))).toEqual({
      status: 'not-found',
      message: CONSULT_NOT_FOUND,
    });
  });

  it('a concurrent retry that stored the id first is answered with what it stored (no second lab email)', async () => {
    const store = f.deps.consults;
    const create = store.create.bind(store);
    // The other request's write lands between this one's read and its create.
    store.create = async (fields) => {
      await create(fields);
      throw consultRefusals.refuse('consult');
    };
    const answer = await submitConsult(practice, input(), f.deps);
    expect(answer).toEqual(await store.get(uuid(1)));
    expect(f.notices()).toEqual([]);
  });

  it('a store that keeps losing the reference race answers "busy, send again" (409)', async () => {
    f.deps.consults.pendingRefusals.push(consultRefusals.refuse('contention'));
    expect(await refusal(submitConsult(practice, input(), f.deps))).toEqual({
      status: 'aborted',
      message: CONSULTS_BUSY,
    });
  });

  it("the consult and the lab's notice are stored together: when the notice cannot be, neither is and the send fails", async () => {
    f.deps.consults.outbox.store = () => {
      throw new Error('outbox refused');
    };
    await expect(submitConsult(practice, input(), f.deps)).rejects.toThrow('outbox refused');
    expect(f.deps.consults.rows.size).toBe(0);
    expect(f.notices()).toEqual([]);
  });

  it('a user with 20 consults waiting for the lab is refused a 21st (429), nothing stored or sent; a retry still answers (docs/decisions/0088-open-consults-are-capped.md)', async () => {
    for (let n = 1; n <= MAX_WAITING_CONSULTS_PER_USER; n++)
      await submitConsult(practice, input({ consultId: uuid(n) }), f.deps);
    const over = await refusal(submitConsult(practice, input({ consultId: uuid(100) }), f.deps));
    expect(over).toEqual({ status: 'resource-exhausted', message: TOO_MANY_CONSULTS_OF_USER });
    expect(f.deps.consults.rows.has(uuid(100))).toBe(false);
    expect(f.notices('consult-received')).toHaveLength(MAX_WAITING_CONSULTS_PER_USER);
    // A retry of one already stored is not a new consult.
    expect((await submitConsult(practice, input({ consultId: uuid(1) }), f.deps)).consultId).toBe(uuid(1));
    // An answered consult no longer waits: the user may send again.
    const answered = f.deps.consults.rows.get(uuid(1))!;
    f.deps.consults.rows.set(uuid(1), { ...answered, status: 'answered' });
    await expect(submitConsult(practice, input({ consultId: uuid(100) }), f.deps)).resolves.toMatchObject({
      status: 'new',
    });
  });

  it('an account with 50 consults waiting for the lab is refused another from any of its users (429) (docs/decisions/0088-open-consults-are-capped.md)', async () => {
    const template = await submitConsult(colleague, input({ consultId: uuid(1) }), f.deps);
    const stored = f.deps.consults.rows.get(uuid(1))!;
    // Waiting consults of the account from many users, each under their own cap.
    for (let n = 2; n <= MAX_WAITING_CONSULTS_PER_ACCOUNT; n++) {
      const requester = { ...stored.requester, userId: `u-${n}` };
      f.deps.consults.rows.set(uuid(n), {
        ...stored,
        consultId: uuid(n),
        reference: `${template.reference}-${n}`,
        requester,
      });
    }
    expect(await refusal(submitConsult(practice, input({ consultId: uuid(200) }), f.deps))).toEqual({
      status: 'resource-exhausted',
      message: TOO_MANY_CONSULTS_OF_ACCOUNT,
    });
    expect(f.deps.consults.rows.has(uuid(200))).toBe(false);
    // Another practice is not affected.
    await expect(
      submitConsult(outsider, input({ consultId: uuid(201), accountNumber: B }), f.deps),
    ).resolves.toMatchObject({
      accountNumber: B,
    });
  });
});
