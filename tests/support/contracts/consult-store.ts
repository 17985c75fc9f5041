import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import { CONSULT_REFERENCE_PATTERN } from '../../../core/rules/consult-reference';
import { DEFAULT_TROUBLESHOOTER_SETTINGS, type Consult } from '../../../core/schemas/consults';
import {
  consultRefusals,
  type ConsultWriteRefused,
  newConsultReference,
  type ConsultantSettingsStore,
  type ConsultStore,
} from '../../../lambdas/ports/consult-store';
import { outboxMessage } from '../../../lambdas/kernel/outbox';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { allPages, contractNotice, refusalOf } from './contract-helpers';

/** A stored consult's fields as a use case hands them to `create` (no reference yet). */
export function consultFields(overrides: Partial<Omit<Consult, 'reference'>> = {}): Omit<Consult, 'reference'> {
  const at = overrides.createdAt ?? new Date().toISOString();
  return {
    consultId: randomUUID(),
    source: 'practice',
    accountNumber: 'ACC-A',
    requester: { userId: 'u-ann', name: 'Ann Test', email: 'ann@a.test' },
    patient: 'PT-1',
    eye: 'OD',
    currentLens: { designName: 'Ampleye', parameters: { sagittalDepth: 4300 } },
    suggestions: [],
    question: 'Too much clearance?',
    status: 'new',
    orderIds: [],
    createdAt: at,
    statusAt: at,
    updatedAt: at,
    version: 0,
    ...overrides,
  };
}

/**
 * The ConsultStore and ConsultantSettingsStore rules both the in-memory fakes and the DynamoDB adapters keep.
 * Written for a shared table: ids, accounts and references are unique per run.
 */
export function consultStoreContract(
  label: string,
  make: () => {
    consults: ConsultStore;
    settings: () => ConsultantSettingsStore;
    /** The store drawing its references from `newReference` (to make two draws collide). */
    drawing: (newReference: () => string) => ConsultStore;
    /** Where `consults` stores the notices of its writes. */
    outbox: Pick<NoticeOutbox, 'get'>;
  },
) {
  describe(`${label}: the consult store contract`, () => {
    const account = () => `CT-${randomUUID().slice(0, 8)}`.toUpperCase();
    const clock = { now: () => new Date() };

    it('create gives each consult a random reference, not a counter, and stores it', async () => {
      const { consults } = make();
      const first = await consults.create(consultFields());
      const second = await consults.create(consultFields());
      expect(first.reference).toMatch(CONSULT_REFERENCE_PATTERN);
      expect(second.reference).toMatch(CONSULT_REFERENCE_PATTERN);
      expect(second.reference).not.toBe(first.reference);
      expect(await consults.get(first.consultId)).toEqual(first);
    });

    it('a reference already taken is drawn again, so no two consults share one', async () => {
      const taken = newConsultReference();
      const fresh = newConsultReference();
      const draws = [taken, taken, fresh];
      const consults = make().drawing(() => draws.shift() ?? newConsultReference());
      const first = await consults.create(consultFields());
      const second = await consults.create(consultFields());
      expect(first.reference).toBe(taken);
      expect(second.reference).toBe(fresh);
      expect((await consults.get(second.consultId))?.reference).toBe(fresh);
    });

    it('creates at the same moment all get different references', async () => {
      const { consults } = make();
      const created = await Promise.all(Array.from({ length: 6 }, () => consults.create(consultFields())));
      expect(new Set(created.map((c) => c.reference)).size).toBe(6);
    });

    it("create refuses an id that exists ('consult') and leaves the stored consult as it was", async () => {
      const { consults } = make();
      const stored = await consults.create(consultFields());
      const again = await refusalOf(consults.create(consultFields({ consultId: stored.consultId, patient: 'other' })));
      expect(consultRefusals.is(again)).toBe(true);
      expect((again as ConsultWriteRefused).reason).toBe('consult');
      expect(await consults.get(stored.consultId)).toEqual(stored);
    });

    it('create stores its notices, made from the consult as stored (its reference), in the same write', async () => {
      const { consults, outbox } = make();
      let messageId = '';
      const stored = await consults.create(consultFields(), (consult) => {
        const message = outboxMessage(clock, 'consult', { kind: 'consult-received', consult });
        messageId = message.messageId;
        return [message];
      });
      expect(await outbox.get(messageId)).toMatchObject({
        topic: 'consult',
        notice: { kind: 'consult-received', consult: stored },
        state: 'pending',
      });
    });

    it('a refused write stores no notice: a create on an id that exists, an update on a stale version', async () => {
      const { consults, outbox } = make();
      const stored = await consults.create(consultFields());
      const created = contractNotice();
      await refusalOf(consults.create(consultFields({ consultId: stored.consultId }), () => [created]));
      const answered = contractNotice();
      await refusalOf(consults.update({ ...stored, status: 'answered', version: 1 }, 3, [answered]));
      expect(await outbox.get(created.messageId)).toBeNull();
      expect(await outbox.get(answered.messageId)).toBeNull();
      expect(await consults.get(stored.consultId)).toEqual(stored);
    });

    it('update stores its notices with the change', async () => {
      const { consults, outbox } = make();
      const stored = await consults.create(consultFields());
      const answered: Consult = { ...stored, status: 'answered', version: 1 };
      const message = outboxMessage(clock, 'consult', { kind: 'consult-answered', consult: answered });
      await consults.update(answered, 0, [message]);
      expect(await outbox.get(message.messageId)).toMatchObject({ topic: 'consult', notice: message.notice });
    });

    it('an unknown id reads as null', async () => {
      expect(await make().consults.get(randomUUID())).toBeNull();
    });

    it('update replaces the consult only at the expected version', async () => {
      const { consults } = make();
      const stored = await consults.create(consultFields());
      const answered: Consult = { ...stored, status: 'answered', version: 1 };
      const stale = await refusalOf(consults.update({ ...answered, patient: 'stale' }, 5));
      expect((stale as ConsultWriteRefused).reason).toBe('consult');
      await consults.update(answered, 0);
      expect(await consults.get(stored.consultId)).toEqual(answered);
      expect(((await refusalOf(consults.update(answered, 0))) as ConsultWriteRefused).reason).toBe('consult');
    });

    it("a practice's list is newest first, pages with cursors, and holds no other account's consult or lead", async () => {
      const { consults } = make();
      const mine = account();
      const times = ['2024-01-01', '2024-03-01', '2024-02-01', '2024-05-01', '2024-04-01'];
      for (const day of times)
        await consults.create(consultFields({ accountNumber: mine, createdAt: `${day}T10:00:00.000Z` }));
      await consults.create(consultFields({ accountNumber: account() }));
      const { accountNumber: _none, ...lead } = consultFields({ source: 'public' });
      await consults.create(lead);

      const first = await consults.listByAccount(mine, { limit: 2 });
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const all = await allPages((cursor) => consults.listByAccount(mine, { limit: 2, cursor }));
      expect(all.map((c) => c.createdAt.slice(0, 10))).toEqual([...times].sort().reverse());
      expect(all.every((c) => c.accountNumber === mine)).toBe(true);
    });

    it("a cursor from another practice's list is refused as invalid input", async () => {
      const { consults } = make();
      const mine = account();
      for (let i = 0; i < 3; i++) await consults.create(consultFields({ accountNumber: mine }));
      const page = await consults.listByAccount(mine, { limit: 1 });
      const refused = await refusalOf(consults.listByAccount(account(), { limit: 1, cursor: page.nextCursor! }));
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe('invalid-argument');
    });

    it('counts an account’s consults waiting for the lab, per requester too, up to atMost (docs/decisions/0088-open-consults-are-capped.md)', async () => {
      const { consults } = make();
      const mine = account();
      for (let i = 0; i < 3; i++) await consults.create(consultFields({ accountNumber: mine }));
      await consults.create(
        consultFields({ accountNumber: mine, requester: { userId: 'u-bob', name: 'Bob', email: 'bob@a.test' } }),
      );
      await consults.create(consultFields({ accountNumber: mine, status: 'answered' }));
      await consults.create(consultFields({ accountNumber: account() }));

      expect(await consults.countWaiting(mine, { atMost: 50 })).toBe(4);
      expect(await consults.countWaiting(mine, { atMost: 50, requesterId: 'u-ann' })).toBe(3);
      expect(await consults.countWaiting(mine, { atMost: 2 })).toBe(2);
      expect(await consults.countWaiting(account(), { atMost: 50 })).toBe(0);
    });

    it("the lab's queue is one status, oldest first, leads included", async () => {
      const { consults } = make();
      const mark = account();
      const made = [
        consultFields({ accountNumber: mark, createdAt: '2001-01-03T00:00:00.000Z' }),
        consultFields({ accountNumber: mark, createdAt: '2001-01-01T00:00:00.000Z', status: 'answered' }),
        consultFields({ accountNumber: mark, createdAt: '2001-01-02T00:00:00.000Z' }),
      ];
      const { accountNumber: _none, ...lead } = consultFields({
        source: 'public',
        createdAt: '2001-01-02T12:00:00.000Z',
      });
      for (const fields of [...made, lead]) await consults.create(fields);
      const ids = new Set([...made, lead].map((c) => c.consultId));

      const waiting = (await allPages((cursor) => consults.listByStatus('new', { limit: 3, cursor }))).filter((c) =>
        ids.has(c.consultId),
      );
      expect(waiting.map((c) => c.createdAt)).toEqual([
        '2001-01-02T00:00:00.000Z',
        '2001-01-02T12:00:00.000Z',
        '2001-01-03T00:00:00.000Z',
      ]);
      const answered = await allPages((cursor) => consults.listByStatus('answered', { limit: 50, cursor }));
      expect(answered.filter((c) => ids.has(c.consultId)).map((c) => c.consultId)).toEqual([made[1]!.consultId]);
    });
  });

  describe(`${label}: the consultant settings store contract`, () => {
    it('reads the defaults at version 0 before anything is saved', async () => {
      expect(await make().settings().get()).toEqual(DEFAULT_TROUBLESHOOTER_SETTINGS);
    });

    it('saves on the version read, counts it up, and refuses a save on a version someone else replaced', async () => {
      const settings = make().settings();
      const first = { ...DEFAULT_TROUBLESHOOTER_SETTINGS, targetClearanceUm: 250, version: 1 };
      expect(await settings.put(first, 0)).toBe(true);
      expect(await settings.get()).toMatchObject({ targetClearanceUm: 250, version: 1 });
      // A second editor who read version 0 too.
      expect(await settings.put({ ...first, targetClearanceUm: 200 }, 0)).toBe(false);
      expect(await settings.put({ ...first, sagStepUm: 25, version: 2 }, 1)).toBe(true);
      expect(await settings.get()).toMatchObject({ targetClearanceUm: 250, sagStepUm: 25, version: 2 });
    });
  });
}
