import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import type { AccountRequest } from '../../../core/schemas/account-requests';
import type { AccountRequestsRepository } from '../../../lambdas/ports/account-requests-repository';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import type { NoticeOutbox } from '../../../lambdas/ports/notice-outbox';
import { contractNotice, refusalOf } from './contract-helpers';

/** A request as a signed-up user sends it, under an id unique to the run (the table is shared). */
export function accountRequest(overrides: Partial<AccountRequest> = {}): AccountRequest {
  const userId = overrides.userId ?? randomUUID();
  return {
    requestId: userId,
    userId,
    userEmail: `${userId.slice(0, 8)}@contract.test`,
    practiceName: 'Contract Eye Care',
    contactName: 'Ann Contract',
    email: 'office@contract.test',
    phone: '555-0100',
    address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    stateLicenseNumber: 'TX-1',
    buyingGroupId: 'vision-source',
    status: 'pending',
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const decision = { decidedAt: '2024-02-01T10:00:00.000Z', decidedBy: 'admin@lab.test' };

/**
 * The AccountRequestsRepository rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB
 * adapter both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and
 * tests/integration/port-contracts.test.ts.
 */
export function accountRequestsRepositoryContract(
  label: string,
  make: () => AccountRequestsRepository,
  /** Where the repository stores the notices of its writes. */
  outboxOf: (requests: AccountRequestsRepository) => Pick<NoticeOutbox, 'get'>,
) {
  describe(`${label}: the account requests repository contract`, () => {
    it('createOpen stores a first request and get answers it; an unknown id reads as null', async () => {
      const requests = make();
      const request = accountRequest();
      expect(await requests.createOpen(request)).toEqual({ created: true, request });
      expect(await requests.get(request.requestId)).toEqual(request);
      expect(await requests.get(randomUUID())).toBeNull();
    });

    it('a second request under a pending or approved id is not stored: the stored one is answered', async () => {
      const requests = make();
      const first = accountRequest();
      await requests.createOpen(first);
      const again = { ...first, practiceName: 'Second Try' };
      expect(await requests.createOpen(again)).toEqual({ created: false, request: first });
      const approved = await requests.decide(first.requestId, {
        ...decision,
        status: 'approved',
        accountNumber: 'BV-1',
      });
      expect(await requests.createOpen(again)).toEqual({ created: false, request: approved });
    });

    it('a rejected request may be replaced by a new one', async () => {
      const requests = make();
      const first = accountRequest();
      await requests.createOpen(first);
      await requests.decide(first.requestId, { ...decision, status: 'rejected', rejectionReason: 'No license' });
      const second = { ...first, practiceName: 'With License', createdAt: '2024-03-01T10:00:00.000Z' };
      expect(await requests.createOpen(second)).toEqual({ created: true, request: second });
      expect(await requests.get(first.requestId)).toEqual(second);
    });

    it("decide records the decision on a pending request; a decided one is 'changed', an unknown one 'missing'", async () => {
      const requests = make();
      const request = accountRequest();
      await requests.createOpen(request);
      const approved = await requests.decide(request.requestId, {
        ...decision,
        status: 'approved',
        accountNumber: 'BV-1001',
      });
      const expected = {
        ...request,
        ...decision,
        status: 'approved',
        accountNumber: 'BV-1001',
        updatedAt: decision.decidedAt,
      };
      expect(approved).toEqual(expected);
      expect(await requests.get(request.requestId)).toEqual(expected);
      const late = await refusalOf(requests.decide(request.requestId, { ...decision, status: 'rejected' }));
      expect(late).toBeInstanceOf(WriteRefused);
      expect((late as WriteConflict).reason).toBe('changed');
      const missing = await refusalOf(requests.decide(randomUUID(), { ...decision, status: 'rejected' }));
      expect((missing as WriteConflict).reason).toBe('missing');
    });

    it('createOpen and decide store their notices with the change', async () => {
      const requests = make();
      const request = accountRequest();
      const [received, approved] = [contractNotice(), contractNotice()];
      await requests.createOpen(request, [received]);
      await requests.decide(request.requestId, { ...decision, status: 'approved', accountNumber: 'BV-1' }, [approved]);
      for (const notice of [received, approved])
        expect(await outboxOf(requests).get(notice.messageId)).toMatchObject({
          notice: notice.notice,
          state: 'pending',
        });
    });

    it('a refused write stores no notice: a request under an open id, a decision on a decided request', async () => {
      const requests = make();
      const request = accountRequest();
      await requests.createOpen(request);
      const [again, late] = [contractNotice(), contractNotice()];
      expect((await requests.createOpen({ ...request, practiceName: 'Again' }, [again])).created).toBe(false);
      await requests.decide(request.requestId, { ...decision, status: 'rejected' });
      await refusalOf(
        requests.decide(request.requestId, { ...decision, status: 'approved', accountNumber: 'X-1' }, [late]),
      );
      expect(await outboxOf(requests).get(again.messageId)).toBeNull();
      expect(await outboxOf(requests).get(late.messageId)).toBeNull();
    });

    it('a status list is oldest first, pages with cursors, and holds no other status', async () => {
      const requests = make();
      const days = [3, 1, 2];
      const made = days.map((day) => accountRequest({ createdAt: `2001-01-0${day}T10:00:00.000Z` }));
      for (const request of made) await requests.createOpen(request);
      const decided = accountRequest({ createdAt: '2001-01-04T10:00:00.000Z' });
      await requests.createOpen(decided);
      await requests.decide(decided.requestId, { ...decision, status: 'rejected' });
      const ids = new Set([...made, decided].map((r) => r.requestId));
      const pending: AccountRequest[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 500; pages++) {
        const page = await requests.listByStatus('pending', { limit: 2, cursor });
        pending.push(...page.items);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(pending.filter((r) => ids.has(r.requestId)).map((r) => r.createdAt)).toEqual(
        [1, 2, 3].map((day) => `2001-01-0${day}T10:00:00.000Z`),
      );
    });

    it('a cursor from another status, or not made by the list, is refused as invalid input', async () => {
      const requests = make();
      for (const request of [accountRequest(), accountRequest()]) await requests.createOpen(request);
      const page = await requests.listByStatus('pending', { limit: 1 });
      expect(page.nextCursor).not.toBeNull();
      for (const [status, cursor] of [
        ['approved', page.nextCursor!],
        ['pending', 'not-a-cursor'],
      ] as const) {
        const refused = await refusalOf(requests.listByStatus(status, { limit: 1, cursor }));
        expect(refused).toBeInstanceOf(AppError);
        expect((refused as AppError).status).toBe('invalid-argument');
      }
    });
  });
}
