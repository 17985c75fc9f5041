import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import type { CustomerDetail } from '../../../core/schemas/customers/customer-admin';
import type { CustomersRepository } from '../../../lambdas/ports/customers-repository';
import { type WriteConflict } from '../../../lambdas/ports/write-conflict';
import { WriteRefused } from '../../../lambdas/kernel/write-refused';
import { foldForSearch } from '../../../lambdas/search/customer-sort-key';
import { refusalOf } from './contract-helpers';

const accountNumber = () => `CC-${randomUUID().slice(0, 8)}`.toUpperCase();

/** A practice as the lab creates it, with an account number unique to the run. */
export function practice(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    accountNumber: accountNumber(),
    company: 'Contract Eye Care',
    phone: '555-0100',
    shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    pricingAllowed: true,
    status: 'active',
    additionalAccounts: [],
    version: 0,
    ...overrides,
  } as CustomerDetail;
}

/**
 * The CustomersRepository rules the in-memory fake (tests/support/in-memory-ports.ts) and the DynamoDB adapter
 * both keep: run from tests/unit/lambdas/contracts/ports.test.ts (fake) and tests/integration/port-contracts.test.ts.
 * Lists are searched by a name prefix unique to each test, since the table is shared.
 */
export function customersRepositoryContract(label: string, make: () => CustomersRepository) {
  describe(`${label}: the customers repository contract`, () => {
    it('create stores the practice at version 0 and get answers it; an unknown account reads as null', async () => {
      const customers = make();
      const record = practice();
      await customers.create(record);
      expect(await customers.get(record.accountNumber)).toMatchObject({ ...record, version: 0 });
      expect(await customers.get(accountNumber())).toBeNull();
    });

    it("create refuses a taken account number ('exists') and leaves the practice as it was", async () => {
      const customers = make();
      const record = practice();
      await customers.create(record);
      const again = await refusalOf(customers.create({ ...record, company: 'Other' }));
      expect(again).toBeInstanceOf(WriteRefused);
      expect((again as WriteConflict).reason).toBe('exists');
      expect(await customers.get(record.accountNumber)).toMatchObject({ company: 'Contract Eye Care' });
    });

    it("update applies changes at the expected version and counts it up; 'changed' and 'missing' otherwise", async () => {
      const customers = make();
      const record = practice({ faxNumber: '555-0199' } as Partial<CustomerDetail>);
      await customers.create(record);
      const updated = await customers.update(
        record.accountNumber,
        { set: { company: 'Renamed Eye Care', accountNumber: 'FORGED', version: 9 }, remove: ['faxNumber'] },
        0,
      );
      expect(updated).toMatchObject({ accountNumber: record.accountNumber, company: 'Renamed Eye Care', version: 1 });
      expect(updated).not.toHaveProperty('faxNumber');
      expect(await customers.get('FORGED')).toBeNull();
      const stale = await refusalOf(customers.update(record.accountNumber, { set: { phone: '555-0111' } }, 0));
      expect((stale as WriteConflict).reason).toBe('changed');
      const missing = await refusalOf(customers.update(accountNumber(), { set: { phone: '555-0111' } }, 0));
      expect((missing as WriteConflict).reason).toBe('missing');
    });

    it('a new practice has no linked users', async () => {
      const customers = make();
      const record = practice();
      await customers.create(record);
      expect(await customers.linkedUserIds(record.accountNumber)).toEqual([]);
    });

    it('list finds a status by folded name prefix in name order, pages with cursors, and leaves out other statuses', async () => {
      const customers = make();
      const tag = `Zq${randomUUID().slice(0, 6)}`;
      const names = [`${tag} Éclat Vision`, `${tag} ALPHA Optics`, `${tag}  beta  eyes`, `${tag} Delta`];
      for (const company of names) await customers.create(practice({ company }));
      await customers.create(practice({ company: `${tag} Gamma`, status: 'inactive' } as Partial<CustomerDetail>));
      const namePrefix = foldForSearch(tag);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await customers.list({ status: 'active', namePrefix, limit: 2, cursor });
        seen.push(...answer.items.map((c) => c.company));
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      expect(seen).toEqual([names[1], names[2], names[3], names[0]]);
    });

    it('a cursor from another list, or not made by the list, is refused as invalid input', async () => {
      const customers = make();
      const tag = `Zq${randomUUID().slice(0, 6)}`;
      for (const company of [`${tag} One`, `${tag} Two`]) await customers.create(practice({ company }));
      const first = await customers.list({ status: 'active', namePrefix: foldForSearch(tag), limit: 1 });
      expect(first.nextCursor).not.toBeNull();
      for (const query of [
        { status: 'inactive', namePrefix: foldForSearch(tag), limit: 1, cursor: first.nextCursor! },
        { status: 'active', namePrefix: 'other', limit: 1, cursor: first.nextCursor! },
        { status: 'active', limit: 1, cursor: 'not-a-cursor' },
      ]) {
        const refused = await refusalOf(customers.list(query));
        expect(refused).toBeInstanceOf(AppError);
        expect((refused as AppError).status).toBe('invalid-argument');
      }
    });
  });
}
