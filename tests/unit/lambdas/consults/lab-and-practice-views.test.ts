import { CHANGED_MESSAGES, LENS_MESSAGES } from '../../../../core/messages';
import { describe, expect, it } from 'vitest';
import {
  CONSULT_NOT_FOUND,
  customerConsultSchema,
  linkConsultInputSchema,
  listAccountConsultsInputSchema,
  listConsultsInputSchema,
  replyToConsultInputSchema,
} from '../../../../core/schemas/consults';
import { getLabConsult, listConsults } from '../../../../lambdas/use-cases/consults/lab-consults';
import {
  linkConsultToAccount,
  NO_SUCH_PRACTICE,
  ONLY_LEADS_LINK,
  ORDERED_LEAD_STAYS,
} from '../../../../lambdas/use-cases/consults/link-consult-to-account';
import { getConsult, listAccountConsults } from '../../../../lambdas/use-cases/consults/practice-consults';
import { CONSULT_ALREADY_ORDERED, replyToConsult } from '../../../../lambdas/use-cases/consults/reply-to-consult';
import {
  A,
  AMPLEYE_VALUES,
  B,
  colleague,
  consultFixtureEachTest,
  lab,
  outsider,
  practice,
  refusal,
  storedConsult,
  storedLead,
  uuid,
} from './consult-fixture';

const f = consultFixtureEachTest();

const reply = (consultId: string, version: number, overrides: Record<string, unknown> = {}) =>
  replyToConsultInputSchema.parse({
    consultId,
    version,
    text: 'Take 150 µm of sag off and keep the toric landing.',
    proposal: { lensId: 'ampleye', parameters: { ...AMPLEYE_VALUES, sagittalDepth: 4150 } },
    ...overrides,
  });

describe("a practice's consults", () => {
  it('every user linked to the account lists them newest first; another practice gets "Account not found"', async () => {
    f.clock.now = new Date('2026-03-01T10:00:00.000Z');
    const older = await storedConsult(f);
    f.clock.now = new Date('2026-03-02T10:00:00.000Z');
    const newer = await storedConsult(f);
    await storedConsult(f, { accountNumber: B });
    const page = await listAccountConsults(
      colleague,
      listAccountConsultsInputSchema.parse({ accountNumber: A }),
      f.deps,
    );
    expect(page.items.map((c) => c.consultId)).toEqual([newer.consultId, older.consultId]);
    expect(
      await refusal(listAccountConsults(outsider, listAccountConsultsInputSchema.parse({ accountNumber: A }), f.deps)),
    ).toEqual({
      status: 'not-found',
      message: 'Account not found',
    });
  });

  it('getConsult answers a consult of a linked account; another practice, an unlinked lead and an unknown id get the same not-found', async () => {
    const mine = await storedConsult(f);
    const unlinked = await storedLead(f);
    expect((await getConsult(colleague, { consultId: mine.consultId }, f.deps)).consultId).toBe(mine.consultId);
    for (const [caller, consultId] of [
      [outsider, mine.consultId],
      [practice, unlinked.consultId],
      [practice, uuid(999)],
    ] as const)
      expect(await refusal(getConsult(caller, { consultId }, f.deps))).toEqual({
        status: 'not-found',
        message: CONSULT_NOT_FOUND,
      });
  });

  it("the practice sees the consultant's name on the answer, never a staff id", async () => {
    const consult = await storedConsult(f);
    await replyToConsult(lab, reply(consult.consultId, 0), f.deps);
    const seen = await getConsult(practice, { consultId: consult.consultId }, f.deps);
    expect(seen.reply?.by).toEqual({ name: 'Lara Test' });
    expect(JSON.stringify(seen)).not.toContain('u-lab');
    expect(customerConsultSchema.safeParse(seen).success).toBe(true);
  });
});

describe("the lab's queue", () => {
  it('lists one status oldest first, leads included; getLabConsult answers any consult or not-found', async () => {
    f.clock.now = new Date('2026-03-02T10:00:00.000Z');
    const later = await storedConsult(f);
    f.clock.now = new Date('2026-03-01T10:00:00.000Z');
    const earlier = await storedLead(f);
    await storedConsult(f, { status: 'answered' });
    const page = await listConsults(listConsultsInputSchema.parse(undefined), f.deps);
    expect(page.items.map((c) => c.consultId)).toEqual([earlier.consultId, later.consultId]);
    expect((await getLabConsult({ consultId: earlier.consultId }, f.deps)).source).toBe('public');
    expect(await refusal(getLabConsult({ consultId: uuid(999) }, f.deps))).toEqual({
      status: 'not-found',
      message: CONSULT_NOT_FOUND,
    });
  });
});

describe('replyToConsult: the lab answers with a proposal', () => {
  it("stores the answer with the design name, marks it answered, stores the requester's notice with it and records it", async () => {
    const consult = await storedConsult(f);
    f.clock.now = new Date('2026-03-03T09:00:00.000Z');
    const answered = await replyToConsult(lab, reply(consult.consultId, 0), f.deps);
    expect(answered).toMatchObject({
      status: 'answered',
      statusAt: '2026-03-03T09:00:00.000Z',
      version: 1,
      reply: {
        text: 'Take 150 µm of sag off and keep the toric landing.',
        proposal: { lensId: 'ampleye', lensName: 'Ampleye', parameters: { sagittalDepth: 4150 } },
        by: { userId: 'u-lab', name: 'Lara Test' },
        at: '2026-03-03T09:00:00.000Z',
      },
    });
    expect(await f.deps.consults.get(consult.consultId)).toEqual(answered);
    expect(f.notices('consult-answered')).toEqual([{ kind: 'consult-answered', consult: answered }]);
    expect(f.changes).toMatchObject([
      { action: 'consult.reply', target: { type: 'consult', id: consult.consultId }, accountNumber: A },
    ]);
  });

  it('an answered consult may be answered again (statusAt stays at the first answer); an ordered one may not', async () => {
    const consult = await storedConsult(f);
    const first = await replyToConsult(lab, reply(consult.consultId, 0), f.deps);
    f.clock.now = new Date('2026-03-09T09:00:00.000Z');
    const second = await replyToConsult(lab, reply(consult.consultId, 1, { text: 'Better: 4100' }), f.deps);
    expect(second).toMatchObject({ statusAt: first.statusAt, version: 2, reply: { text: 'Better: 4100' } });

    const ordered = await storedConsult(f, { status: 'ordered', orderIds: [uuid(3)] });
    expect(await refusal(replyToConsult(lab, reply(ordered.consultId, 0), f.deps))).toEqual({
      status: 'aborted',
      message: CONSULT_ALREADY_ORDERED,
    });
  });

  it('a stale version is 409 "changed, reload" and nothing is written or sent', async () => {
    const consult = await storedConsult(f);
    await replyToConsult(lab, reply(consult.consultId, 0), f.deps);
    expect(await refusal(replyToConsult(lab, reply(consult.consultId, 0), f.deps))).toEqual({
      status: 'aborted',
      message: CHANGED_MESSAGES.consult,
    });
    expect(f.notices()).toHaveLength(1);
  });

  it('the proposal must be an active catalog design, with values in its ranges (field errors per parameter)', async () => {
    const consult = await storedConsult(f);
    f.deps.lenses.rows.set('ampleye-xl', { ...f.deps.lenses.rows.get('ampleye-xl')!, active: false });
    for (const lensId of ['unknown-design', 'ampleye-xl']) {
      const error = await replyToConsult(
        lab,
        reply(consult.consultId, 0, { proposal: { lensId, parameters: AMPLEYE_VALUES } }),
        f.deps,
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 'invalid-argument',
        details: { fieldErrors: { 'proposal.lensId': [LENS_MESSAGES.designNotAvailable] } },
      });
    }
    const error = await replyToConsult(
      lab,
      reply(consult.consultId, 0, {
        proposal: { lensId: 'ampleye', parameters: { ...AMPLEYE_VALUES, sagittalDepth: 9990, sphere: -2.3 } },
      }),
      f.deps,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 'invalid-argument',
      message: 'Some lens parameters are not valid. Check the marked fields.',
      details: {
        fieldErrors: {
          'proposal.parameters.sagittalDepth': [expect.stringContaining('between')],
          'proposal.parameters.sphere': [expect.stringContaining('steps')],
        },
      },
    });
    expect((await f.deps.consults.get(consult.consultId))!.status).toBe('new');
    expect(f.notices()).toEqual([]);
  });

  it('an unknown consult is not-found', async () => {
    expect(await refusal(replyToConsult(lab, reply(uuid(999), 0), f.deps))).toEqual({
      status: 'not-found',
      message: CONSULT_NOT_FOUND,
    });
  });
});

describe("linkConsultToAccount: a visitor's request joins its practice", () => {
  it('links a lead to an existing practice, which then lists it; recorded in the audit log', async () => {
    const unlinked = await storedLead(f);
    const linked = await linkConsultToAccount(
      linkConsultInputSchema.parse({ consultId: unlinked.consultId, version: 0, accountNumber: 'acc-a' }),
      f.deps,
    );
    expect(linked).toMatchObject({ accountNumber: A, version: 1 });
    const page = await listAccountConsults(
      practice,
      listAccountConsultsInputSchema.parse({ accountNumber: A }),
      f.deps,
    );
    expect(page.items.map((c) => c.consultId)).toEqual([unlinked.consultId]);
    expect(f.changes).toMatchObject([{ action: 'consult.link', accountNumber: A }]);
  });

  it("a practice's own request, an ordered lead, an unknown practice and a stale version are refused", async () => {
    const own = await storedConsult(f);
    expect(
      await refusal(linkConsultToAccount({ consultId: own.consultId, version: 0, accountNumber: B }, f.deps)),
    ).toEqual({
      status: 'aborted',
      message: ONLY_LEADS_LINK,
    });
    const ordered = await storedLead(f, { status: 'ordered' });
    expect(
      await refusal(linkConsultToAccount({ consultId: ordered.consultId, version: 0, accountNumber: B }, f.deps)),
    ).toEqual({
      status: 'aborted',
      message: ORDERED_LEAD_STAYS,
    });
    const unlinked = await storedLead(f);
    const error = await linkConsultToAccount(
      { consultId: unlinked.consultId, version: 0, accountNumber: 'NOPE-1' },
      f.deps,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 'invalid-argument',
      details: { fieldErrors: { accountNumber: [NO_SUCH_PRACTICE] } },
    });
    expect(
      await refusal(linkConsultToAccount({ consultId: unlinked.consultId, version: 3, accountNumber: B }, f.deps)),
    ).toEqual({
      status: 'aborted',
      message: CHANGED_MESSAGES.consult,
    });
    expect(f.changes).toEqual([]);
  });
});
