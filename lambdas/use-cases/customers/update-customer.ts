import type * as z from '../../../core/zod';
import type { CustomerDetail, updateCustomerInputSchema } from '../../../core/schemas/customers/customer-admin';
import type { RecordChanges } from '../../ports/record-changes';
import { requireKnownBuyingGroup, type PracticeWriteDeps } from './buying-group-check';
import { practiceWriteError } from './customer-errors';

/**
 * `updateCustomer` (super admins): the given fields change, in one conditional write on `version`. A
 * practice someone else changed since it was read is refused with 409 "This practice changed since you
 * opened it. Reload to see the latest." and nothing is written.
 */
export async function updateCustomer(
  input: z.output<typeof updateCustomerInputSchema>,
  deps: PracticeWriteDeps<'update'>,
): Promise<CustomerDetail> {
  const { accountNumber, version, ...fields } = input;
  if (fields.buyingGroupId)
    await requireKnownBuyingGroup(
      fields.buyingGroupId,
      deps.referenceData,
      async () => (await deps.customers.get(accountNumber))?.buyingGroupId,
    );
  const changes: Required<RecordChanges<CustomerDetail>> = { set: {}, remove: [] };
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
    if (value === undefined) continue;
    // '' (fax) and null (billing address, buying group) clear a field.
    if (value === '' || value === null) changes.remove.push(key);
    else (changes.set as Record<string, unknown>)[key] = value;
  }
  // Read for the audit log's "before": the write is conditional on `version`, so when it succeeds this read
  // is exactly what it replaced.
  const before = deps.audit ? await deps.customers.get(accountNumber) : null;
  const updated = await deps.customers.update(accountNumber, changes, version).catch(practiceWriteError);
  await deps.audit?.recordChange({
    action: 'practice.update',
    target: { type: 'practice', id: updated.accountNumber },
    accountNumber: updated.accountNumber,
    before,
    after: updated,
  });
  return updated;
}
